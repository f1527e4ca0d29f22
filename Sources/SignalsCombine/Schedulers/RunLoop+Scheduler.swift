// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport
import Foundation

extension RunLoop: Scheduler {
  /// A point in time on a run loop: a `Date` (wall-clock time).
  ///
  /// ```swift
  /// let start = RunLoop.main.now
  /// print(start.distance(to: start.advanced(by: .milliseconds(1500))).magnitude)  // 1.5
  /// ```
  public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
    /// The date this value stands for.
    public var date: Date

    /// Wraps `date`.
    ///
    /// ```swift
    /// let epoch = RunLoop.SchedulerTimeType(Date(timeIntervalSince1970: 0))
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
      Stride(other.date.timeIntervalSince(date))
    }

    /// This date moved by `n` seconds.
    ///
    /// - Parameter n: The duration.
    /// - Returns: The moved date.
    public func advanced(by n: Stride) -> SchedulerTimeType {
      SchedulerTimeType(date.addingTimeInterval(n.magnitude))
    }

    /// A duration on a run loop or operation queue, in seconds (`TimeInterval`).
    ///
    /// Integer and floating-point literals are seconds.
    ///
    /// ```swift
    /// let stride: RunLoop.SchedulerTimeType.Stride = .milliseconds(250) + 1
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

  /// A run loop has no scheduling options.
  ///
  /// ```swift
  /// RunLoop.main.schedule(options: RunLoop.SchedulerOptions()) { print("on the main run loop") }
  /// ```
  public struct SchedulerOptions: Sendable {
    /// Creates the (empty) options.
    public init() {}
  }

  /// Zero.
  public var minimumTolerance: SchedulerTimeType.Stride { 0 }

  /// The current date.
  public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

  /// Runs `action` on this run loop's thread the next time the loop runs (`perform(_:)`).
  ///
  /// - Parameters:
  ///   - options: Unused.
  ///   - action: The work.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let work = ScheduledAction(action)
    perform { work.run() }
  }

  /// Runs `action` on this run loop at `date`, with a one-shot `Timer` in the default mode.
  ///
  /// - Parameters:
  ///   - date: The fire date.
  ///   - tolerance: The timer's tolerance.
  ///   - options: Unused.
  ///   - action: The work.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    let work = ScheduledAction(action)
    let timer = Timer(fire: date.date, interval: 0, repeats: false) { _ in work.run() }
    timer.tolerance = tolerance.timeInterval
    add(timer, forMode: .default)
  }

  /// Runs `action` on this run loop at `date` and every `interval` after, with a repeating `Timer`.
  ///
  /// - Parameters:
  ///   - date: The first fire date.
  ///   - interval: The time between runs.
  ///   - tolerance: The timer's tolerance.
  ///   - options: Unused.
  ///   - action: The work.
  /// - Returns: A cancellable that invalidates the timer.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    let work = ScheduledAction(action)
    let timer = Timer(fire: date.date, interval: interval.timeInterval, repeats: true) { _ in work.run() }
    timer.tolerance = tolerance.timeInterval
    add(timer, forMode: .default)
    return AnyCancellable { timer.invalidate() }
  }
}
#endif
