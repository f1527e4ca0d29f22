// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

/// A publisher that reads an async sequence, pulling an element only when a subscriber asked for
/// one.
///
/// Make one with ``_Concurrency/AsyncSequence/publisher``. Each subscription starts its own task
/// when the subscriber first requests values, and:
///
/// - **no read-ahead**: the sequence's `next()` is called only while demand is outstanding, so no
///   element is taken from the source that nobody asked for;
/// - finishes when `next()` returns `nil`, and fails with the sequence's own typed error (`Failure`
///   is `Never` for an `AsyncStream`);
/// - cancelling the subscription cancels the iterating task, which the sequence sees as task
///   cancellation.
///
/// Values are delivered from the iterating task, one at a time.
///
/// ```swift
/// let (numbers, input) = AsyncStream.makeStream(of: Int.self)
/// input.yield(1)
/// input.yield(2)
/// input.finish()
/// let cancellable = numbers.publisher.sink(
///   receiveCompletion: { print("end:", $0) },
///   receiveValue: { print($0) })
/// // Prints (from the task): 1
/// //                         2
/// //                         end: finished
/// ```
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
public struct AsyncSequencePublisher<Base: AsyncSequence & Sendable>: Publisher {
  /// The sequence's elements.
  public typealias Output = Base.Element
  /// The sequence's own error type.
  public typealias Failure = Base.Failure

  /// The sequence read by each subscription.
  public let base: Base

  /// Wraps `base`; prefer ``_Concurrency/AsyncSequence/publisher``.
  ///
  /// ```swift
  /// let publisher = AsyncSequencePublisher(AsyncStream<Int> { $0.finish() })
  /// ```
  ///
  /// - Parameter base: The sequence to read.
  public init(_ base: Base) {
    self.base = base
  }

  /// Hands `subscriber` a subscription whose task iterates `base` once values are requested.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: AsyncSequencePublisherStorage(base: base, downstream: subscriber))
  }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
extension AsyncSequencePublisher: Sendable {}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
extension AsyncSequence where Self: Sendable {
  /// A publisher of this sequence's elements that pulls one only when a subscriber asked for it.
  ///
  /// Lazy: iteration starts when a subscriber first requests values, in a task of its own. The
  /// publisher's `Failure` is the sequence's typed failure, so an `AsyncStream` gives a publisher
  /// that cannot fail. See ``AsyncSequencePublisher``.
  ///
  /// ```swift
  /// let (ticks, input) = AsyncStream.makeStream(of: String.self)
  /// let cancellable = ticks.publisher.sink { print($0) }
  /// input.yield("tick")
  /// // Prints: tick
  /// ```
  public var publisher: AsyncSequencePublisher<Self> {
    AsyncSequencePublisher(self)
  }
}
