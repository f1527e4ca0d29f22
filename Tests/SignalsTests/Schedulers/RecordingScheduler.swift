// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
import SignalsTesting

/// A scheduler that runs on virtual time (a ``TestScheduler`` with `DispatchQueue`'s time type) and
/// records every call an operator makes to it, so tests can check that an operator makes the calls
/// Combine makes (custom schedulers depend on them).
final class RecordingScheduler: Scheduler, @unchecked Sendable {
  // Safety: used from one test thread at a time; the base scheduler is thread-safe.
  typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
  typealias SchedulerOptions = DispatchQueue.SchedulerOptions

  /// One call to the scheduler.
  enum Call: Equatable {
    case now
    case minimumTolerance
    case schedule
    case scheduleAfter(SchedulerTimeType.Stride)
    case scheduleRepeating(after: SchedulerTimeType.Stride, interval: SchedulerTimeType.Stride)
  }

  let base = DispatchQueue.test
  private(set) var calls: [Call] = []
  /// Repeating schedules made and not yet cancelled.
  private(set) var runningTimers = 0
  private let start: SchedulerTimeType

  init() {
    start = base.now
  }

  var now: SchedulerTimeType {
    calls.append(.now)
    return base.now
  }

  var minimumTolerance: SchedulerTimeType.Stride {
    calls.append(.minimumTolerance)
    return base.minimumTolerance
  }

  func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    calls.append(.schedule)
    base.schedule(options: options, action)
  }

  func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    calls.append(.scheduleAfter(start.distance(to: date)))
    base.schedule(after: date, tolerance: tolerance, options: options, action)
  }

  func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    calls.append(.scheduleRepeating(after: start.distance(to: date), interval: interval))
    runningTimers += 1
    let timer = base.schedule(after: date, interval: interval, tolerance: tolerance, options: options, action)
    var cancelled = false
    return AnyCancellable { [weak self] in
      guard !cancelled else { return }
      cancelled = true
      self?.runningTimers -= 1
      timer.cancel()
    }
  }

  /// Moves virtual time on by `duration`, running what falls due.
  func advance(by duration: SchedulerTimeType.Stride = .zero) {
    base.advance(by: duration)
  }
}
