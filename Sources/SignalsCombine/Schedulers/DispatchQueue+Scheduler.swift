// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport
import Dispatch

extension DispatchQueue: Scheduler {
  /// A point in time on a dispatch queue: a `DispatchTime` (time since boot, not wall-clock time).
  ///
  /// It encodes as its `uptimeNanoseconds`.
  ///
  /// ```swift
  /// let queue = DispatchQueue(label: "work")
  /// let start = queue.now
  /// let later = start.advanced(by: .milliseconds(250))
  /// print(start.distance(to: later).magnitude)  // 250000000
  /// ```
  public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
    /// The dispatch time this value stands for.
    public var dispatchTime: DispatchTime

    /// Wraps `time`.
    ///
    /// ```swift
    /// let start = DispatchQueue.SchedulerTimeType(.now())
    /// ```
    ///
    /// - Parameter time: The dispatch time.
    public init(_ time: DispatchTime) {
      dispatchTime = time
    }

    /// The signed duration from this time to `other`, in nanoseconds.
    ///
    /// - Parameter other: The other time.
    /// - Returns: `other - self`; a distance too long for an `Int` of nanoseconds, either way, is
    ///   "never" (the largest stride), as in Combine: `DispatchTime.distantFuture` is that far from
    ///   any ordinary time.
    public func distance(to other: SchedulerTimeType) -> Stride {
      let start = dispatchTime.uptimeNanoseconds
      let end = other.dispatchTime.uptimeNanoseconds
      let difference = end >= start ? end - start : start - end
      guard difference <= UInt64(Int.max) else { return .nanoseconds(.max) }
      return .nanoseconds(end >= start ? Int(difference) : -Int(difference))
    }

    /// This time moved by `n`; the largest stride means "never" (`DispatchTime.distantFuture`).
    ///
    /// - Parameter n: The duration.
    /// - Returns: The later (or earlier) time.
    public func advanced(by n: Stride) -> SchedulerTimeType {
      n.magnitude == .max ? SchedulerTimeType(.distantFuture) : SchedulerTimeType(dispatchTime + n.timeInterval)
    }

    /// Hashes the time's nanoseconds.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(dispatchTime.uptimeNanoseconds)
    }

    /// Two times are equal when their nanoseconds are.
    public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
      lhs.dispatchTime.uptimeNanoseconds == rhs.dispatchTime.uptimeNanoseconds
    }

    /// Encodes `uptimeNanoseconds` as a single value.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(dispatchTime.uptimeNanoseconds)
    }

    /// Decodes a single `uptimeNanoseconds` value.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      dispatchTime = DispatchTime(uptimeNanoseconds: try container.decode(UInt64.self))
    }

    /// A duration on a dispatch queue, counted in nanoseconds.
    ///
    /// Integer and floating-point literals are seconds, as in Combine: `0.5` is half a second.
    /// Arithmetic saturates at the bounds of `Int`. As in Combine, multiplying two strides has no
    /// meaningful unit and gives zero; scale a duration by building a new one instead.
    ///
    /// ```swift
    /// typealias Stride = DispatchQueue.SchedulerTimeType.Stride
    /// let total: Stride = .milliseconds(300) + 0.2
    /// print(total.magnitude)  // 500000000
    /// ```
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
      Hashable, Codable, Sendable
    {
      /// `Double` (seconds).
      public typealias FloatLiteralType = Double
      /// `Int` (seconds).
      public typealias IntegerLiteralType = Int
      /// `Int` (nanoseconds).
      public typealias Magnitude = Int

      /// The duration in nanoseconds (signed, as in Combine).
      public var magnitude: Int

      /// Combine's archive key: a stride encodes as `{"_nanoseconds": n}`.
      private enum CodingKeys: String, CodingKey {
        case magnitude = "_nanoseconds"
      }

      /// The duration as a `DispatchTimeInterval` in nanoseconds.
      public var timeInterval: DispatchTimeInterval {
        .nanoseconds(magnitude)
      }

      private init(nanoseconds: Int) {
        magnitude = nanoseconds
      }

      /// Converts a `DispatchTimeInterval`; `.never` becomes the largest stride.
      ///
      /// ```swift
      /// let stride = DispatchQueue.SchedulerTimeType.Stride(.milliseconds(20))
      /// print(stride.magnitude)  // 20000000
      /// ```
      ///
      /// - Parameter timeInterval: The interval.
      public init(_ timeInterval: DispatchTimeInterval) {
        switch timeInterval {
        case .seconds(let value): self = .seconds(value)
        case .milliseconds(let value): self = .milliseconds(value)
        case .microseconds(let value): self = .microseconds(value)
        case .nanoseconds(let value): self = .nanoseconds(value)
        case .never: self = .nanoseconds(.max)
        @unknown default: self = .nanoseconds(.max)
        }
      }

      /// A literal number of seconds.
      ///
      /// - Parameter value: Seconds.
      public init(floatLiteral value: Double) {
        self = .seconds(value)
      }

      /// A literal whole number of seconds.
      ///
      /// - Parameter value: Seconds.
      public init(integerLiteral value: Int) {
        self = .seconds(value)
      }

      /// A whole number of seconds, or `nil` if it does not fit an `Int`.
      ///
      /// - Parameter source: Seconds.
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let value = Int(exactly: source) else { return nil }
        self = .seconds(value)
      }

      /// Orders by duration.
      public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }

      /// Zero, as in Combine (a product of two durations has no unit).
      public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: 0) }

      /// Sets `lhs` to zero, as in Combine.
      public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

      /// The sum, saturating.
      public static func + (lhs: Stride, rhs: Stride) -> Stride {
        let (sum, overflow) = lhs.magnitude.addingReportingOverflow(rhs.magnitude)
        return Stride(nanoseconds: overflow ? (rhs.magnitude > 0 ? .max : .min) : sum)
      }

      /// Adds in place, saturating.
      public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }

      /// The difference, saturating.
      public static func - (lhs: Stride, rhs: Stride) -> Stride {
        let (difference, overflow) = lhs.magnitude.subtractingReportingOverflow(rhs.magnitude)
        return Stride(nanoseconds: overflow ? (rhs.magnitude < 0 ? .max : .min) : difference)
      }

      /// Subtracts in place, saturating.
      public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }

      /// `s` seconds, saturating.
      public static func seconds(_ s: Int) -> Stride { scaled(s, by: 1_000_000_000) }

      /// `s` seconds (fractions kept to the nanosecond), saturating.
      public static func seconds(_ s: Double) -> Stride {
        let nanoseconds = s * 1_000_000_000
        if nanoseconds >= Double(Int.max) { return Stride(nanoseconds: .max) }
        if nanoseconds <= Double(Int.min) { return Stride(nanoseconds: .min) }
        return Stride(nanoseconds: Int(nanoseconds))
      }

      /// `ms` milliseconds, saturating.
      public static func milliseconds(_ ms: Int) -> Stride { scaled(ms, by: 1_000_000) }

      /// `us` microseconds, saturating.
      public static func microseconds(_ us: Int) -> Stride { scaled(us, by: 1_000) }

      /// `ns` nanoseconds.
      public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: ns) }

      private static func scaled(_ value: Int, by factor: Int) -> Stride {
        let (product, overflow) = value.multipliedReportingOverflow(by: factor)
        return Stride(nanoseconds: overflow ? (value > 0 ? .max : .min) : product)
      }
    }
  }

  /// How a dispatch queue runs scheduled work: the quality of service, the work item flags and an
  /// optional group to enter while the work is pending.
  ///
  /// ```swift
  /// let options = DispatchQueue.SchedulerOptions(qos: .userInitiated)
  /// DispatchQueue.global().schedule(options: options) { print("urgent work") }
  /// ```
  public struct SchedulerOptions {
    /// The quality of service of the work.
    public var qos: DispatchQoS
    /// Flags for the work item.
    public var flags: DispatchWorkItemFlags
    /// A group the work is associated with (immediate scheduling only), or `nil`.
    public var group: DispatchGroup?

    /// Creates options; the defaults match `DispatchQueue.async`.
    ///
    /// - Parameters:
    ///   - qos: The quality of service.
    ///   - flags: The work item flags.
    ///   - group: A group to associate the work with.
    public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil) {
      self.qos = qos
      self.flags = flags
      self.group = group
    }
  }

  /// Zero: dispatch runs work as close to its deadline as it can.
  public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

  /// The current dispatch time.
  public var now: SchedulerTimeType { SchedulerTimeType(.now()) }

  /// Runs `action` asynchronously on this queue (`async(group:qos:flags:execute:)`).
  ///
  /// - Parameters:
  ///   - options: Quality of service, flags and group, or `nil` for the defaults.
  ///   - action: The work.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let options = options ?? SchedulerOptions()
    let work = ScheduledAction(action)
    async(group: options.group, qos: options.qos, flags: options.flags) { work.run() }
  }

  /// Runs `action` on this queue at `date` (`asyncAfter(deadline:qos:flags:execute:)`).
  ///
  /// - Parameters:
  ///   - date: The deadline.
  ///   - tolerance: Not used by `asyncAfter`; dispatch picks its own leeway.
  ///   - options: Quality of service and flags, or `nil` for the defaults.
  ///   - action: The work.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    let options = options ?? SchedulerOptions()
    let work = ScheduledAction(action)
    asyncAfter(deadline: date.dispatchTime, qos: options.qos, flags: options.flags) { work.run() }
  }

  /// Runs `action` on this queue at `date` and every `interval` after, with a dispatch timer
  /// source whose leeway is `tolerance`.
  ///
  /// - Parameters:
  ///   - date: The first deadline.
  ///   - interval: The time between runs.
  ///   - tolerance: The timer's leeway.
  ///   - options: Quality of service and flags for the handler, or `nil` for the defaults.
  ///   - action: The work.
  /// - Returns: A cancellable that cancels the timer source.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    let options = options ?? SchedulerOptions()
    let timer = DispatchSource.makeTimerSource(queue: self)
    // The handler is not `@Sendable`: the action itself becomes the block, with no closure around it.
    timer.setEventHandler(qos: options.qos, flags: options.flags, handler: action)
    timer.schedule(
      deadline: date.dispatchTime, repeating: interval.timeInterval,
      leeway: .nanoseconds(Swift.max(0, tolerance.magnitude)))
    timer.resume()
    return AnyCancellable { timer.cancel() }
  }
}
#endif
