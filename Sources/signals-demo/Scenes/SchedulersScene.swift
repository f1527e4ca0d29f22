// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
import SignalsTesting

/// Search as you type: keystrokes are debounced by 300 ms so the server is queried only when the
/// user pauses. The scene runs on a `TestScheduler`, so the times printed are virtual, exact and
/// the same on every run, and the scene takes no real time at all.
let schedulersScene = Scene(title: "Search as you type, debounced on virtual time") {
  let scheduler = DispatchQueue.test
  let start = scheduler.now
  let clock = { () -> String in
    let elapsed = start.distance(to: scheduler.now).magnitude / 1_000_000
    return "t=\(elapsed) ms"
  }

  let query = PassthroughSubject<String, Never>()
  let searches =
    query
    .debounce(for: .milliseconds(300), scheduler: scheduler)
    .sink { print("  [\(clock())] search the server for \"\($0)\"") }

  let keystrokes: [(at: Int, text: String)] = [
    (0, "s"), (120, "sw"), (250, "swi"), (900, "swif"), (1_000, "swift"),
  ]
  for keystroke in keystrokes {
    scheduler.advance(to: start.advanced(by: .milliseconds(keystroke.at)))
    print("  [\(clock())] typed \"\(keystroke.text)\"")
    query.send(keystroke.text)
  }
  scheduler.advance(by: .seconds(1))
  print("  [\(clock())] done: 5 keystrokes, 2 searches")
  searches.cancel()
}
