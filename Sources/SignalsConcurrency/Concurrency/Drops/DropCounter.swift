// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

/// Counts the values a bridge dropped by policy, and optionally tells you of each drop.
///
/// Pass one to the bridges that may drop: ``AsyncSinkPolicy/dropWhileBusy(countingDropsIn:)`` and
/// ``Publisher/stream(bufferingPolicy:countingDropsIn:)-(_,DropCounter)``. One counter may serve
/// several bridges; it then counts the drops of all of them.
///
/// ```swift
/// let drops = DropCounter { print("dropped one") }
/// let subject = PassthroughSubject<Int, Never>()
/// let stream = subject.stream(bufferingPolicy: .bufferingNewest(1), countingDropsIn: drops)
/// subject.send(1)
/// subject.send(2)  // nobody is reading: 1 makes room for 2
/// print(drops.count)
/// // Prints: dropped one
/// //         1
/// ```
public final class DropCounter: Sendable, CustomStringConvertible {
  private let dropped = LockedState.make(0)
  private let onDrop: (@Sendable () -> Void)?

  /// Creates a counter at zero.
  ///
  /// ```swift
  /// let drops = DropCounter()
  /// print(drops.count)
  /// // Prints: 0
  /// ```
  public init() {
    onDrop = nil
  }

  /// Creates a counter at zero that also calls `onDrop` after counting each drop.
  ///
  /// `onDrop` runs on the thread that dropped the value, outside any lock of Signals; keep it short.
  ///
  /// ```swift
  /// let drops = DropCounter { print("a value was dropped") }
  /// ```
  ///
  /// - Parameter onDrop: Called once per dropped value.
  public init(onDrop: @escaping @Sendable () -> Void) {
    self.onDrop = onDrop
  }

  /// How many values were dropped so far.
  ///
  /// ```swift
  /// let drops = DropCounter()
  /// print(drops.count)
  /// // Prints: 0
  /// ```
  public var count: Int {
    dropped.withLock { $0 }
  }

  /// The count, for logs.
  ///
  /// ```swift
  /// print(DropCounter())
  /// // Prints: DropCounter(0)
  /// ```
  public var description: String { "DropCounter(\(count))" }

  /// Counts one drop, then calls `onDrop`.
  func recordDrop() {
    dropped.withLock { $0 += 1 }
    onDrop?()
  }
}
