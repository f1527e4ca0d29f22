// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Foundation
import Signals
@_spi(Signals) import SignalsSupport

/// A scheduler whose clock moves only when you move it, so tests of time-based code run
/// instantly and the same way every time.
///
/// Nothing scheduled on a `TestScheduler` runs until you call ``advance(by:)``,
/// ``advance(to:)`` or ``run()``. Advancing runs, in order, every piece of work that falls due
/// up to the new time, setting ``now`` to each one's date as it runs it. Work scheduled for the
/// same instant runs in the order it was scheduled, and work that is scheduled *while* advancing
/// runs too if it falls due before the target time.
///
/// ## A worked example: testing a search field
///
/// A search screen should query the server only when the user stops typing for 300 ms. In the
/// app the pipeline runs on the main queue; in the test it runs on `DispatchQueue.test`, which has
/// the same time type, so the code under test does not change:
///
/// ```swift
/// final class SearchModel {
///   let query = PassthroughSubject<String, Never>()
///   var searches: [String] = []
///   private var cancellable: AnyCancellable?
///
///   init<S: Scheduler>(scheduler: S) where S.SchedulerTimeType == DispatchQueue.SchedulerTimeType {
///     cancellable = query
///       .debounce(for: .milliseconds(300), scheduler: scheduler)
///       .sink { [weak self] in self?.searches.append($0) }
///   }
/// }
///
/// @Test func searchesOnlyOnceTypingPauses() {
///   let scheduler = DispatchQueue.test
///   let model = SearchModel(scheduler: scheduler)
///
///   model.query.send("s")
///   scheduler.advance(by: .milliseconds(100))   // typing goes on
///   model.query.send("sw")
///   scheduler.advance(by: .milliseconds(299))   // 1 ms short of the pause
///   #expect(model.searches == [])
///
///   scheduler.advance(by: .milliseconds(1))     // the pause is complete
///   #expect(model.searches == ["sw"])
/// }
/// ```
///
/// The test takes microseconds, not 400 ms, and cannot flake: there is no real clock in it.
///
/// ## Rules of virtual time
///
/// - ``schedule(options:_:)`` queues work for the current instant; it runs on the next
///   `advance`, including `advance()` by zero.
/// - A repeating schedule re-queues itself each time it runs, one `interval` later, until its
///   cancellable is cancelled. ``run()`` with a live repeating schedule never returns.
/// - Time never goes backwards: advancing to an instant before ``now`` only runs work already due.
/// - Cancelling work that has not run yet removes it.
///
/// It is safe to schedule, cancel and read ``now`` from any thread; the scheduled work itself runs
/// on the thread that calls `advance` or `run`, never while the scheduler's lock is held, so work
/// may schedule more work or cancel.
public final class TestScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
  /// One piece of queued work.
  private struct Work {
    /// Identifies the schedule call, for cancellation (a repetition keeps its id).
    let id: UInt64
    let date: SchedulerTimeType
    /// Set for repeating work.
    let interval: SchedulerTimeType.Stride?
    let action: () -> Void
  }

  private struct State {
    var now: SchedulerTimeType
    var nextID: UInt64 = 0
    /// Sorted by date; work with equal dates in the order it was queued.
    var queue: [Work] = []

    mutating func makeID() -> UInt64 {
      nextID += 1
      return nextID
    }

    mutating func enqueue(_ work: Work) {
      let index = queue.firstIndex { $0.date > work.date } ?? queue.endIndex
      queue.insert(work, at: index)
    }
  }

  private let state: LockedState<State>

  /// Counts the asynchronous work that scheduled work starts, for ``advanceAndSettle(by:)``.
  let workTracker = WorkTracker()

  /// Zero: virtual time is exact.
  public let minimumTolerance: SchedulerTimeType.Stride = .zero

  /// Creates a scheduler whose clock reads `now`.
  ///
  /// ```swift
  /// let scheduler = TestScheduler<DispatchQueue.SchedulerTimeType, DispatchQueue.SchedulerOptions>(
  ///   now: .init(.init(uptimeNanoseconds: 1)))
  /// ```
  ///
  /// - Parameter now: The starting time.
  public init(now: SchedulerTimeType) {
    state = .make(State(now: now))
  }

  /// The virtual current time.
  public var now: SchedulerTimeType {
    state.withLock { $0.now }
  }

  /// The date of the earliest queued work, or `nil` when nothing is queued.
  ///
  /// ```swift
  /// let scheduler = DispatchQueue.test
  /// scheduler.schedule(after: scheduler.now.advanced(by: .seconds(2))) {}
  /// print(scheduler.nextDate == scheduler.now.advanced(by: .seconds(2)))  // true
  /// ```
  public var nextDate: SchedulerTimeType? {
    state.withLock { $0.queue.first?.date }
  }

  /// Moves the clock forward by `duration`, running everything that falls due on the way.
  ///
  /// ```swift
  /// let scheduler = DispatchQueue.test
  /// scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { print("one second") }
  /// scheduler.advance(by: .milliseconds(999))  // nothing
  /// scheduler.advance(by: .milliseconds(1))    // Prints: one second
  /// ```
  ///
  /// - Parameter duration: How far to move; the default, zero, runs only work already due.
  public func advance(by duration: SchedulerTimeType.Stride = .zero) {
    advance(to: now.advanced(by: duration))
  }

  /// Moves the clock to `instant`, running everything that falls due up to and including it.
  ///
  /// ```swift
  /// let scheduler = DispatchQueue.test
  /// let start = scheduler.now
  /// scheduler.schedule(after: start.advanced(by: .seconds(5))) { print("five") }
  /// scheduler.advance(to: start.advanced(by: .seconds(5)))  // Prints: five
  /// ```
  ///
  /// - Parameter instant: The target time; an instant before ``now`` leaves the clock where it is.
  public func advance(to instant: SchedulerTimeType) {
    while let work = takeWork(dueBy: instant) {
      work.action()
    }
  }

  /// Runs everything queued, moving the clock to each piece of work's date, until nothing is left.
  ///
  /// ```swift
  /// let scheduler = DispatchQueue.test
  /// scheduler.schedule(after: scheduler.now.advanced(by: .seconds(60))) { print("a minute") }
  /// scheduler.run()  // Prints: a minute
  /// ```
  ///
  /// Never returns while a repeating schedule is live; use ``advance(by:)`` for those.
  public func run() {
    while let date = state.withLock({ $0.queue.first?.date }) {
      advance(to: date)
    }
  }

  /// Queues `action` for the current instant; it runs on the next `advance` or `run`.
  ///
  /// - Parameters:
  ///   - options: Ignored.
  ///   - action: The work.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    state.withLock { state in
      state.enqueue(Work(id: state.makeID(), date: state.now, interval: nil, action: action))
    }
  }

  /// Queues `action` for `date`.
  ///
  /// - Parameters:
  ///   - date: When to run it.
  ///   - tolerance: Ignored: virtual time is exact.
  ///   - options: Ignored.
  ///   - action: The work.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    state.withLock { state in
      state.enqueue(Work(id: state.makeID(), date: date, interval: nil, action: action))
    }
  }

  /// Queues `action` for `date`, then every `interval`, until the returned cancellable is
  /// cancelled.
  ///
  /// - Parameters:
  ///   - date: The first run.
  ///   - interval: The time between runs; must be greater than zero.
  ///   - tolerance: Ignored.
  ///   - options: Ignored.
  ///   - action: The work.
  /// - Returns: A cancellable that removes the repetition.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    precondition(interval > .zero, "TestScheduler: a repeating schedule needs an interval greater than zero")
    let id = state.withLock { state in
      let id = state.makeID()
      state.enqueue(Work(id: id, date: date, interval: interval, action: action))
      return id
    }
    return AnyCancellable { [weak self] in self?.cancelWork(id) }
  }

  /// Takes the next piece of work due by `instant` and moves the clock to it; when none is left,
  /// moves the clock to `instant` and returns `nil`.
  private func takeWork(dueBy instant: SchedulerTimeType) -> Work? {
    state.withLock { state -> Work? in
      let target = Swift.max(instant, state.now)
      guard let work = state.queue.first, work.date <= target else {
        if state.now < instant { state.now = instant }
        return nil
      }
      state.queue.removeFirst()
      if state.now < work.date { state.now = work.date }
      if let interval = work.interval {
        state.enqueue(
          Work(id: work.id, date: work.date.advanced(by: interval), interval: interval, action: work.action))
      }
      return work
    }
  }

  /// Removes the queued work with `id`; its closure is released after unlocking.
  private func cancelWork(_ id: UInt64) {
    let removed = state.withLock { state -> Work? in
      guard let index = state.queue.firstIndex(where: { $0.id == id }) else { return nil }
      return state.queue.remove(at: index)
    }
    withExtendedLifetime(removed) {}
  }
}

// Safety: all mutable state is in `state`, a `LockedState`; `minimumTolerance` is immutable and
// `workTracker` is immutable and `Sendable`.
extension TestScheduler: @unchecked Sendable {}

/// The ``TestScheduler`` with the same time and options types as `S`, so it can stand in for `S`.
///
/// ```swift
/// let scheduler: TestSchedulerOf<DispatchQueue> = DispatchQueue.test
/// ```
public typealias TestSchedulerOf<S: Scheduler> = TestScheduler<S.SchedulerTimeType, S.SchedulerOptions>

extension DispatchQueue {
  /// A fresh ``TestScheduler`` with `DispatchQueue`'s time type, starting at uptime 1 ns.
  ///
  /// ```swift
  /// let scheduler = DispatchQueue.test
  /// let cancellable = subject.receive(on: scheduler).sink { print($0) }
  /// subject.send(1)
  /// scheduler.advance()  // Prints: 1
  /// ```
  public static var test: TestSchedulerOf<DispatchQueue> {
    // `DispatchTime(uptimeNanoseconds: 0)` means "now" to Dispatch; 1 keeps virtual time virtual.
    TestScheduler(now: SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1)))
  }
}

extension RunLoop {
  /// A fresh ``TestScheduler`` with `RunLoop`'s time type, starting at 1970-01-01.
  ///
  /// ```swift
  /// let scheduler = RunLoop.test
  /// scheduler.advance(by: .seconds(1))
  /// print(scheduler.now.date.timeIntervalSince1970)  // 1.0
  /// ```
  public static var test: TestSchedulerOf<RunLoop> {
    TestScheduler(now: SchedulerTimeType(Date(timeIntervalSince1970: 0)))
  }
}

extension OperationQueue {
  /// A fresh ``TestScheduler`` with `OperationQueue`'s time type, starting at 1970-01-01.
  ///
  /// ```swift
  /// let scheduler = OperationQueue.test
  /// scheduler.schedule { print("queued") }
  /// scheduler.advance()  // Prints: queued
  /// ```
  public static var test: TestSchedulerOf<OperationQueue> {
    TestScheduler(now: SchedulerTimeType(Date(timeIntervalSince1970: 0)))
  }
}
