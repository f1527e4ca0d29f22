// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

extension Publisher {
  /// Ignores values until another publisher sends its first value.
  ///
  /// ```swift
  /// let ready = PassthroughSubject<Void, Never>()
  /// let events = PassthroughSubject<Int, Never>()
  /// let cancellable = events.drop(untilOutputFrom: ready).sink { print($0) }
  /// events.send(1)
  /// ready.send()
  /// events.send(2)
  /// // Prints: 2
  /// ```
  ///
  /// - Note: Demand. `publisher` is asked for `.max(1)` and left alone after its first value, as
  ///   in Combine. Requests go to the upstream as they are made; as in Combine, a value dropped
  ///   before the gate opened still counts against the demand it was sent for (one beyond it
  ///   stops the program), and once open, values pass as the upstream sends them.
  /// - Note: Completion. The upstream's completion passes through. If `publisher` completes before
  ///   sending a value, nothing can ever pass: its completion is delivered and the upstream is
  ///   cancelled.
  ///
  /// - Parameter publisher: The publisher whose first value opens the gate.
  /// - Returns: A ``Publishers/DropUntilOutput`` publisher.
  public func drop<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.DropUntilOutput<Self, P>
  where Failure == P.Failure {
    Publishers.DropUntilOutput(upstream: self, other: publisher)
  }
}

extension Publishers {
  /// A publisher that ignores its upstream's values until another publisher sends a value.
  ///
  /// Made by ``Publisher/drop(untilOutputFrom:)``; see there for demand and completion. The
  /// subscriber gets its subscription first, then the other publisher is subscribed, then the
  /// upstream.
  ///
  /// ```swift
  /// let gated = Publishers.DropUntilOutput(upstream: events, other: ready)
  /// ```
  public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher
  where Upstream.Failure == Other.Failure {
    /// The upstream's output type.
    public typealias Output = Upstream.Output

    /// The failure shared by the upstream and the other publisher.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are dropped until the gate opens.
    public let upstream: Upstream

    /// The publisher whose first value opens the gate.
    public let other: Other

    /// Creates a publisher that drops `upstream`'s values until `other` sends one.
    ///
    /// ```swift
    /// let gated = Publishers.DropUntilOutput(upstream: events, other: ready)
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are dropped until the gate opens.
    ///   - other: The publisher whose first value opens the gate.
    public init(upstream: Upstream, other: Other) {
      self.upstream = upstream
      self.other = other
    }

    /// Hands `subscriber` its subscription, then subscribes to the other publisher and the
    /// upstream.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = DropUntilOutputInner<Other, S>(downstream: subscriber)
      subscriber.receive(subscription: inner)
      other.subscribe(DropUntilOutputTrigger(inner: inner))
      upstream.subscribe(inner)
    }
  }
}

extension Publishers.DropUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

extension Publishers.DropUntilOutput: Sendable where Upstream: Sendable, Other: Sendable {}

/// Where `drop(untilOutputFrom:)` stands, behind its lock.
private struct DropUntilOutputState {
  var upstream: (any Subscription)?
  var trigger: (any Subscription)?
  /// Whether the trigger produced a value: upstream values pass from then on.
  var triggered = false
  /// Whether the subscription was cancelled or the upstream completed.
  var cancelled = false
  /// Demand the subscriber asked for, less the values dropped before the trigger.
  var demand = Subscribers.Demand.none
}

/// The subscription of `drop(untilOutputFrom:)`, also the upstream's subscriber, as Combine's: the
/// subscriber gets it before either publisher is subscribed; requests go straight to the upstream
/// and each value dropped before the trigger (or after a cancel) uses one unit of the demand, so
/// one beyond the demand stops the program; a trigger that completes without a value cancels the
/// upstream and completes the subscriber; once triggered, the trigger's end is ignored and its
/// subscription is no longer cancelled.
private final class DropUntilOutputInner<Other: Publisher, Downstream: Subscriber>: Subscriber, Subscription,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Failure == Other.Failure {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private let downstream: Downstream
  private let state = LockedState.make(DropUntilOutputState())

  init(downstream: Downstream) {
    self.downstream = downstream
  }

  var description: String { "DropUntilOutput" }

  var customMirror: Mirror { Mirror(self, children: [:]) }

  var playgroundDescription: Any { description }

  func receive(subscription: any Subscription) {
    let demand = state.withLock { state -> Subscribers.Demand? in
      guard state.upstream == nil, !state.cancelled else { return nil }
      state.upstream = subscription
      return state.demand
    }
    guard let demand else {
      subscription.cancel()
      return
    }
    if demand > 0 { subscription.request(demand) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let passes = state.withLock { state -> Bool in
      if state.triggered, !state.cancelled { return true }
      precondition(state.demand > 0, "DropUntilOutput received a value beyond the demand of its subscriber")
      state.demand -= 1
      return false
    }
    return passes ? downstream.receive(input) : .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let first = state.withLock { state -> Bool in
      defer { state.cancelled = true }
      return !state.cancelled
    }
    if first { downstream.receive(completion: completion) }
  }

  fileprivate func receiveTrigger(subscription: any Subscription) {
    let accepted = state.withLock { state -> Bool in
      guard state.trigger == nil else { return false }
      state.trigger = subscription
      return true
    }
    if accepted {
      subscription.request(.max(1))
    } else {
      subscription.cancel()
    }
  }

  fileprivate func receiveTriggerValue() {
    state.withLock { state in
      state.triggered = true
      state.trigger = nil
    }
  }

  fileprivate func receiveTrigger(completion: Subscribers.Completion<Failure>) {
    let outcome = state.withLock { state -> (deliver: Bool, upstream: (any Subscription)?) in
      if state.triggered {
        state.trigger = nil
        return (false, nil)
      }
      defer { state.upstream = nil }
      return (true, state.upstream)
    }
    guard outcome.deliver else { return }
    outcome.upstream?.cancel()
    downstream.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { state -> (any Subscription)? in
      state.demand += demand
      return state.upstream
    }?.request(demand)
  }

  func cancel() {
    let (upstream, trigger) = state.withLock { state -> ((any Subscription)?, (any Subscription)?) in
      defer {
        state.upstream = nil
        state.trigger = nil
        state.cancelled = true
      }
      return (state.upstream, state.trigger)
    }
    upstream?.cancel()
    trigger?.cancel()
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; `downstream` is immutable.
extension DropUntilOutputInner: @unchecked Sendable {}

/// The subscriber watching the trigger of `drop(untilOutputFrom:)`; it shares the subscription's
/// identity.
private struct DropUntilOutputTrigger<Other: Publisher, Downstream: Subscriber>: Subscriber,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Failure == Other.Failure {
  let inner: DropUntilOutputInner<Other, Downstream>

  var combineIdentifier: CombineIdentifier { CombineIdentifier(inner) }
  var description: String { "DropUntilOutput" }
  var customMirror: Mirror { Mirror(self, children: [:]) }
  var playgroundDescription: Any { description }

  func receive(subscription: any Subscription) { inner.receiveTrigger(subscription: subscription) }

  func receive(_ input: Other.Output) -> Subscribers.Demand {
    inner.receiveTriggerValue()
    return .none
  }

  func receive(completion: Subscribers.Completion<Other.Failure>) { inner.receiveTrigger(completion: completion) }
}
#endif
