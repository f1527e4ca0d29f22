// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// A duration type that can be built from seconds, milliseconds, microseconds and nanoseconds.
///
/// Every scheduler's `SchedulerTimeType.Stride` conforms, so time-based operators can be written
/// once for any scheduler: `debounce(for: .milliseconds(300), scheduler: queue)` reads the same for
/// a `DispatchQueue`, a `RunLoop` or a `TestScheduler`.
///
/// ```swift
/// let half: DispatchQueue.SchedulerTimeType.Stride = .milliseconds(500)
/// print(half.magnitude)  // 500000000 (nanoseconds)
/// ```
public protocol SchedulerTimeIntervalConvertible {
  /// A duration of `s` whole seconds.
  ///
  /// - Parameter s: The number of seconds.
  /// - Returns: The duration.
  static func seconds(_ s: Int) -> Self

  /// A duration of `s` seconds, fractions allowed.
  ///
  /// - Parameter s: The number of seconds.
  /// - Returns: The duration.
  static func seconds(_ s: Double) -> Self

  /// A duration of `ms` milliseconds.
  ///
  /// - Parameter ms: The number of milliseconds.
  /// - Returns: The duration.
  static func milliseconds(_ ms: Int) -> Self

  /// A duration of `us` microseconds.
  ///
  /// - Parameter us: The number of microseconds.
  /// - Returns: The duration.
  static func microseconds(_ us: Int) -> Self

  /// A duration of `ns` nanoseconds.
  ///
  /// - Parameter ns: The number of nanoseconds.
  /// - Returns: The duration.
  static func nanoseconds(_ ns: Int) -> Self
}

/// Something that runs closures now, later, or repeatedly: a queue, a run loop, or virtual time.
///
/// Operators that deal with time or threads (`receive(on:)`, `debounce`, `delay`, `timeout` …) take
/// a scheduler, so the same pipeline runs on a `DispatchQueue` in production and on a
/// `TestScheduler` in tests. A scheduler has its own notion of time (``SchedulerTimeType``, a
/// `Strideable` point in time whose `Stride` is a duration) and its own options
/// (``SchedulerOptions``, e.g. a quality of service).
///
/// Where the closure runs is the scheduler's business: a serial `DispatchQueue` runs it on that
/// queue, `RunLoop.main` on the main thread, ``ImmediateScheduler`` right away on the caller's
/// thread.
///
/// ```swift
/// let queue = DispatchQueue(label: "work")
/// queue.schedule { print("soon, on the queue") }
/// queue.schedule(after: queue.now.advanced(by: .seconds(1))) { print("a second later") }
/// let ticking = queue.schedule(after: queue.now, interval: .milliseconds(100)) { print("tick") }
/// ticking.cancel()  // stops the repetition
/// ```
public protocol Scheduler<SchedulerTimeType> {
  /// A point in this scheduler's time; its `Stride` is a duration.
  associatedtype SchedulerTimeType: Strideable where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible

  /// Options that tune how a closure is run (for example a quality of service).
  associatedtype SchedulerOptions

  /// The scheduler's current time.
  var now: SchedulerTimeType { get }

  /// The smallest tolerance the scheduler honours; a smaller tolerance is rounded up to it.
  var minimumTolerance: SchedulerTimeType.Stride { get }

  /// Runs `action` as soon as the scheduler can.
  ///
  /// - Parameters:
  ///   - options: How to run it, or `nil` for the defaults.
  ///   - action: The work.
  func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)

  /// Runs `action` once, at `date` or shortly after (within `tolerance`).
  ///
  /// - Parameters:
  ///   - date: The earliest time to run.
  ///   - tolerance: How late the scheduler may run it.
  ///   - options: How to run it, or `nil` for the defaults.
  ///   - action: The work.
  func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  )

  /// Runs `action` at `date` and then every `interval`, until the returned cancellable is
  /// cancelled.
  ///
  /// - Parameters:
  ///   - date: The first time to run.
  ///   - interval: The time between runs.
  ///   - tolerance: How late the scheduler may run each repetition.
  ///   - options: How to run it, or `nil` for the defaults.
  ///   - action: The work.
  /// - Returns: A cancellable that stops the repetition.
  func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable
}

extension Scheduler {
  /// Runs `action` once at `date`, with the minimum tolerance and default options.
  ///
  /// ```swift
  /// let queue = DispatchQueue.main
  /// queue.schedule(after: queue.now.advanced(by: .seconds(2))) { print("two seconds later") }
  /// ```
  ///
  /// - Parameters:
  ///   - date: The earliest time to run.
  ///   - action: The work.
  public func schedule(after date: SchedulerTimeType, _ action: @escaping () -> Void) {
    schedule(after: date, tolerance: minimumTolerance, action)
  }

  /// Runs `action` as soon as possible, with default options.
  ///
  /// ```swift
  /// DispatchQueue.main.schedule { print("on the main queue") }
  /// ```
  ///
  /// - Parameter action: The work.
  public func schedule(_ action: @escaping () -> Void) {
    schedule(options: nil, action)
  }

  /// Runs `action` once at `date`, within `tolerance`, with default options.
  ///
  /// ```swift
  /// let loop = RunLoop.main
  /// loop.schedule(after: loop.now.advanced(by: 1), tolerance: .milliseconds(10)) { print("done") }
  /// ```
  ///
  /// - Parameters:
  ///   - date: The earliest time to run.
  ///   - tolerance: How late the scheduler may run it.
  ///   - action: The work.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    _ action: @escaping () -> Void
  ) {
    schedule(after: date, tolerance: tolerance, options: nil, action)
  }

  /// Runs `action` at `date` and every `interval` after, within `tolerance`, with default options.
  ///
  /// ```swift
  /// let queue = DispatchQueue.main
  /// let timer = queue.schedule(after: queue.now, interval: .seconds(1), tolerance: .milliseconds(50)) {
  ///   print("tick")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - date: The first time to run.
  ///   - interval: The time between runs.
  ///   - tolerance: How late the scheduler may run each repetition.
  ///   - action: The work.
  /// - Returns: A cancellable that stops the repetition.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
  }

  /// Runs `action` at `date` and every `interval` after, with the minimum tolerance and default
  /// options.
  ///
  /// ```swift
  /// let queue = DispatchQueue.main
  /// let timer = queue.schedule(after: queue.now, interval: .seconds(1)) { print("tick") }
  /// timer.cancel()
  /// ```
  ///
  /// - Parameters:
  ///   - date: The first time to run.
  ///   - interval: The time between runs.
  ///   - action: The work.
  /// - Returns: A cancellable that stops the repetition.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    schedule(after: date, interval: interval, tolerance: minimumTolerance, action)
  }
}
#endif
