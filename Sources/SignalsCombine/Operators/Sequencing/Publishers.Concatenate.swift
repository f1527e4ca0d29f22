// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

extension Publisher {
  /// Publishes the given values before any value of this publisher.
  ///
  /// ```swift
  /// let cancellable = [3, 4].publisher.prepend(1, 2).sink { print($0, terminator: " ") }
  /// // Prints: 1 2 3 4
  /// ```
  ///
  /// - Note: This publisher is subscribed only after the values were delivered; demand left over
  ///   carries to it. See ``Publishers/Concatenate``.
  ///
  /// - Parameter elements: The values to publish first.
  /// - Returns: A ``Publishers/Concatenate`` of the values and this publisher.
  public func prepend(_ elements: Output...) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
    prepend(elements)
  }

  /// Publishes the elements of a sequence before any value of this publisher.
  ///
  /// ```swift
  /// let cancellable = Just(3).prepend(1...2).sink { print($0, terminator: " ") }
  /// // Prints: 1 2 3
  /// ```
  ///
  /// - Note: This publisher is subscribed only after the elements were delivered.
  ///
  /// - Parameter elements: The sequence to publish first.
  /// - Returns: A ``Publishers/Concatenate`` of the sequence and this publisher.
  public func prepend<S: Sequence>(_ elements: S) -> Publishers.Concatenate<Publishers.Sequence<S, Failure>, Self>
  where Output == S.Element {
    Publishers.Concatenate(prefix: Publishers.Sequence(sequence: elements), suffix: self)
  }

  /// Publishes the values of another publisher before any value of this publisher.
  ///
  /// ```swift
  /// let cached = Just("cached")
  /// let cancellable = Just("fresh").prepend(cached).sink { print($0) }
  /// // Prints: cached
  /// //         fresh
  /// ```
  ///
  /// - Note: This publisher is subscribed only once `publisher` finishes; if it fails, this
  ///   publisher is never subscribed.
  ///
  /// - Parameter publisher: The publisher whose values come first.
  /// - Returns: A ``Publishers/Concatenate`` of `publisher` and this publisher.
  public func prepend<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<P, Self>
  where Failure == P.Failure, Output == P.Output {
    Publishers.Concatenate(prefix: publisher, suffix: self)
  }

  /// Publishes the given values after this publisher finishes.
  ///
  /// ```swift
  /// let cancellable = [1, 2].publisher.append(3, 4).sink { print($0, terminator: " ") }
  /// // Prints: 1 2 3 4
  /// ```
  ///
  /// - Note: The values follow only a successful finish; a failure is delivered as it is.
  ///
  /// - Parameter elements: The values to publish last.
  /// - Returns: A ``Publishers/Concatenate`` of this publisher and the values.
  public func append(_ elements: Output...) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
    append(elements)
  }

  /// Publishes the elements of a sequence after this publisher finishes.
  ///
  /// ```swift
  /// let cancellable = Just(1).append(2...3).sink { print($0, terminator: " ") }
  /// // Prints: 1 2 3
  /// ```
  ///
  /// - Note: The elements follow only a successful finish.
  ///
  /// - Parameter elements: The sequence to publish last.
  /// - Returns: A ``Publishers/Concatenate`` of this publisher and the sequence.
  public func append<S: Sequence>(_ elements: S) -> Publishers.Concatenate<Self, Publishers.Sequence<S, Failure>>
  where Output == S.Element {
    Publishers.Concatenate(prefix: self, suffix: Publishers.Sequence(sequence: elements))
  }

  /// Publishes the values of another publisher after this publisher finishes.
  ///
  /// ```swift
  /// let cancellable = Just("first").append(Just("second")).sink { print($0) }
  /// // Prints: first
  /// //         second
  /// ```
  ///
  /// - Note: `publisher` is subscribed only once this publisher finishes, with the demand left
  ///   over; if this publisher fails, `publisher` is never subscribed.
  ///
  /// - Parameter publisher: The publisher whose values come last.
  /// - Returns: A ``Publishers/Concatenate`` of this publisher and `publisher`.
  public func append<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<Self, P>
  where Failure == P.Failure, Output == P.Output {
    Publishers.Concatenate(prefix: self, suffix: publisher)
  }
}

extension Publishers {
  /// A publisher that publishes every value of one publisher, then every value of another.
  ///
  /// Made by `append(_:)` and `prepend(_:)`, for values, sequences and publishers.
  ///
  /// The subscriber gets its subscription when the prefix subscribes. The suffix is subscribed
  /// only after the prefix finishes, and is asked for the demand the subscriber has left; a failure
  /// of the prefix ends everything and the suffix is never subscribed. Requests go to whichever
  /// publisher runs; cancelling cancels it. A value beyond the subscriber's demand is dropped.
  ///
  /// ```swift
  /// let both = Publishers.Concatenate(prefix: [1, 2].publisher, suffix: [3].publisher)
  /// let cancellable = both.sink { print($0, terminator: " ") }
  /// // Prints: 1 2 3
  /// ```
  public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
  where Prefix.Failure == Suffix.Failure, Prefix.Output == Suffix.Output {
    /// The values of both publishers.
    public typealias Output = Suffix.Output

    /// The failure shared by both publishers.
    public typealias Failure = Suffix.Failure

    /// The publisher that runs first.
    public let prefix: Prefix

    /// The publisher that runs once `prefix` finished.
    public let suffix: Suffix

    /// Creates a publisher that runs `prefix`, then `suffix`.
    ///
    /// ```swift
    /// let both = Publishers.Concatenate(prefix: Just(1), suffix: Just(2))
    /// ```
    ///
    /// - Parameters:
    ///   - prefix: The publisher that runs first.
    ///   - suffix: The publisher that runs once `prefix` finished.
    public init(prefix: Prefix, suffix: Suffix) {
      self.prefix = prefix
      self.suffix = suffix
    }

    /// Subscribes to the prefix; the suffix follows once the prefix finished.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      prefix.subscribe(ConcatenatePrefixSubscriber(inner: ConcatenateInner(downstream: subscriber, suffix: suffix)))
    }
  }
}

extension Publishers.Concatenate: Equatable where Prefix: Equatable, Suffix: Equatable {}

extension Publishers.Concatenate: Sendable where Prefix: Sendable, Suffix: Sendable {}

/// Where a concatenation stands, behind its lock.
private struct ConcatenateState<Suffix> {
  var prefix = SubscriptionStatus.awaitingSubscription
  var suffixStatus = SubscriptionStatus.awaitingSubscription
  /// The publisher to subscribe after the prefix; released on cancel.
  var suffix: Suffix?
  /// Values the subscriber asked for, less the prefix's values it received.
  var demand = Subscribers.Demand.none

  /// The running publisher's subscription.
  var running: (any Subscription)? { prefix.subscription ?? suffixStatus.subscription }
}

/// The one subscription `append`/`prepend` hand their subscriber, with the subscribers of the
/// prefix and of the suffix, as Combine's: requests (even `.none`) go to whichever publisher runs,
/// the suffix is asked for the demand the prefix left, and a cancel releases the suffix.
private final class ConcatenateInner<Suffix: Publisher, Downstream: Subscriber>: Subscription,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Input == Suffix.Output, Downstream.Failure == Suffix.Failure {
  private let downstream: Downstream
  private let state: LockedState<ConcatenateState<Suffix>>

  init(downstream: Downstream, suffix: Suffix) {
    self.downstream = downstream
    state = .make(ConcatenateState(suffix: suffix))
  }

  var description: String { "Concatenate" }

  var customMirror: Mirror { Mirror(self, children: [:]) }

  var playgroundDescription: Any { description }

  // MARK: Prefix

  func prefixReceive(subscription: any Subscription) {
    guard state.withLock({ $0.prefix.accept(subscription) }) else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
  }

  func prefixReceive(_ input: Downstream.Input) -> Subscribers.Demand {
    let accepted = state.withLock { state -> Bool in
      guard case .subscribed = state.prefix, state.demand > 0 else { return false }
      state.demand -= 1
      return true
    }
    guard accepted else { return .none }
    let more = downstream.receive(input)
    if more > 0 { state.withLock { $0.demand += more } }
    return more
  }

  func prefixReceive(completion: Subscribers.Completion<Downstream.Failure>) {
    let suffix = state.withLock { state -> Suffix?? in
      guard case .subscribed = state.prefix else { return nil }
      state.prefix = .terminal
      return .some(state.suffix)
    }
    guard let suffix else { return }
    switch completion {
    case .finished:
      suffix?.subscribe(ConcatenateSuffixSubscriber(inner: self))
    case .failure:
      downstream.receive(completion: completion)
    }
  }

  // MARK: Suffix

  func suffixReceive(subscription: any Subscription) {
    let demand = state.withLock { state -> Subscribers.Demand? in
      guard state.suffixStatus.accept(subscription) else { return nil }
      return state.demand
    }
    guard let demand else {
      subscription.cancel()
      return
    }
    if demand > 0 { subscription.request(demand) }
  }

  func suffixReceive(_ input: Downstream.Input) -> Subscribers.Demand {
    let running = state.withLock { state -> Bool in
      guard case .subscribed = state.suffixStatus else { return false }
      return true
    }
    return running ? downstream.receive(input) : .none
  }

  func suffixReceive(completion: Subscribers.Completion<Downstream.Failure>) {
    let running = state.withLock { state -> Bool in
      guard case .subscribed = state.suffixStatus else { return false }
      state.prefix = .terminal
      state.suffixStatus = .terminal
      return true
    }
    if running { downstream.receive(completion: completion) }
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    state.withLock { state -> (any Subscription)? in
      state.demand += demand
      return state.running
    }?.request(demand)
  }

  func cancel() {
    let (subscription, suffix) = state.withLock { state -> ((any Subscription)?, Suffix?) in
      defer {
        state.prefix = .terminal
        state.suffixStatus = .terminal
        state.suffix = nil
      }
      return (state.running, state.suffix)
    }
    subscription?.cancel()
    // The suffix is released here, after unlocking.
    withExtendedLifetime(suffix) {}
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; `downstream` is immutable and is
// called from one publisher's serialised calls at a time.
extension ConcatenateInner: @unchecked Sendable {}

/// The subscriber attached to the prefix.
private struct ConcatenatePrefixSubscriber<Suffix: Publisher, Downstream: Subscriber>: Subscriber,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Input == Suffix.Output, Downstream.Failure == Suffix.Failure {
  let inner: ConcatenateInner<Suffix, Downstream>

  var combineIdentifier: CombineIdentifier { CombineIdentifier(inner) }
  var description: String { inner.description }
  var customMirror: Mirror { inner.customMirror }
  var playgroundDescription: Any { inner.description }

  func receive(subscription: any Subscription) { inner.prefixReceive(subscription: subscription) }
  func receive(_ input: Downstream.Input) -> Subscribers.Demand { inner.prefixReceive(input) }
  func receive(completion: Subscribers.Completion<Downstream.Failure>) { inner.prefixReceive(completion: completion) }
}

/// The subscriber attached to the suffix.
private struct ConcatenateSuffixSubscriber<Suffix: Publisher, Downstream: Subscriber>: Subscriber,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Input == Suffix.Output, Downstream.Failure == Suffix.Failure {
  let inner: ConcatenateInner<Suffix, Downstream>

  var combineIdentifier: CombineIdentifier { CombineIdentifier(inner) }
  var description: String { inner.description }
  var customMirror: Mirror { inner.customMirror }
  var playgroundDescription: Any { inner.description }

  func receive(subscription: any Subscription) { inner.suffixReceive(subscription: subscription) }
  func receive(_ input: Downstream.Input) -> Subscribers.Demand { inner.suffixReceive(input) }
  func receive(completion: Subscribers.Completion<Downstream.Failure>) { inner.suffixReceive(completion: completion) }
}
#endif
