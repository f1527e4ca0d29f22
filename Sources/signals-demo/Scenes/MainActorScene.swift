// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Signals

/// A news feed service publishes headlines from its own threads.
// Safety: its one property is a subject, which is thread-safe (Apple's Combine does not mark its
// subjects `Sendable`; Signals' own do).
final class NewsService: @unchecked Sendable {
  let headlines = PassthroughSubject<String, Never>()
}

/// A main-actor view model: after `receive(on: .mainActor)` the `sink` closure, which is the main
/// actor's, runs there, so it touches the model's state with no `assumeIsolated`, `Task` or `await`.
@MainActor final class NewsFeedViewModel: ObservableObject {
  @Published private(set) var headlines: [String] = []
  @Published private(set) var saved = 0
  private var subscriptions = Set<AnyCancellable>()

  init(service: NewsService) {
    service.headlines
      .receive(on: .mainActor)
      .sink { [weak self] in self?.headlines.append($0) }
      .store(in: &subscriptions)
    // The async bridge runs its closure on the caller's actor too.
    service.headlines
      .asyncSink { [weak self] _ in self?.saved += 1 }
      .store(in: &subscriptions)
  }
}

/// `receive(on: .mainActor)`: a headline sent on the main actor is on screen before `send`
/// returns; one sent from a background thread hops there, in order; and the async bridge keeps the
/// view model's actor.
let mainActorScene = Scene(title: "A main-actor view model fed from a background service") {
  await MainActorSceneRun.run()
}

@MainActor private enum MainActorSceneRun {
  static func run() async {
    let service = NewsService()
    let model = NewsFeedViewModel(service: service)
    let (changes, change) = AsyncStream.makeStream(of: Void.self)
    let watch = model.$headlines.dropFirst().sink { _ in change.yield() }
    var pending = changes.makeAsyncIterator()

    service.headlines.send("Main street reopens")
    print("  sent on the main actor; before send returned the screen shows: \(model.headlines)")
    _ = await pending.next()

    print("  two headlines arrive from the service's background thread")
    await Task.detached {
      service.headlines.send("Rain tomorrow")
      service.headlines.send("Library extends hours")
    }.value
    _ = await pending.next()
    _ = await pending.next()
    print("  delivered on the main actor, in order: \(model.headlines)")
    _ = await model.$saved.first { $0 == 3 }.firstValue
    print("  saved by the async sink, on the main actor too: \(model.saved)")
    print("  (a plain sink here, without receive(on: .mainActor), would stop the program on the first")
    print("   background headline: Swift 6 checks the main actor's closure where it runs, as with Combine)")
    watch.cancel()
  }
}
