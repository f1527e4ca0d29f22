// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport

extension TestScheduler {
  /// Moves the clock forward by `duration` like ``advance(by:)``, and after each instant's work
  /// waits until the asynchronous work that it made runnable has run, so the method returns only
  /// when everything is quiet.
  ///
  /// "Asynchronous work" is what Signals itself hands to a task: each value or completion an
  /// `asyncSink` receives, each input of `asyncMap`, `tryAsyncMap` and `flatMap(maxTasks:)` (with
  /// the delivery of its result), and the operation of `Future(priority:operation:)`. Work
  /// counts when it is started by scheduled work, by other counted work, or inside
  /// ``tracking(_:)``. Results that such work schedules on this scheduler run too, at their
  /// instant, before the clock moves on. No `Task.yield()` counting, no sleeps: the wait ends when
  /// the last piece of counted work is done.
  ///
  /// ```swift
  /// @Test func searchesAfterTheUserPauses() async {
  ///   let scheduler = DispatchQueue.test
  ///   let model = SearchModel(scheduler: scheduler, service: .stub(["Swift"]))
  ///   model.query.send("sw")
  ///   await scheduler.advanceAndSettle(by: .milliseconds(300))
  ///   #expect(model.results == ["Swift"])  // the async service has answered
  /// }
  /// ```
  ///
  /// - Important: Work Signals cannot see is not waited for: a task your own code creates, the
  ///   `AsyncSequence` publisher's reads of your sequence, and the consumers of `values` or
  ///   `stream()`. Counted work that never finishes (an awaited service that never answers) makes
  ///   this method wait for it; give the test a `.timeLimit`.
  ///
  /// - Parameter duration: How far to move the clock; zero runs what is due now and settles.
  public func advanceAndSettle(by duration: SchedulerTimeType.Stride = .zero) async {
    await advanceAndSettle(to: now.advanced(by: duration))
  }

  /// Moves the clock to `instant` like ``advance(to:)``, settling the asynchronous work after each
  /// instant's work; see ``advanceAndSettle(by:)``.
  ///
  /// ```swift
  /// let start = scheduler.now
  /// await scheduler.advanceAndSettle(to: start.advanced(by: .seconds(5)))
  /// ```
  ///
  /// - Parameter instant: The target time.
  public func advanceAndSettle(to instant: SchedulerTimeType) async {
    while true {
      await workTracker.waitUntilIdle()
      guard let due = nextDate, due <= Swift.max(instant, now) else { break }
      WorkTracker.$current.withValue(workTracker) { advance(to: due) }
    }
    advance(to: instant)
  }

  /// Runs `body` with this scheduler counting the asynchronous work it starts, so a later
  /// ``advanceAndSettle(by:)`` waits for it too: wrap the sends a test makes directly.
  ///
  /// ```swift
  /// scheduler.tracking { model.save.send() }   // the save runs in an asyncSink
  /// await scheduler.advanceAndSettle()
  /// #expect(model.isSaved)
  /// ```
  ///
  /// - Parameter body: The code whose asynchronous work to count.
  /// - Returns: What `body` returns.
  public func tracking<Result>(_ body: () throws -> Result) rethrows -> Result {
    try WorkTracker.$current.withValue(workTracker, operation: body)
  }
}
