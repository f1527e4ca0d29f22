// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

extension Publisher {
  /// Shares one run of this publisher among many subscribers through a subject that
  /// `createSubject` makes, once, on first use.
  ///
  /// Subscribers attach to the subject and receive nothing until you call
  /// ``ConnectablePublisher/connect()``, which subscribes the subject to this publisher. That lets
  /// every subscriber attach before the first value flows, so none misses the start.
  ///
  /// ```swift
  /// let numbers = [1, 2, 3].publisher.multicast { PassthroughSubject<Int, Never>() }
  /// let a = numbers.sink { print("a", $0) }
  /// let b = numbers.sink { print("b", $0) }
  /// let connection = numbers.connect()
  /// // Prints: a 1, b 1, a 2, b 2, a 3, b 3 (one per line)
  /// ```
  ///
  /// - Note: Demand: each subscriber's demand goes to the subject (a ``PassthroughSubject`` drops
  ///   a value for a subscriber without demand). The subject decides what it asks of this
  ///   publisher; Signals' subjects ask for unlimited values once a subscriber has demand.
  /// - Note: Threading: values reach subscribers on the thread the subject sends them on.
  /// - Important: Completion: the subject completes every subscriber, and a subscriber that
  ///   attaches later gets the completion at once; the publisher is not subscribed again until the
  ///   next ``ConnectablePublisher/connect()``.
  ///
  /// - Parameter createSubject: Makes the subject; called once, by the first `subscribe` or
  ///   `connect()`, on that caller's thread. If two threads make that first call at the same
  ///   moment it may run twice, and only the first subject made is kept.
  /// - Returns: A connectable publisher.
  public func multicast<S: Subject>(
    _ createSubject: @escaping () -> S
  ) -> Publishers.Multicast<Self, S> where Failure == S.Failure, Output == S.Output {
    Publishers.Multicast(upstream: self, createSubject: createSubject)
  }

  /// Shares one run of this publisher among many subscribers through `subject`.
  ///
  /// The same as ``Publisher/multicast(_:)`` with a subject you already have, for example a
  /// ``CurrentValueSubject`` whose value new subscribers should see first.
  ///
  /// ```swift
  /// let latest = CurrentValueSubject<Int, Never>(0)
  /// let numbers = [1, 2].publisher.multicast(subject: latest)
  /// let a = numbers.sink { print("a", $0) }  // Prints: a 0
  /// let connection = numbers.connect()       // Prints: a 1, then a 2
  /// ```
  ///
  /// - Note: Demand, threading and completion are those of ``Publisher/multicast(_:)``.
  ///
  /// - Parameter subject: The subject to subscribe subscribers and, on connect, this publisher to.
  /// - Returns: A connectable publisher.
  public func multicast<S: Subject>(
    subject: S
  ) -> Publishers.Multicast<Self, S> where Failure == S.Failure, Output == S.Output {
    Publishers.Multicast(upstream: self) { subject }
  }
}

extension Publishers {
  /// The connectable publisher ``Publisher/multicast(_:)`` and ``Publisher/multicast(subject:)``
  /// return: subscribers attach to a subject, and ``connect()`` subscribes the subject to the
  /// upstream.
  ///
  /// Each ``connect()`` makes a new subscription of the (same) subject to the upstream; cancel the
  /// returned value to end that subscription.
  ///
  /// ```swift
  /// let multicast = Publishers.Multicast(upstream: [1, 2].publisher) { PassthroughSubject<Int, Never>() }
  /// let cancellable = multicast.sink { print($0) }
  /// let connection = multicast.connect()  // Prints: 1, then 2
  /// ```
  public final class Multicast<Upstream: Publisher, SubjectType: Subject>: ConnectablePublisher
  where Upstream.Failure == SubjectType.Failure, Upstream.Output == SubjectType.Output {
    /// The upstream's output.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher the subject is subscribed to on ``connect()``.
    public let upstream: Upstream
    /// Makes the subject, once, on first use.
    public let createSubject: () -> SubjectType
    /// The subject, once made.
    private let subject = LockedState<SubjectType?>.make(nil)

    /// Creates the publisher; ``Publisher/multicast(_:)`` is the usual way.
    ///
    /// - Parameters:
    ///   - upstream: The publisher to share.
    ///   - createSubject: Makes the subject, once, on first use.
    public init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
      self.upstream = upstream
      self.createSubject = createSubject
    }

    /// The subject, made on first use. `createSubject` runs outside the lock; when two threads race
    /// to make it, the first one stored wins and the other is discarded (after unlocking).
    private var lazySubject: SubjectType {
      if let existing = subject.withLock({ $0 }) { return existing }
      let made = createSubject()
      let (kept, discarded) = subject.withLock { stored -> (SubjectType, SubjectType?) in
        if let stored { return (stored, made) }
        stored = made
        return (made, nil)
      }
      withExtendedLifetime(discarded) {}
      return kept
    }

    /// Attaches `subscriber` to the subject.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      lazySubject.subscribe(MulticastInner(downstream: subscriber))
    }

    /// Subscribes the subject to the upstream; values start to flow.
    ///
    /// ```swift
    /// let multicast = [1].publisher.multicast { PassthroughSubject<Int, Never>() }
    /// let cancellable = multicast.sink { print($0) }
    /// let connection = multicast.connect()  // Prints: 1
    /// ```
    ///
    /// - Returns: A cancellable that ends this connection (the subject's subscription to the
    ///   upstream).
    public func connect() -> any Cancellable {
      upstream.subscribe(lazySubject)
    }
  }
}

/// Stands between the subject and one subscriber: it hands the subscriber its own subscription,
/// passes the demand each value returns back to the subject as a request, and drops the
/// subscriber once the subscription ends.
///
/// The per-value path builds no generic type (Internals, rule 9): the lock guards a status that is
/// not generic, and the subscriber waits beside it in a box, whose optional reference is copied
/// without a metadata lookup where an optional of the subscriber itself (or a tuple holding it)
/// is not. The subscriber is released when the link ends, always outside the lock (its `deinit`
/// may be user code).
private final class MulticastInner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
  CustomReflectable, CustomPlaygroundDisplayConvertible
{
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private let state = LockedState.make(SubscriptionStatus.awaitingSubscription)
  /// Guarded by `state`'s lock: the subscriber, until the link ends (completion or cancel).
  private var target: HeldSubscriber<Downstream>?

  init(downstream: Downstream) {
    target = HeldSubscriber(downstream)
  }

  var description: String { "Multicast" }

  var customMirror: Mirror { Mirror(self, children: [:]) }

  var playgroundDescription: Any { description }

  func receive(subscription: any Subscription) {
    let accepted = state.withLock { status in status.accept(subscription) ? target : nil }
    guard let accepted else {
      subscription.cancel()
      return
    }
    accepted.downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    var subscription: (any Subscription)?
    let attached = state.withLock { status -> HeldSubscriber<Downstream>? in
      subscription = status.subscription
      return subscription == nil ? nil : target
    }
    guard let attached, let subscription else { return .none }
    let demand = attached.downstream.receive(input)
    if demand > 0 { subscription.request(demand) }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let ended = state.withLock { status -> HeldSubscriber<Downstream>? in
      guard status.isSubscribed else { return nil }
      status = .terminal
      defer { target = nil }
      return target
    }
    ended?.downstream.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { $0.subscription }?.request(demand)
  }

  func cancel() {
    let (subscription, released) = state.withLock { status -> ((any Subscription)?, HeldSubscriber<Downstream>?) in
      defer {
        status = .terminal
        target = nil
      }
      return (status.subscription, target)
    }
    // The subscriber is released here, after unlocking.
    withExtendedLifetime(released) {}
    subscription?.cancel()
  }
}

// Safety: the mutable state is `state`, a `LockedState`, and `target`, touched only inside
// `state.withLock`.
extension MulticastInner: @unchecked Sendable {}

// Safety: the only mutable state is `subject`, a `LockedState`; `upstream` is immutable and
// `Sendable` here. `createSubject` is the caller's closure, documented to run on whichever thread
// first subscribes or connects (at most once per winner of that race), as in Combine; the
// closures Signals itself passes (`{ subject }`, `{ ReplaySubject(...) }`) capture only `Sendable`
// values.
extension Publishers.Multicast: @unchecked Sendable where Upstream: Sendable, SubjectType: Sendable {}
#endif
