// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// A scheduler that gives each `receive(on:)` subscription an ordered lane of its own, which may
/// deliver inline when the caller already runs where the scheduler would run the work.
///
/// The seam through which `Signals`' `MainActorScheduler` (declared above this module, since it
/// also serves Apple's Combine) gets its fast path in this module's `receive(on:)`: a value sent
/// on the main actor is delivered before `send` returns, with no closure and no hop.
package protocol LaneScheduler {
  /// A new lane, for one subscription.
  static func makeLane() -> any SchedulerLane
}

/// One subscription's ordered lane onto a scheduler (see ``LaneScheduler``).
package protocol SchedulerLane: AnyObject, Sendable {
  /// Runs `action` on the lane, after whatever the lane already holds.
  func schedule(_ action: @escaping () -> Void)

  /// Returns `true` when the caller may deliver inline, now (it runs where the lane would run the
  /// work, and the lane holds nothing); otherwise schedules `makeAction()` and returns `false`.
  func runsInlineOrSchedules(_ makeAction: () -> () -> Void) -> Bool
}
#endif
