// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// A scheduler that runs every closure at once, on the calling thread, ignoring dates.
///
/// Use it where an API wants a scheduler but you want no hop and no delay, for example in a test
/// of code that normally receives on the main queue. Time does not pass on this scheduler: every
/// date is the same instant and every duration is zero, and a repeating schedule runs once.
///
/// ```swift
/// ImmediateScheduler.shared.schedule { print("now") }
/// print("after")
/// // Prints: now
/// //         after
/// ```
public struct ImmediateScheduler: Scheduler, Sendable {
  /// The only instant of ``ImmediateScheduler``: every value is equal to every other.
  ///
  /// ```swift
  /// let now = ImmediateScheduler.shared.now
  /// print(now.distance(to: now.advanced(by: 5)))  // Stride(magnitude: 0)
  /// ```
  public struct SchedulerTimeType: Strideable, Sendable {
    fileprivate init() {}

    /// Always zero: there is only one instant.
    ///
    /// - Parameter other: Another instant.
    /// - Returns: Zero.
    public func distance(to other: SchedulerTimeType) -> Stride { 0 }

    /// The same instant: time does not pass.
    ///
    /// - Parameter n: Ignored.
    /// - Returns: The only instant.
    public func advanced(by n: Stride) -> SchedulerTimeType { SchedulerTimeType() }

    /// A duration on ``ImmediateScheduler``: a plain integer, and zero when built from units.
    ///
    /// ```swift
    /// let stride: ImmediateScheduler.SchedulerTimeType.Stride = .seconds(3)
    /// print(stride.magnitude)  // 0
    /// ```
    public struct Stride: ExpressibleByFloatLiteral, Comparable, SignedNumeric, Codable, Hashable, Sendable,
      SchedulerTimeIntervalConvertible
    {
      /// `Double`.
      public typealias FloatLiteralType = Double
      /// `Int`.
      public typealias IntegerLiteralType = Int
      /// `Int`.
      public typealias Magnitude = Int

      /// The value.
      public var magnitude: Int

      /// Creates a stride of `value`.
      ///
      /// - Parameter value: The value.
      public init(_ value: Int) {
        magnitude = value
      }

      /// Creates a stride from an integer literal.
      ///
      /// - Parameter value: The value.
      public init(integerLiteral value: Int) {
        self.init(value)
      }

      /// Creates a stride from a floating-point literal, truncated.
      ///
      /// - Parameter value: The value.
      public init(floatLiteral value: Double) {
        self.init(Int(value))
      }

      /// Creates a stride from an integer, or `nil` if it does not fit an `Int`.
      ///
      /// - Parameter source: The value.
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let value = Int(exactly: source) else { return nil }
        self.init(value)
      }

      /// Orders by value.
      public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
      /// The product of the values.
      public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude * rhs.magnitude) }
      /// The sum of the values.
      public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude + rhs.magnitude) }
      /// The difference of the values.
      public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude - rhs.magnitude) }
      /// Subtracts in place.
      public static func -= (lhs: inout Stride, rhs: Stride) { lhs.magnitude -= rhs.magnitude }
      /// Multiplies in place.
      public static func *= (lhs: inout Stride, rhs: Stride) { lhs.magnitude *= rhs.magnitude }
      /// Adds in place.
      public static func += (lhs: inout Stride, rhs: Stride) { lhs.magnitude += rhs.magnitude }

      /// Zero: durations do not exist on this scheduler.
      public static func seconds(_ s: Int) -> Stride { 0 }
      /// Zero: durations do not exist on this scheduler.
      public static func seconds(_ s: Double) -> Stride { 0 }
      /// Zero: durations do not exist on this scheduler.
      public static func milliseconds(_ ms: Int) -> Stride { 0 }
      /// Zero: durations do not exist on this scheduler.
      public static func microseconds(_ us: Int) -> Stride { 0 }
      /// Zero: durations do not exist on this scheduler.
      public static func nanoseconds(_ ns: Int) -> Stride { 0 }
    }
  }

  /// No options exist: `Never`.
  public typealias SchedulerOptions = Never

  /// The scheduler (it has no state, so one instance serves everyone).
  ///
  /// ```swift
  /// let cancellable = Just(1).receive(on: ImmediateScheduler.shared).sink { print($0) }
  /// // Prints: 1
  /// ```
  public static let shared = ImmediateScheduler()

  /// The only instant.
  public var now: SchedulerTimeType { SchedulerTimeType() }

  /// Zero.
  public var minimumTolerance: SchedulerTimeType.Stride { 0 }

  /// Runs `action` now, on the calling thread.
  ///
  /// - Parameters:
  ///   - options: Always `nil` (the type is `Never`).
  ///   - action: The work.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    action()
  }

  /// Runs `action` now, on the calling thread, whatever `date` says.
  ///
  /// - Parameters:
  ///   - date: Ignored.
  ///   - tolerance: Ignored.
  ///   - options: Always `nil`.
  ///   - action: The work.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    action()
  }

  /// Runs `action` once, now: a repetition never comes, since time does not pass.
  ///
  /// - Parameters:
  ///   - date: Ignored.
  ///   - interval: Ignored.
  ///   - tolerance: Ignored.
  ///   - options: Always `nil`.
  ///   - action: The work.
  /// - Returns: A cancellable with nothing left to cancel.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    action()
    return Subscriptions.empty
  }
}
#endif
