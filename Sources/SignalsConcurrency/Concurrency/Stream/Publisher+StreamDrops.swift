// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

extension Publisher where Failure == Never, Output: Sendable {
  /// Subscribes now, with unlimited demand, and returns an `AsyncStream` of every value from here
  /// on, counting in `drops` each value the bounded `bufferingPolicy` drops.
  ///
  /// The same stream as ``Publisher/stream(bufferingPolicy:)->AsyncStream<Self.Output>``;
  /// a value counts as dropped when the stream's buffer is full and the policy discards it
  /// (`.bufferingOldest(n)` drops the new value, `.bufferingNewest(n)` the oldest buffered one).
  /// `.unbounded` never drops.
  ///
  /// ```swift
  /// let drops = DropCounter()
  /// let ticks = PassthroughSubject<Int, Never>()
  /// let latest = ticks.stream(bufferingPolicy: .bufferingNewest(1), countingDropsIn: drops)
  /// ticks.send(1)
  /// ticks.send(2)
  /// ticks.send(completion: .finished)
  /// for await tick in latest { print(tick) }
  /// print("dropped", drops.count)
  /// // Prints: 2
  /// //         dropped 1
  /// ```
  ///
  /// - Parameters:
  ///   - bufferingPolicy: How many unread values the stream keeps.
  ///   - drops: Counts (and reports) each value the buffer drops.
  /// - Returns: A stream of this publisher's values that ends when the publisher finishes.
  public func stream(
    bufferingPolicy: AsyncStream<Output>.Continuation.BufferingPolicy,
    countingDropsIn drops: DropCounter
  ) -> AsyncStream<Output> {
    let (stream, continuation) = AsyncStream.makeStream(of: Output.self, bufferingPolicy: bufferingPolicy)
    attachStream(continuation) { value in
      if case .dropped = continuation.yield(value) { drops.recordDrop() }
    }
    return stream
  }
}

extension Publisher where Output: Sendable {
  /// Subscribes now, with unlimited demand, and returns an `AsyncThrowingStream` of every value
  /// from here on, counting in `drops` each value the bounded `bufferingPolicy` drops.
  ///
  /// The failing twin of the `AsyncStream` form of `stream(bufferingPolicy:countingDropsIn:)`.
  ///
  /// ```swift
  /// struct Disconnected: Error {}
  /// let drops = DropCounter()
  /// let feed = PassthroughSubject<Int, Disconnected>()
  /// let lines = feed.stream(bufferingPolicy: .bufferingOldest(1), countingDropsIn: drops)
  /// feed.send(1)
  /// feed.send(2)  // the buffer is full: 2 is dropped
  /// print(drops.count)
  /// // Prints: 1
  /// ```
  ///
  /// - Parameters:
  ///   - bufferingPolicy: How many unread values the stream keeps.
  ///   - drops: Counts (and reports) each value the buffer drops.
  /// - Returns: A stream of this publisher's values that ends when the publisher completes.
  public func stream(
    bufferingPolicy: AsyncThrowingStream<Output, any Error>.Continuation.BufferingPolicy,
    countingDropsIn drops: DropCounter
  ) -> AsyncThrowingStream<Output, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(
      of: Output.self, throwing: (any Error).self, bufferingPolicy: bufferingPolicy)
    attachStream(continuation) { value in
      if case .dropped = continuation.yield(value) { drops.recordDrop() }
    }
    return stream
  }
}
