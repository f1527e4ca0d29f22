// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// A publisher that cannot fail, read with `for await`, one value at a time.
///
/// Each iterator subscribes when it is made and asks the publisher for **one** value per call to
/// `next()`, as Combine does. That is real back-pressure, with a consequence: a value a subject sends
/// while the loop body is still busy with the previous one finds no demand and is dropped for this
/// loop. Use `stream(bufferingPolicy:)` when every value must reach the loop, or
/// `stream(bufferingPolicy:countingDropsIn:)` to bound the buffer and count what it drops (the
/// subject's own drops, for lack of demand, never reach this bridge and cannot be counted here).
///
/// - Cancelling the iterating task cancels the subscription, and `next()` returns `nil`.
/// - Leaving the loop early (or dropping the iterator) cancels the subscription too.
/// - After the publisher finishes, `next()` returns `nil`.
///
/// ```swift
/// let numbers = [1, 2, 3].publisher
/// for await number in numbers.values {
///   print(number)
/// }
/// // Prints: 1
/// //         2
/// //         3
/// ```
public struct AsyncPublisher<P: Publisher>: AsyncSequence where P.Failure == Never, P.Output: Sendable {
  /// The values of the publisher.
  public typealias Element = P.Output

  /// Reads the values of one subscription to the publisher.
  ///
  /// An iterator is not `Sendable`: use it from the task that made it.
  public struct Iterator: AsyncIteratorProtocol {
    private let lifetime: AsyncPublisherLifetime<P.Output, Never>

    fileprivate init(_ publisher: P) {
      let storage = AsyncPublisherStorage<P.Output, Never>()
      lifetime = AsyncPublisherLifetime(storage)
      publisher.subscribe(storage)
    }

    /// Asks the publisher for one value and waits for it.
    ///
    /// ```swift
    /// var iterator = Just(7).values.makeAsyncIterator()
    /// print(await iterator.next() as Any)  // Optional(7)
    /// print(await iterator.next() as Any)  // nil
    /// ```
    ///
    /// - Returns: The next value, or `nil` once the publisher finished or the task was cancelled.
    public mutating func next() async -> P.Output? {
      var ticket = 0
      return await lifetime.storage.next(ticket: &ticket)
    }
  }

  private let publisher: P

  /// Wraps `publisher`; prefer `values`.
  ///
  /// ```swift
  /// let values = AsyncPublisher(Just(1))
  /// ```
  ///
  /// - Parameter publisher: The publisher to read.
  public init(_ publisher: P) {
    self.publisher = publisher
  }

  /// Subscribes to the publisher and returns an iterator over its values.
  ///
  /// ```swift
  /// var iterator = Just("a").values.makeAsyncIterator()
  /// ```
  ///
  /// - Returns: An iterator that asks for one value per `next()`.
  public func makeAsyncIterator() -> Iterator {
    Iterator(publisher)
  }
}

extension AsyncPublisher: Sendable where P: Sendable {}

@available(*, unavailable)
extension AsyncPublisher.Iterator: Sendable {}

extension Publisher where Failure == Never, Output: Sendable {
  /// The values of this publisher as an async sequence, one value requested per iteration.
  ///
  /// Demand is one at a time (Combine's behaviour): a value sent by a subject while the loop body
  /// runs is dropped for this loop. When no value may be dropped, use `stream(bufferingPolicy:)`,
  /// which subscribes with unlimited demand and buffers.
  ///
  /// ```swift
  /// let cancellable = Task {
  ///   for await word in ["to", "be"].publisher.values { print(word) }
  /// }
  /// // Prints: to
  /// //         be
  /// ```
  public var values: AsyncPublisher<Self> {
    AsyncPublisher(self)
  }
}
#endif
