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
/// ``Publisher/stream(bufferingPolicy:countingDropsIn:)->AsyncStream<Self.Output>``. One counter may serve
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
  /// The drops so far: an atomic, as it stands alone and publishes no other memory.
  private let dropped = Atomic.make(0)
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
    // Relaxed is enough: the count publishes no other memory. A reader that is ordered after a
    // drop by anything else (the dropping thread itself, a task it finished, a lock, the
    // `onDrop` callback's own hand-off) sees that drop, since a load that happens after a store
    // of the same atomic reads it or a later value (C11's read-write coherence); an unordered
    // reader sees some count that was true at some moment, as with the lock.
    dropped.load(ordering: .relaxed)
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
    // Relaxed is enough: increments of one word are never lost whatever their ordering (each
    // read-modify-write reads the value the one before it wrote), and `onDrop` runs after it on
    // this same thread, so whatever `onDrop` reads of `count` includes this drop.
    dropped.loadThenWrappingIncrement(ordering: .relaxed)
    onDrop?()
  }
}
