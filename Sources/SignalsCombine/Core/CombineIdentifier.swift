// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// A unique identity for a subscriber or subscription, used when debugging a pipeline.
///
/// `CombineIdentifier()` makes a new, process-unique identifier; `CombineIdentifier(object)`
/// identifies an object by its address, so two identifiers of one object are equal.
///
/// ```swift
/// let a = CombineIdentifier()
/// let b = CombineIdentifier()
/// print(a == b)  // false
/// ```
public struct CombineIdentifier: Hashable, Sendable, CustomStringConvertible {
  private let rawValue: UInt64

  /// Creates a new identifier, different from every other one made this way.
  ///
  /// ```swift
  /// let id = CombineIdentifier()
  /// ```
  public init() {
    // Relaxed is enough: uniqueness needs only that no two increments of `nextIdentifier` return
    // the same value, and every atomic read-modify-write of one word reads the value the one
    // before it wrote (C11's single modification order), whatever the ordering. The identifier
    // publishes no other memory, so no acquire or release is needed. (On a 32-bit platform the
    // word wraps after 2^32 identifiers, which the lock's UInt64 did not.)
    rawValue = UInt64(UInt(bitPattern: nextIdentifier.loadThenWrappingIncrement(ordering: .relaxed)))
  }

  /// Creates the identifier of `object`: equal for the same object, different for others alive
  /// at the same time.
  ///
  /// ```swift
  /// final class Box {}
  /// let box = Box()
  /// print(CombineIdentifier(box) == CombineIdentifier(box))  // true
  /// ```
  ///
  /// - Parameter object: The object to identify.
  public init(_ object: AnyObject) {
    rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(object)))
  }

  /// The identifier in hexadecimal, like `0x1f`.
  public var description: String {
    "0x" + String(rawValue, radix: 16)
  }
}

/// The counter behind ``CombineIdentifier/init()``: an atomic rather than a lock, since each stage
/// of a chain of struct subscribers (`map`, `filter`, …) makes one as it subscribes; measured, an
/// identifier cost 8 ns instead of 10 (`Documentation/Performance.md`, "The one atomic").
private let nextIdentifier = Atomic.make(1)

/// A type that carries a ``CombineIdentifier``; subscribers and subscriptions conform.
///
/// Classes get an identifier from their address for free.
///
/// ```swift
/// final class Logger: CustomCombineIdentifierConvertible {}
/// print(Logger().combineIdentifier)  // 0x…
/// ```
public protocol CustomCombineIdentifierConvertible {
  /// The identifier of this instance.
  var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
  /// The identifier of this object, from its address.
  public var combineIdentifier: CombineIdentifier {
    CombineIdentifier(self)
  }
}
#endif
