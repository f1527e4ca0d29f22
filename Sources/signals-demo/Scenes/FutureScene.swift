// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals

/// A profile is fetched once with a `Future` resolved on a background thread; the header screen
/// subscribes while the fetch runs, a detail screen subscribes later and gets the same result
/// replayed, without a second fetch.
let futureScene = Scene(title: "A profile fetched once, shown by an early and a late screen") {
  // Stands for a slow network: the reply arrives only once the scene lets it.
  let serverReplies = DispatchSemaphore(value: 0)
  print("  creating the Future starts the fetch at once")
  let profile = Future<String, Never> { promise in
    // A promise may be fulfilled from any thread, but Apple's Combine declares it a plain closure,
    // not `@Sendable`: Swift 6 code hands it to another thread in a box that says so (Signals'
    // own `Future(priority:operation:)` needs none).
    let reply = PromiseHandoff(promise)
    DispatchQueue.global().async {
      serverReplies.wait()
      print("  the server answers, on a background thread")
      reply.promise(.success("Ada Lovelace (1815)"))
      reply.promise(.success("ignored: only the first answer counts"))
    }
  }

  var screens = Set<AnyCancellable>()
  print("  the header screen subscribes while the fetch is in flight")
  await withCheckedContinuation { (fetched: CheckedContinuation<Void, Never>) in
    profile
      .sink(
        receiveCompletion: { _ in fetched.resume() },
        receiveValue: { print("  header screen shows \($0)") }
      )
      .store(in: &screens)
    print("  the header screen is waiting; the server replies now")
    serverReplies.signal()
  }

  print("  later, a detail screen opens and subscribes")
  profile
    .sink(
      receiveCompletion: { print("  detail screen's subscription ends: \($0)") },
      receiveValue: { print("  detail screen shows \($0), replayed without a second fetch") }
    )
    .store(in: &screens)
  screens.removeAll()
}

/// A `Future`'s promise on its way to the thread that fulfils it.
private struct PromiseHandoff<Output, Failure: Error>: @unchecked Sendable {
  // Safety: Combine documents a promise as callable from any thread, once it counts; only Apple's
  // declaration of its type lacks `@Sendable`.
  let promise: Future<Output, Failure>.Promise

  init(_ promise: @escaping Future<Output, Failure>.Promise) {
    self.promise = promise
  }
}
