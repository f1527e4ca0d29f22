// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Foundation

extension OperationQueue: Scheduler {
  /// A point in time on an operation queue: a `Date`, with durations in seconds.
  ///
  /// It is the same type as ``Foundation/RunLoop/SchedulerTimeType`` (Combine declares two
  /// structs of identical shape; one type serves both here).
  ///
  /// ```swift
  /// let queue = OperationQueue()
  /// let deadline = queue.now.advanced(by: .seconds(2))
  /// ```
  public typealias SchedulerTimeType = RunLoop.SchedulerTimeType

  /// An operation queue has no scheduling options.
  ///
  /// ```swift
  /// OperationQueue.main.schedule(options: OperationQueue.SchedulerOptions()) { print("main") }
  /// ```
  public struct SchedulerOptions: Sendable {
    /// Creates the (empty) options.
    public init() {}
  }

  /// Zero.
  public var minimumTolerance: SchedulerTimeType.Stride { 0 }

  /// The current date.
  public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

  /// Adds `action` to this queue as a `BlockOperation`.
  ///
  /// - Parameters:
  ///   - options: Unused.
  ///   - action: The work.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let work = ScheduledAction(action)
    addOperation(BlockOperation { work.run() })
  }

  /// Adds `action` to this queue at `date`.
  ///
  /// The wait happens on a dispatch timer; only the work itself runs on the operation queue.
  ///
  /// - Parameters:
  ///   - date: The earliest date to run.
  ///   - tolerance: The timer's leeway.
  ///   - options: Unused.
  ///   - action: The work.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    let work = ScheduledAction(action)
    let queue = OperationQueueReference(self)
    DispatchQueue.global().asyncAfter(deadline: .now() + date.date.timeIntervalSinceNow) {
      queue.queue.addOperation(BlockOperation { work.run() })
    }
  }

  /// Adds `action` to this queue at `date` and every `interval` after, until cancelled.
  ///
  /// - Parameters:
  ///   - date: The first date to run.
  ///   - interval: The time between runs.
  ///   - tolerance: The timer's leeway.
  ///   - options: Unused.
  ///   - action: The work.
  /// - Returns: A cancellable that stops the repetition.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    let work = ScheduledAction(action)
    let queue = OperationQueueReference(self)
    let timer = DispatchSource.makeTimerSource(queue: .global())
    timer.setEventHandler { queue.queue.addOperation(BlockOperation { work.run() }) }
    timer.schedule(
      deadline: .now() + date.date.timeIntervalSinceNow,
      repeating: Swift.max(interval.timeInterval, 0),
      leeway: .nanoseconds(Int(Swift.max(tolerance.timeInterval, 0) * 1_000_000_000)))
    timer.resume()
    return AnyCancellable { timer.cancel() }
  }
}

/// Carries an operation queue into a dispatch handler.
private struct OperationQueueReference: @unchecked Sendable {
  // Safety: `OperationQueue` is documented as safe to use from any thread; `addOperation` is the
  // only call made through this reference.
  let queue: OperationQueue

  init(_ queue: OperationQueue) {
    self.queue = queue
  }
}
