// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// A type that can deliver a sequence of values over time to subscribers.
///
/// A publisher does nothing until a ``Subscriber`` attaches: ``receive(subscriber:)`` hands the
/// subscriber a ``Subscription``, the subscriber requests values through it with a
/// ``Subscribers/Demand``, and the publisher sends at most that many values, followed by at most one
/// ``Subscribers/Completion``. This is Combine's contract, name for name.
///
/// Implement ``receive(subscriber:)`` to make a new publisher; call ``subscribe(_:)->()``
/// to attach a subscriber (never call `receive(subscriber:)` directly).
///
/// ```swift
/// import Signals
///
/// let cancellable = [1, 2, 3].publisher.sink { print($0) }
/// // Prints: 1, 2, 3 (one per line)
/// ```
public protocol Publisher<Output, Failure> {
  /// The kind of values this publisher produces.
  associatedtype Output

  /// The kind of error this publisher may fail with; `Never` if it cannot fail.
  associatedtype Failure: Error

  /// Attaches `subscriber` to this publisher.
  ///
  /// Called by ``subscribe(_:)->()``. A conforming type must call the subscriber's
  /// ``Subscriber/receive(subscription:)`` exactly once before any value or completion.
  ///
  /// ```swift
  /// struct Three: Publisher {
  ///   typealias Output = Int
  ///   typealias Failure = Never
  ///   func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
  ///     [1, 2, 3].publisher.receive(subscriber: subscriber)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter subscriber: The subscriber to attach.
  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
  /// Attaches `subscriber` to this publisher.
  ///
  /// This is the entry point every operator and every user should call; it forwards to
  /// ``Publisher/receive(subscriber:)``.
  ///
  /// ```swift
  /// let recorder = AnySubscriber<Int, Never>(
  ///   receiveSubscription: { $0.request(.unlimited) },
  ///   receiveValue: { print($0); return .none },
  ///   receiveCompletion: { print($0) })
  /// Just(7).subscribe(recorder)
  /// // Prints: 7
  /// //         finished
  /// ```
  ///
  /// - Parameter subscriber: The subscriber to attach.
  @inline(__always)
  public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
    receive(subscriber: subscriber)
  }
}
#endif
