// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// A publisher that makes a fresh publisher for each subscriber, when that subscriber attaches.
///
/// Use it to postpone work until someone subscribes, or to give every subscriber its own run of
/// the work (a ``Future`` starts at once and shares one result; wrapped in `Deferred`, it starts
/// once per subscriber, at subscription). Demand, completion and cancellation are those of the
/// publisher the closure returns.
///
/// ```swift
/// let stamp = Deferred { Just(Int.random(in: 1...100)) }
/// let first = stamp.sink { print("first:", $0) }
/// let second = stamp.sink { print("second:", $0) }
/// // Prints two independent numbers, for example: first: 17
/// //                                              second: 64
/// ```
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
  /// The created publisher's output.
  public typealias Output = DeferredPublisher.Output

  /// The created publisher's failure.
  public typealias Failure = DeferredPublisher.Failure

  /// The closure that makes a publisher for each subscriber.
  public let createPublisher: () -> DeferredPublisher

  /// Creates a publisher that calls `createPublisher` once per subscriber.
  ///
  /// ```swift
  /// let lazyGreeting = Deferred { Just("made on subscription") }
  /// ```
  ///
  /// - Parameter createPublisher: Makes the publisher a new subscriber attaches to; called on the
  ///   subscribing thread, at subscription.
  public init(createPublisher: @escaping () -> DeferredPublisher) {
    self.createPublisher = createPublisher
  }

  /// Makes a publisher with ``createPublisher`` and attaches `subscriber` to it.
  ///
  /// - Parameter subscriber: The subscriber to attach.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    createPublisher().subscribe(subscriber)
  }
}
#endif
