// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// Counts the asynchronous work that Signals itself started and that has not run yet, so that a
/// test can wait until all of it has run (SignalsTesting's `TestScheduler.advanceAndSettle`).
///
/// The bridges that hand work to a task of their own (`asyncSink`, `asyncMap` and its family,
/// `Future(priority:operation:)`) take a ``WorkTicket`` at the moment they make that work
/// runnable — synchronously, in the caller's thread — and the task frees the ticket once the
/// work, and the delivery of its result, is done. While any ticket is alive the tracker is busy.
///
/// A tracker is reached through the task-local ``current``: the test scheduler sets it while it
/// runs scheduled work, and the task that does a ticket's work runs with it set too (see
/// ``WorkTicket/perform(_:isolation:_:)``), so work that work starts is counted as well. When no
/// tracker is current — always, outside tests — taking a ticket costs one task-local read.
package final class WorkTracker {
  /// The tracker that work started now is counted by.
  @TaskLocal package static var current: WorkTracker?

  private struct State {
    var busy = 0
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = LockedState.make(State())

  /// Creates an idle tracker.
  package init() {}

  /// A ticket from the current tracker, or `nil` when none is current.
  package static func begin() -> WorkTicket? {
    guard let tracker = current else { return nil }
    tracker.state.withLock { $0.busy += 1 }
    return WorkTicket(tracker: tracker)
  }

  fileprivate func end() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.busy -= 1
      guard state.busy == 0 else { return [] }
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// How many tickets are alive.
  package var busyCount: Int {
    state.withLock { $0.busy }
  }

  /// Returns once no ticket is alive (at once if none is).
  package func waitUntilIdle() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isIdle = state.withLock { state -> Bool in
        guard state.busy > 0 else { return true }
        state.waiters.append(continuation)
        return false
      }
      if isIdle { continuation.resume() }
    }
  }
}

// Safety: all mutable state is in `state`, a `LockedState`; continuations are resumed after unlocking.
extension WorkTracker: @unchecked Sendable {}

/// One piece of runnable work counted by a ``WorkTracker``; the tracker counts it as done when the
/// ticket is freed, so work dropped unrun (a cancelled task's buffer) is never left counted.
package final class WorkTicket: Sendable {
  fileprivate let tracker: WorkTracker

  fileprivate init(tracker: WorkTracker) {
    self.tracker = tracker
  }

  deinit {
    tracker.end()
  }

  /// Runs `body` with the ticket's tracker current (so work it starts is counted) and keeps the
  /// ticket alive until `body` returns.
  package static func perform<Result>(
    _ ticket: WorkTicket?,
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Result
  ) async rethrows -> Result {
    guard let ticket else { return try await body() }
    defer { withExtendedLifetime(ticket) {} }
    return try await WorkTracker.$current.withValue(ticket.tracker, operation: body)
  }

  /// The synchronous twin of ``perform(_:isolation:_:)``.
  package static func perform<Result>(_ ticket: WorkTicket?, _ body: () throws -> Result) rethrows -> Result {
    guard let ticket else { return try body() }
    defer { withExtendedLifetime(ticket) {} }
    return try WorkTracker.$current.withValue(ticket.tracker, operation: body)
  }
}

/// A value handed to a task together with the ticket that counts its work.
package struct TrackedWork<Value: Sendable>: Sendable {
  /// The value.
  package let value: Value
  /// The ticket, when a tracker was current as the value arrived.
  package let ticket: WorkTicket?

  /// Pairs `value` with a ticket from the current tracker.
  package init(_ value: Value) {
    self.value = value
    ticket = WorkTracker.begin()
  }

  /// Pairs `value` with `ticket`: a result carries on its input's.
  package init(_ value: Value, ticket: WorkTicket?) {
    self.value = value
    self.ticket = ticket
  }
}
