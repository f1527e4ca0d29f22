// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Foundation
import Testing

/// Runs `work` on its own thread and fails the test with `message` if it has not returned within
/// `seconds` — the stress suite's guard against deadlock. The limit is generous: it only has to
/// tell "stuck" from "slow under ThreadSanitizer".
func withWatchdog(
  _ message: String, seconds: Double = 120, sourceLocation: SourceLocation = #_sourceLocation,
  _ work: @escaping @Sendable () -> Void
) {
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    work()
    done.signal()
  }
  thread.stackSize = 1 << 22
  thread.start()
  if done.wait(timeout: .now() + seconds) == .timedOut {
    Issue.record(
      "deadlock suspected: \(message) did not finish within \(Int(seconds)) s", sourceLocation: sourceLocation)
  }
}

/// Runs `count` closures at once, each on its own thread, and returns when all have finished.
func runConcurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  DispatchQueue.concurrentPerform(iterations: count, execute: body)
}
