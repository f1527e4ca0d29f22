// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

extension Publisher {
  /// Republishes values until another publisher sends its first value, then finishes.
  ///
  /// ```swift
  /// let stop = PassthroughSubject<Void, Never>()
  /// let ticks = PassthroughSubject<Int, Never>()
  /// let cancellable = ticks.prefix(untilOutputFrom: stop)
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// ticks.send(1)
  /// stop.send()
  /// ticks.send(2)
  /// // Prints: 1
  /// //         finished
  /// ```
  ///
  /// - Note: Demand. `publisher` is asked for `.max(1)`; requests go to the upstream as they are
  ///   made.
  /// - Note: Completion. The first value of `publisher` cancels the upstream and finishes, as in
  ///   Combine even while a value is being delivered on another thread. A completion of
  ///   `publisher` before any value only stops the watch: the upstream runs on. The upstream's
  ///   completion passes through and cancels `publisher`.
  ///
  /// - Parameter publisher: The publisher whose first value ends the stream.
  /// - Returns: A ``Publishers/PrefixUntilOutput`` publisher.
  public func prefix<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.PrefixUntilOutput<Self, P> {
    Publishers.PrefixUntilOutput(upstream: self, other: publisher)
  }
}

extension Publishers {
  /// A publisher that republishes its upstream's values until another publisher sends a value.
  ///
  /// Made by ``Publisher/prefix(untilOutputFrom:)``; see there for demand and completion. The
  /// other publisher is subscribed first; the subscriber gets its subscription when the upstream
  /// hands over its own.
  ///
  /// ```swift
  /// let untilStopped = Publishers.PrefixUntilOutput(upstream: ticks, other: stop)
  /// ```
  public struct PrefixUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output

    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are republished.
    public let upstream: Upstream

    /// The publisher whose first value ends the stream.
    public let other: Other

    /// Creates a publisher that republishes `upstream`'s values until `other` sends one.
    ///
    /// ```swift
    /// let untilStopped = Publishers.PrefixUntilOutput(upstream: ticks, other: stop)
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are republished.
    ///   - other: The publisher whose first value ends the stream.
    public init(upstream: Upstream, other: Other) {
      self.upstream = upstream
      self.other = other
    }

    /// Subscribes to the other publisher, then to the upstream.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = PrefixUntilOutputInner<Other, S>(downstream: subscriber)
      other.subscribe(PrefixUntilOutputTrigger(inner: inner))
      upstream.subscribe(inner)
    }
  }
}

extension Publishers.PrefixUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

extension Publishers.PrefixUntilOutput: Sendable where Upstream: Sendable, Other: Sendable {}

/// Where `prefix(untilOutputFrom:)` stands, behind its lock.
private struct PrefixUntilOutputState {
  var upstream = SubscriptionStatus.awaitingSubscription
  var trigger = SubscriptionStatus.awaitingSubscription
  /// Whether the trigger produced a value.
  var triggered = false
}

/// The subscription of `prefix(untilOutputFrom:)`, also the upstream's subscriber, as Combine's:
/// requests (even `.none`) go straight to the upstream; a trigger value cancels the upstream and
/// finishes the subscriber, even before the upstream's subscription arrived (which then still
/// reaches the subscriber); the trigger's own completion only stops watching it; the upstream's
/// completion also cancels the trigger. As in Combine it shows no description or mirror.
private final class PrefixUntilOutputInner<Other: Publisher, Downstream: Subscriber>: Subscriber, Subscription {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private let downstream: Downstream
  private let state = LockedState.make(PrefixUntilOutputState())

  init(downstream: Downstream) {
    self.downstream = downstream
  }

  func receive(subscription: any Subscription) {
    let accepted = state.withLock { state -> Bool in
      guard case .awaitingSubscription = state.upstream else { return false }
      state.upstream = state.triggered ? .terminal : .subscribed(subscription)
      return true
    }
    guard accepted else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let running = state.withLock { state -> Bool in
      guard case .subscribed = state.upstream else { return false }
      return true
    }
    return running ? downstream.receive(input) : .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let (wasRunning, trigger) = state.withLock { state -> (Bool, (any Subscription)?) in
      defer {
        state.upstream = .terminal
        state.trigger = .terminal
      }
      guard case .subscribed = state.upstream else { return (false, state.trigger.subscription) }
      return (true, state.trigger.subscription)
    }
    trigger?.cancel()
    if wasRunning { downstream.receive(completion: completion) }
  }

  fileprivate func receiveTrigger(subscription: any Subscription) {
    if state.withLock({ $0.trigger.accept(subscription) }) {
      subscription.request(.max(1))
    } else {
      subscription.cancel()
    }
  }

  fileprivate func receiveTriggerValue() {
    let upstream = state.withLock { state -> (any Subscription)?? in
      guard case .subscribed = state.trigger else { return nil }
      defer {
        state.upstream = .terminal
        state.trigger = .terminal
        state.triggered = true
      }
      return .some(state.upstream.subscription)
    }
    guard let upstream else { return }
    upstream?.cancel()
    downstream.receive(completion: .finished)
  }

  fileprivate func receiveTriggerCompletion() {
    state.withLock { $0.trigger = .terminal }
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { $0.upstream.subscription }?.request(demand)
  }

  func cancel() {
    let (upstream, trigger) = state.withLock { state -> ((any Subscription)?, (any Subscription)?) in
      defer {
        state.upstream = .terminal
        state.trigger = .terminal
      }
      return (state.upstream.subscription, state.trigger.subscription)
    }
    upstream?.cancel()
    trigger?.cancel()
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; `downstream` is immutable.
extension PrefixUntilOutputInner: @unchecked Sendable {}

/// The subscriber watching the trigger of `prefix(untilOutputFrom:)`; it shares the subscription's
/// identity.
private struct PrefixUntilOutputTrigger<Other: Publisher, Downstream: Subscriber>: Subscriber {
  let inner: PrefixUntilOutputInner<Other, Downstream>

  var combineIdentifier: CombineIdentifier { CombineIdentifier(inner) }

  func receive(subscription: any Subscription) { inner.receiveTrigger(subscription: subscription) }

  func receive(_ input: Other.Output) -> Subscribers.Demand {
    inner.receiveTriggerValue()
    return .none
  }

  func receive(completion: Subscribers.Completion<Other.Failure>) { inner.receiveTriggerCompletion() }
}
#endif
