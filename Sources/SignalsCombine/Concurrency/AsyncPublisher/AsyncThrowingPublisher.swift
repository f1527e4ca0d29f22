// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// A publisher that can fail, read with `for try await`, one value at a time.
///
/// The throwing twin of ``AsyncPublisher``: each iterator subscribes when it is made and asks for
/// one value per `next()`; the publisher's failure is thrown from `next()`. A value a subject sends
/// while the loop body runs finds no demand and is dropped for this loop; use
/// `stream(bufferingPolicy:)` when every value must arrive.
///
/// - Cancelling the iterating task cancels the subscription, and `next()` returns `nil` (it does
///   not throw `CancellationError`).
/// - Leaving the loop early (or dropping the iterator) cancels the subscription too.
///
/// ```swift
/// struct Offline: Error {}
/// let subject = CurrentValueSubject<Int, Offline>(1)
/// Task {
///   do {
///     for try await value in subject.values { print(value) }
///   } catch {
///     print("failed:", error)
///   }
/// }
/// subject.send(completion: .failure(Offline()))
/// // Prints: 1
/// //         failed: Offline()
/// ```
public struct AsyncThrowingPublisher<P: Publisher>: AsyncSequence where P.Output: Sendable {
  /// The values of the publisher.
  public typealias Element = P.Output

  /// Reads the values of one subscription to the publisher.
  ///
  /// An iterator is not `Sendable`: use it from the task that made it.
  public struct Iterator: AsyncIteratorProtocol {
    private let lifetime: AsyncPublisherLifetime<P.Output, P.Failure>

    fileprivate init(_ publisher: P) {
      let storage = AsyncPublisherStorage<P.Output, P.Failure>()
      lifetime = AsyncPublisherLifetime(storage)
      publisher.subscribe(storage)
    }

    /// Asks the publisher for one value and waits for it.
    ///
    /// ```swift
    /// var iterator = Fail<Int, URLError>(error: URLError(.timedOut)).values.makeAsyncIterator()
    /// _ = try await iterator.next()  // throws URLError(.timedOut)
    /// ```
    ///
    /// - Returns: The next value, or `nil` once the publisher finished or the task was cancelled.
    /// - Throws: The publisher's failure, once.
    public mutating func next() async throws -> P.Output? {
      var ticket = 0
      let value = await lifetime.storage.next(ticket: &ticket)
      if value == nil, let failure = lifetime.storage.takeFailure(ticket: ticket) { throw failure }
      return value
    }
  }

  private let publisher: P

  /// Wraps `publisher`; prefer ``Publisher/values-7m7nj``.
  ///
  /// ```swift
  /// let values = AsyncThrowingPublisher(PassthroughSubject<Int, any Error>())
  /// ```
  ///
  /// - Parameter publisher: The publisher to read.
  public init(_ publisher: P) {
    self.publisher = publisher
  }

  /// Subscribes to the publisher and returns an iterator over its values.
  ///
  /// ```swift
  /// var iterator = PassthroughSubject<Int, any Error>().values.makeAsyncIterator()
  /// ```
  ///
  /// - Returns: An iterator that asks for one value per `next()`.
  public func makeAsyncIterator() -> Iterator {
    Iterator(publisher)
  }
}

extension AsyncThrowingPublisher: Sendable where P: Sendable {}

@available(*, unavailable)
extension AsyncThrowingPublisher.Iterator: Sendable {}

extension Publisher where Output: Sendable {
  /// The values of this publisher as a throwing async sequence, one value requested per iteration.
  ///
  /// The publisher's failure is thrown from the loop. Demand is one at a time (Combine's
  /// behaviour); use `stream(bufferingPolicy:)` when no value may be dropped.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<String, any Error>()
  /// Task {
  ///   for try await line in subject.values { print(line) }
  /// }
  /// ```
  public var values: AsyncThrowingPublisher<Self> {
    AsyncThrowingPublisher(self)
  }
}
#endif
