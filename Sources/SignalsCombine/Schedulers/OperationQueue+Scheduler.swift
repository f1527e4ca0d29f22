// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport
import Dispatch
import Foundation

extension OperationQueue: Scheduler {
  /// A point in time on an operation queue: a `Date` (wall-clock time).
  ///
  /// It has the shape of ``Foundation/RunLoop/SchedulerTimeType`` but is a type of its own, as in
  /// Combine, so code may extend the two separately.
  ///
  /// ```swift
  /// let queue = OperationQueue()
  /// let deadline = queue.now.advanced(by: .seconds(2))
  /// print(queue.now.distance(to: deadline).timeInterval)  // about 2.0
  /// ```
  public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
    /// The date this value stands for.
    public var date: Date

    /// Wraps `date`.
    ///
    /// ```swift
    /// let epoch = OperationQueue.SchedulerTimeType(Date(timeIntervalSince1970: 0))
    /// ```
    ///
    /// - Parameter date: The date.
    public init(_ date: Date) {
      self.date = date
    }

    /// The signed duration from this date to `other`, in seconds.
    ///
    /// - Parameter other: The other date.
    /// - Returns: `other - self`.
    public func distance(to other: SchedulerTimeType) -> Stride {
      Stride(date.timeIntervalSinceReferenceDate.distance(to: other.date.timeIntervalSinceReferenceDate))
    }

    /// This date moved by `n` seconds.
    ///
    /// - Parameter n: The duration.
    /// - Returns: The moved date.
    public func advanced(by n: Stride) -> SchedulerTimeType {
      SchedulerTimeType(date.addingTimeInterval(n.magnitude))
    }

    /// A duration on an operation queue, in seconds (`TimeInterval`).
    ///
    /// Integer and floating-point literals are seconds.
    ///
    /// ```swift
    /// let stride: OperationQueue.SchedulerTimeType.Stride = .milliseconds(250) + 1
    /// print(stride.timeInterval)  // 1.25
    /// ```
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
      Hashable, Codable, Sendable
    {
      /// `TimeInterval` (seconds).
      public typealias FloatLiteralType = TimeInterval
      /// `TimeInterval` (seconds).
      public typealias IntegerLiteralType = TimeInterval
      /// `TimeInterval` (seconds).
      public typealias Magnitude = TimeInterval

      /// The duration in seconds (signed, as in Combine).
      public var magnitude: TimeInterval

      /// The duration in seconds.
      public var timeInterval: TimeInterval { magnitude }

      /// A number of seconds.
      ///
      /// - Parameter timeInterval: Seconds.
      public init(_ timeInterval: TimeInterval) {
        magnitude = timeInterval
      }

      /// A literal number of seconds.
      ///
      /// - Parameter value: Seconds.
      public init(integerLiteral value: TimeInterval) {
        magnitude = value
      }

      /// A literal number of seconds.
      ///
      /// - Parameter value: Seconds.
      public init(floatLiteral value: TimeInterval) {
        magnitude = value
      }

      /// A whole number of seconds, or `nil` if a `TimeInterval` cannot hold it exactly.
      ///
      /// - Parameter source: Seconds.
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let value = TimeInterval(exactly: source) else { return nil }
        magnitude = value
      }

      /// Orders by duration.
      public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
      /// The product of the second counts.
      public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude * rhs.magnitude) }
      /// The sum.
      public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude + rhs.magnitude) }
      /// The difference.
      public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude - rhs.magnitude) }
      /// Multiplies in place.
      public static func *= (lhs: inout Stride, rhs: Stride) { lhs.magnitude *= rhs.magnitude }
      /// Adds in place.
      public static func += (lhs: inout Stride, rhs: Stride) { lhs.magnitude += rhs.magnitude }
      /// Subtracts in place.
      public static func -= (lhs: inout Stride, rhs: Stride) { lhs.magnitude -= rhs.magnitude }

      /// `s` seconds.
      public static func seconds(_ s: Int) -> Stride { Stride(TimeInterval(s)) }
      /// `s` seconds.
      public static func seconds(_ s: Double) -> Stride { Stride(s) }
      /// `ms` milliseconds.
      public static func milliseconds(_ ms: Int) -> Stride { Stride(TimeInterval(ms) / 1_000) }
      /// `us` microseconds.
      public static func microseconds(_ us: Int) -> Stride { Stride(TimeInterval(us) / 1_000_000) }
      /// `ns` nanoseconds.
      public static func nanoseconds(_ ns: Int) -> Stride { Stride(TimeInterval(ns) / 1_000_000_000) }
    }
  }

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

  /// Adds `action` to this queue at once, as an operation that becomes ready at `date`.
  ///
  /// The operation waits in the queue (its `isReady` is `false`) until `date`, then runs once;
  /// calling its `main()` again does nothing.
  ///
  /// - Parameters:
  ///   - date: The earliest date to run.
  ///   - tolerance: Unused.
  ///   - options: Unused.
  ///   - action: The work.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    let operation = DelayedOperation(action: ScheduledAction(action), repetition: nil)
    addOperation(operation)
    operation.becomeReady(after: date.date.timeIntervalSinceNow)
  }

  /// Adds `action` to this queue as an operation that becomes ready at `date`; each run adds the
  /// next one, ready `interval` later, until the returned cancellable is cancelled.
  ///
  /// - Parameters:
  ///   - date: The first date to run.
  ///   - interval: The time between runs.
  ///   - tolerance: Unused.
  ///   - options: Unused.
  ///   - action: The work.
  /// - Returns: A cancellable that cancels the waiting operation and stops the repetition.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    let repetition = DelayedOperation.Repetition(queue: self, interval: interval.timeInterval)
    let operation = DelayedOperation(action: ScheduledAction(action), repetition: repetition)
    guard repetition.replaceCurrent(with: operation) else { return AnyCancellable {} }
    addOperation(operation)
    operation.becomeReady(after: date.date.timeIntervalSinceNow)
    return AnyCancellable(repetition)
  }
}

/// An operation that sits in its queue, not ready, until its date, then runs its action once.
///
/// A repeating one adds its successor (ready one interval later) to the same queue when it runs.
private final class DelayedOperation: Operation, Cancellable, @unchecked Sendable {
  // Safety: the mutable state lives in `state`, a `LockedState`; `repetition` is immutable and
  // itself keeps its state in a `LockedState`.

  /// The chain of operations of one repeating schedule, and its cancellation.
  final class Repetition: Cancellable, @unchecked Sendable {
    // Safety: `current` is only read and written under its `LockedState`; `queue` and `interval`
    // are immutable, and `OperationQueue.addOperation` is safe from any thread.
    let queue: OperationQueue
    let interval: TimeInterval
    /// The operation waiting to run; `nil` once cancelled.
    private let current = LockedState<(operation: DelayedOperation?, isCancelled: Bool)>.make((nil, false))

    init(queue: OperationQueue, interval: TimeInterval) {
      self.queue = queue
      self.interval = interval
    }

    /// Makes `operation` the waiting one; `false` if the repetition is cancelled.
    func replaceCurrent(with operation: DelayedOperation) -> Bool {
      current.withLock { current in
        guard !current.isCancelled else { return false }
        current.operation = operation
        return true
      }
    }

    func cancel() {
      let waiting = current.withLock { current -> DelayedOperation? in
        current.isCancelled = true
        defer { current.operation = nil }
        return current.operation
      }
      waiting?.cancel()
    }
  }

  private struct State {
    var action: ScheduledAction?
    var isDue = false
  }

  private let state: LockedState<State>
  private let repetition: Repetition?

  init(action: ScheduledAction, repetition: Repetition?) {
    state = LockedState.make(State(action: action))
    self.repetition = repetition
    super.init()
  }

  /// Marks the operation ready `delay` seconds from now.
  func becomeReady(after delay: TimeInterval) {
    DispatchQueue.global().asyncAfter(deadline: .now() + Swift.max(delay, 0)) { [weak self] in
      self?.markDue()
    }
  }

  private func markDue() {
    guard !state.withLock({ $0.isDue }) else { return }
    #if canImport(Darwin)
    willChangeValue(forKey: "isReady")
    state.withLock { $0.isDue = true }
    didChangeValue(forKey: "isReady")
    #else
    willChangeValue(for: \.isReady)
    state.withLock { $0.isDue = true }
    didChangeValue(for: \.isReady)
    #endif
  }

  override var isReady: Bool {
    super.isReady && state.withLock { $0.isDue }
  }

  /// Drops the action and lets the queue start the operation at once (a cancelled operation
  /// finishes without running), so a cancelled schedule does not wait in the queue for its date.
  override func cancel() {
    _ = state.withLock { $0.action.take() }
    super.cancel()
    markDue()
  }

  override func main() {
    guard let action = state.withLock({ $0.action.take() }) else { return }
    if let repetition {
      let next = DelayedOperation(action: action, repetition: repetition)
      if repetition.replaceCurrent(with: next) {
        repetition.queue.addOperation(next)
        next.becomeReady(after: repetition.interval)
      }
    }
    action.run()
  }
}

extension Optional {
  /// Returns the wrapped value and leaves `nil` behind.
  fileprivate mutating func take() -> Wrapped? {
    defer { self = nil }
    return self
  }
}
#endif
