// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// A closure handed to a platform API that wants a `@Sendable` one.
///
/// `Scheduler`'s methods take plain `() -> Void` closures, as Combine's do, so code written for
/// Combine compiles unchanged. A scheduler runs the closure on the thread it stands for; moving it
/// there is the scheduler's contract, which the compiler cannot see.
package struct ScheduledAction: @unchecked Sendable {
  // Safety: the closure is only run, once per scheduled execution, by the scheduler it was given
  // to; that is the `Scheduler` contract Combine code is written against.
  package let run: () -> Void

  package init(_ run: @escaping () -> Void) {
    self.run = run
  }
}
