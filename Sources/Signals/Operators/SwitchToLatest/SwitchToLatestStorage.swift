// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The subscription `switchToLatest()` hands its subscriber, and the subscriber it attaches to the
/// upstream: it locks, asks ``SwitchToLatestStateMachine``, unlocks, then delivers, requests or
/// cancels.
///
/// Each inner publisher is subscribed with a ``SwitchToLatestSide`` that tags its events with the
/// id the machine gave it, so events of an inner that was switched away from are recognised and
/// dropped.
final class SwitchToLatestStorage<NestedPublisher: Publisher, Downstream: Subscriber>: Subscriber, Subscription,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Input == NestedPublisher.Output, Downstream.Failure == NestedPublisher.Failure {
  typealias Input = NestedPublisher
  typealias Failure = NestedPublisher.Failure
  private typealias Machine = SwitchToLatestStateMachine<NestedPublisher.Output, Failure>

  private let downstream: Downstream
  private let state = LockedState<Machine>.make(Machine())

  init(downstream: Downstream) {
    self.downstream = downstream
  }

  var description: String { "SwitchToLatest" }

  var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

  var playgroundDescription: Any { description }

  // MARK: Upstream

  func receive(subscription: any Subscription) {
    if state.withLock({ $0.receivedUpstreamSubscription(subscription) }) {
      subscription.request(.unlimited)
    } else {
      subscription.cancel()
    }
  }

  func receive(_ input: NestedPublisher) -> Subscribers.Demand {
    guard let (id, previous) = state.withLock({ $0.receivedUpstreamValue() }) else { return .none }
    previous?.cancel()
    input.subscribe(SwitchToLatestSide(storage: self, id: id))
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    perform(state.withLock { $0.receivedUpstreamCompletion(completion) })
  }

  // MARK: Inners

  func receiveInner(subscription: any Subscription, id: Int) {
    guard let demand = state.withLock({ $0.receivedInnerSubscription(subscription, id: id) }) else {
      subscription.cancel()
      return
    }
    if demand > 0 { subscription.request(demand) }
  }

  func receiveInner(_ value: NestedPublisher.Output, id: Int) -> Subscribers.Demand {
    switch state.withLock({ $0.receivedInnerValue(value, id: id) }) {
    case .drop, .queued:
      return .none
    case .deliver(let value):
      let returned = downstream.receive(value)
      let forwarded = deliver(adding: returned, from: id)
      return forwarded ? .none : returned
    }
  }

  func receiveInner(completion: Subscribers.Completion<Failure>, id: Int) {
    perform(state.withLock { $0.receivedInnerCompletion(completion, id: id) })
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    state.withLock { $0.requested(demand) }?.request(demand)
  }

  func cancel() {
    let (cancel, dropped) = state.withLock { $0.cancelled() }
    for subscription in cancel { subscription.cancel() }
    withExtendedLifetime(dropped) {}
  }

  // MARK: Delivery

  private func perform(_ outcome: Machine.CompletionOutcome) {
    outcome.cancel?.cancel()
    withExtendedLifetime(outcome.released) {}
    if outcome.drain { deliver(adding: .none, from: nil) }
  }

  /// Delivers while this thread holds the token, until nothing waits. Returns whether the demand
  /// returned for the value inner `id` delivered was passed on to another inner.
  @discardableResult
  private func deliver(adding returned: Subscribers.Demand, from id: Int?) -> Bool {
    var returned = returned
    var id = id
    var forwardedFirst = false
    while true {
      let (next, forward) = state.withLock { $0.nextDelivery(adding: returned, from: id) }
      if let forward {
        if id != nil { forwardedFirst = true }
        forward.request(returned)
      }
      id = nil
      switch next {
      case .none:
        return forwardedFirst
      case .deliver(let value):
        returned = downstream.receive(value)
      case .complete(let completion):
        downstream.receive(completion: completion)
        return forwardedFirst
      }
    }
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; `downstream` is immutable after
// `init` and called only by the delivery token's holder.
extension SwitchToLatestStorage: @unchecked Sendable {}

/// The subscriber attached to one inner publisher of `switchToLatest()`: it tags each event with
/// the inner's id and hands it to the shared ``SwitchToLatestStorage``.
struct SwitchToLatestSide<NestedPublisher: Publisher, Downstream: Subscriber>: Subscriber, CustomStringConvertible
where Downstream.Input == NestedPublisher.Output, Downstream.Failure == NestedPublisher.Failure {
  typealias Input = NestedPublisher.Output
  typealias Failure = NestedPublisher.Failure

  let combineIdentifier = CombineIdentifier()
  private let storage: SwitchToLatestStorage<NestedPublisher, Downstream>
  private let id: Int

  init(storage: SwitchToLatestStorage<NestedPublisher, Downstream>, id: Int) {
    self.storage = storage
    self.id = id
  }

  var description: String { "SwitchToLatest" }

  func receive(subscription: any Subscription) {
    storage.receiveInner(subscription: subscription, id: id)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    storage.receiveInner(input, id: id)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    storage.receiveInner(completion: completion, id: id)
  }
}
