// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport

/// Search as you type: keystrokes are debounced by 300 ms so the server is queried only when the
/// user pauses. Keystrokes arrive on a serial queue at the times printed; the debounced searches
/// are delivered on that same queue (the scheduler given to `debounce`). In tests, the same
/// pipeline runs on `DispatchQueue.test` from `SignalsTesting`, with no waiting at all (see
/// Documentation/Guides/Schedulers.md).
let schedulersScene = Scene(title: "Search as you type, debounced on a dispatch queue") {
  let queue = DispatchQueue(label: "signals-demo.search")
  let query = PassthroughSubject<String, Never>()
  let keystrokes: [(at: Int, text: String)] = [
    (0, "s"), (100, "sw"), (200, "swi"), (900, "swif"), (1_000, "swift"),
  ]

  let searchCount = LockedState.make(0)
  var cancellable: AnyCancellable?
  await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
    cancellable =
      query
      .debounce(for: .milliseconds(300), scheduler: queue)
      .sink { text in
        print("  300 ms without typing: search the server for \"\(text)\"")
        let count = searchCount.withLock { count -> Int in
          count += 1
          return count
        }
        if count == 2 { finished.resume() }
      }
    let start = queue.now
    for keystroke in keystrokes {
      queue.schedule(after: start.advanced(by: .milliseconds(keystroke.at))) {
        print("  [t=\(keystroke.at) ms] typed \"\(keystroke.text)\"")
        query.send(keystroke.text)
      }
    }
  }
  cancellable?.cancel()
  print("  5 keystrokes, 2 searches")
}
