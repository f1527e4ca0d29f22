// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// Namespace for subscriber types and the values that travel to subscribers.
///
/// ```swift
/// let demand: Subscribers.Demand = .max(3)
/// let end: Subscribers.Completion<Never> = .finished
/// ```
public enum Subscribers {}

extension Subscribers {
  /// How many values a subscriber asks for: a count, or ``unlimited``.
  ///
  /// Arithmetic saturates as in Combine: anything plus ``unlimited`` is ``unlimited``, a result that
  /// would overflow becomes ``unlimited``, and a result that would be negative becomes ``none``.
  /// ``unlimited`` minus anything stays ``unlimited``. Demands compare with each other and with `Int`
  /// (``unlimited`` is greater than every `Int`).
  ///
  /// ```swift
  /// var demand = Subscribers.Demand.max(2)
  /// demand += 3           // max(5)
  /// demand -= 10          // max(0), never negative
  /// print(demand == .none, Subscribers.Demand.unlimited > 1_000)  // true true
  /// ```
  public struct Demand: Equatable, Comparable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The count; `unlimitedRawValue` stands for ``unlimited``.
    @usableFromInline let rawValue: UInt

    @usableFromInline static let unlimitedRawValue = UInt(Int.max) + 1

    @inlinable init(rawValue: UInt) {
      self.rawValue = Swift.min(rawValue, Demand.unlimitedRawValue)
    }

    /// As many values as the publisher can produce.
    ///
    /// ```swift
    /// Just(1).subscribe(AnySubscriber(receiveSubscription: { $0.request(.unlimited) }))
    /// ```
    @inlinable public static var unlimited: Demand { Demand(rawValue: unlimitedRawValue) }

    /// No values: the same as `.max(0)`.
    ///
    /// ```swift
    /// print(Subscribers.Demand.none == .max(0))  // true
    /// ```
    @inlinable public static var none: Demand { Demand(rawValue: 0) }

    /// At most `value` values.
    ///
    /// ```swift
    /// let three = Subscribers.Demand.max(3)
    /// ```
    ///
    /// - Parameter value: The count; must not be negative.
    /// - Returns: The demand.
    @inlinable public static func max(_ value: Int) -> Demand {
      precondition(value >= 0, "Subscribers.Demand.max(\(value)): demand cannot be negative")
      return Demand(rawValue: UInt(value))
    }

    /// The count, or `nil` for ``unlimited``.
    ///
    /// ```swift
    /// print(Subscribers.Demand.max(4).max as Any)       // Optional(4)
    /// print(Subscribers.Demand.unlimited.max as Any)    // nil
    /// ```
    @inlinable public var max: Int? {
      rawValue == Demand.unlimitedRawValue ? nil : Int(rawValue)
    }

    /// `unlimited`, or `max(n)`, as Combine prints it.
    public var description: String {
      rawValue == Demand.unlimitedRawValue ? "unlimited" : "max(\(rawValue))"
    }

    /// Clamps a signed result into the range a demand can hold.
    @inlinable static func clamped(_ value: Int, overflow: Bool) -> Demand {
      if overflow { return value < 0 ? .unlimited : .none }
      return value <= 0 ? .none : Demand(rawValue: UInt(value))
    }

    /// The sum, saturating at ``unlimited``.
    @inlinable public static func + (lhs: Demand, rhs: Demand) -> Demand {
      guard let left = lhs.max, let right = rhs.max else { return .unlimited }
      let (sum, overflow) = left.addingReportingOverflow(right)
      return overflow ? .unlimited : Demand(rawValue: UInt(sum))
    }

    /// Adds `rhs` to `lhs`, saturating at ``unlimited``.
    @inlinable public static func += (lhs: inout Demand, rhs: Demand) {
      lhs = lhs + rhs
    }

    /// The sum; ``unlimited`` stays ``unlimited`` and a negative result becomes ``none``.
    @inlinable public static func + (lhs: Demand, rhs: Int) -> Demand {
      guard let left = lhs.max else { return .unlimited }
      let (sum, overflow) = left.addingReportingOverflow(rhs)
      return clamped(sum, overflow: overflow)
    }

    /// Adds `rhs` to `lhs`; ``unlimited`` stays ``unlimited``.
    @inlinable public static func += (lhs: inout Demand, rhs: Int) {
      lhs = lhs + rhs
    }

    /// The product; ``unlimited`` stays ``unlimited`` and a negative result becomes ``none``.
    @inlinable public static func * (lhs: Demand, rhs: Int) -> Demand {
      guard let left = lhs.max else { return .unlimited }
      let (product, overflow) = left.multipliedReportingOverflow(by: rhs)
      return clamped(product, overflow: overflow)
    }

    /// Multiplies `lhs` by `rhs`; ``unlimited`` stays ``unlimited``.
    @inlinable public static func *= (lhs: inout Demand, rhs: Int) {
      lhs = lhs * rhs
    }

    /// The difference: ``unlimited`` minus anything is ``unlimited``, anything else minus
    /// ``unlimited`` is ``none``, and a negative result becomes ``none``.
    @inlinable public static func - (lhs: Demand, rhs: Demand) -> Demand {
      guard let left = lhs.max else { return .unlimited }
      guard let right = rhs.max else { return .none }
      return left > right ? Demand(rawValue: UInt(left - right)) : .none
    }

    /// Subtracts `rhs` from `lhs` (see ``Subscribers/Demand/-(_:_:)-3t00m``).
    @inlinable public static func -= (lhs: inout Demand, rhs: Demand) {
      lhs = lhs - rhs
    }

    /// The difference; ``unlimited`` stays ``unlimited``, and a negative result, or one past
    /// `Int.max` (subtracting a negative count), becomes ``none``, as in Combine.
    ///
    /// ```swift
    /// print(Subscribers.Demand.max(5) - 2)  // max(3)
    /// print(Subscribers.Demand.max(Int.max) - (-1))  // max(0)
    /// ```
    @inlinable public static func - (lhs: Demand, rhs: Int) -> Demand {
      guard let left = lhs.max else { return .unlimited }
      let (difference, overflow) = left.subtractingReportingOverflow(rhs)
      return overflow ? .none : clamped(difference, overflow: false)
    }

    /// Subtracts `rhs` from `lhs`; ``unlimited`` stays ``unlimited``.
    @inlinable public static func -= (lhs: inout Demand, rhs: Int) {
      lhs = lhs - rhs
    }

    /// Orders demands; ``unlimited`` is the greatest.
    @inlinable public static func < (lhs: Demand, rhs: Demand) -> Bool {
      lhs.rawValue < rhs.rawValue
    }

    /// Compares a demand with a count; ``unlimited`` is greater than every count.
    @inlinable public static func < (lhs: Demand, rhs: Int) -> Bool {
      guard let left = lhs.max else { return false }
      return left < rhs
    }

    /// Compares a demand with a count; ``unlimited`` is greater than every count.
    @inlinable public static func <= (lhs: Demand, rhs: Int) -> Bool {
      guard let left = lhs.max else { return false }
      return left <= rhs
    }

    /// Compares a demand with a count; ``unlimited`` is greater than every count.
    @inlinable public static func > (lhs: Demand, rhs: Int) -> Bool {
      guard let left = lhs.max else { return true }
      return left > rhs
    }

    /// Compares a demand with a count; ``unlimited`` is greater than every count.
    @inlinable public static func >= (lhs: Demand, rhs: Int) -> Bool {
      guard let left = lhs.max else { return true }
      return left >= rhs
    }

    /// Compares a count with a demand; ``unlimited`` is greater than every count.
    @inlinable public static func < (lhs: Int, rhs: Demand) -> Bool {
      guard let right = rhs.max else { return true }
      return lhs < right
    }

    /// Compares a count with a demand; ``unlimited`` is greater than every count.
    @inlinable public static func <= (lhs: Int, rhs: Demand) -> Bool {
      guard let right = rhs.max else { return true }
      return lhs <= right
    }

    /// Compares a count with a demand; ``unlimited`` is greater than every count.
    @inlinable public static func > (lhs: Int, rhs: Demand) -> Bool {
      guard let right = rhs.max else { return false }
      return lhs > right
    }

    /// Compares a count with a demand; ``unlimited`` is greater than every count.
    @inlinable public static func >= (lhs: Int, rhs: Demand) -> Bool {
      guard let right = rhs.max else { return false }
      return lhs >= right
    }

    /// Whether a demand equals a count; ``unlimited`` equals no count.
    @inlinable public static func == (lhs: Demand, rhs: Int) -> Bool {
      lhs.max == rhs
    }

    /// Whether a demand differs from a count; ``unlimited`` differs from every count.
    @inlinable public static func != (lhs: Demand, rhs: Int) -> Bool {
      lhs.max != rhs
    }

    /// Whether a count equals a demand; ``unlimited`` equals no count.
    @inlinable public static func == (lhs: Int, rhs: Demand) -> Bool {
      lhs == rhs.max
    }

    /// Whether a count differs from a demand; ``unlimited`` differs from every count.
    @inlinable public static func != (lhs: Int, rhs: Demand) -> Bool {
      lhs != rhs.max
    }

    /// Decodes the count as Combine encodes it: one unsigned integer.
    public init(from decoder: any Decoder) throws {
      self.init(rawValue: try decoder.singleValueContainer().decode(UInt.self))
    }

    /// Encodes the count as one unsigned integer.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(rawValue)
    }
  }
}
#endif
