// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Signals
@_spi(Signals) import SignalsSupport

/// A thread that runs its own run loop until stopped, for tests of `RunLoop` scheduling and
/// `Timer` publishers (the main run loop does not run under `swift test`).
final class RunLoopThread: @unchecked Sendable {
  // Safety: `loop` is written once, on the new thread, before `ready` is signalled, and only read
  // after `init` has waited for that signal; `stopped` is a `LockedState`.
  private var loop: RunLoop?
  private let stopped = LockedState.make(false)

  init() {
    let ready = DispatchSemaphore(value: 0)
    let thread = Thread { [self] in
      let current = RunLoop.current
      // A far-off timer gives the loop a source, so `run(mode:before:)` waits instead of spinning.
      current.add(Timer(timeInterval: 3600, repeats: true) { _ in }, forMode: .default)
      loop = current
      ready.signal()
      while !stopped.withLock({ $0 }) {
        _ = current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
      }
    }
    thread.start()
    ready.wait()
  }

  /// The thread's run loop.
  var runLoop: RunLoop { loop! }

  /// Lets the thread end after its current run-loop pass.
  func stop() {
    stopped.withLock { $0 = true }
  }
}
