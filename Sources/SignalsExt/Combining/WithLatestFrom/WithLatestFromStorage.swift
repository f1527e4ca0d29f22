// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport

/// The subscription behind ``Publishers/WithLatestFrom``, which hands its subscriber pairs of a
/// trigger value and the other publisher's latest value: a ``WithLatestFromStateMachine`` behind
/// one lock. Each method locks, asks the machine, unlocks, then cancels, subscribes, delivers and
/// requests as the machine said.
///
/// Only the holder of the machine's delivery token calls the subscriber, so it is never called
/// twice at once; a trigger value, request or completion that arrives while the token is taken —
/// from another thread, or from inside the subscriber's `receive(_:)` — is left to the holder,
/// which delivers what it caused before giving the token back. No lock is held while calling the
/// subscriber or an upstream, or while releasing a value.
final class WithLatestFromStorage<Upstream: Publisher, Other: Publisher, Downstream: Subscriber>: Subscription,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where
  Upstream.Failure == Other.Failure, Downstream.Input == (Upstream.Output, Other.Output),
  Downstream.Failure == Upstream.Failure
{
  typealias Failure = Upstream.Failure
  fileprivate typealias Machine = WithLatestFromStateMachine<Upstream.Output, Other.Output, Failure>

  /// What the lock guards.
  private struct State {
    var machine = Machine()
    /// The trigger publisher, until it is subscribed or the operator ends (so the subscription
    /// does not keep it alive).
    var trigger: Upstream?

    /// Once the operator ended: moves out the trigger publisher, if it was never subscribed, for
    /// release after unlocking.
    mutating func takeTriggerIfEnded() -> Upstream? {
      guard machine.hasEnded else { return nil }
      return trigger.take()
    }
  }

  private let downstream: Downstream
  private let state: LockedState<State>

  #if DEBUG
  /// Registers this storage with the current leak-check scope, if any (see `LiveObjectScope`).
  private let liveObject = LiveObjectScope.track(WithLatestFromStorage.self)
  #endif

  /// A subscription for `downstream` that pairs the values of `trigger`; ``start(other:)``
  /// subscribes the other publisher.
  init(downstream: Downstream, trigger: Upstream) {
    self.downstream = downstream
    state = .make(State(trigger: trigger))
  }

  var description: String { "WithLatestFrom" }

  var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

  var playgroundDescription: Any { description }

  /// Subscribes to `other` (the trigger follows once `other` has a value), then hands the
  /// subscriber its subscription, then delivers what happened meanwhile.
  func start(other: Other) {
    other.subscribe(WithLatestFromOtherSide(storage: self))
    downstream.receive(subscription: self)
    drain(after: .none)
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    // A request for no values is ignored.
    guard demand > 0 else { return }
    perform(state.withLock { $0.machine.requested(demand) })
  }

  func cancel() {
    let (effects, trigger) = state.withLock { state in (state.machine.cancelled(), state.takeTriggerIfEnded()) }
    perform(effects, releasing: trigger)
  }

  // MARK: Inputs

  /// The trigger or the other publisher received its subscription.
  fileprivate func receive(subscription: any Subscription, from input: Machine.Input) {
    switch state.withLock({ $0.machine.receivedSubscription(subscription, from: input) }) {
    case .cancel:
      subscription.cancel()
    case .request(let demand):
      if demand > 0 { subscription.request(demand) }
    }
  }

  /// A value of the other publisher: the latest from now on; the first one subscribes the trigger.
  fileprivate func receiveOther(_ value: Other.Output) -> Subscribers.Demand {
    let outcome = state.withLock { $0.machine.receivedOtherValue(value) }
    let start = outcome.effects.start
    let subscribesTrigger = outcome.subscribesTrigger
    // Releases the value this one displaced.
    _ = consume outcome
    if subscribesTrigger {
      let trigger = state.withLock { $0.trigger.take() }
      trigger?.subscribe(WithLatestFromTriggerSide(storage: self))
    }
    deliver(start)
    return .none
  }

  /// A value of the trigger; its demand comes from the subscriber's requests.
  fileprivate func receiveTrigger(_ value: Upstream.Output) -> Subscribers.Demand {
    perform(state.withLock { $0.machine.receivedTriggerValue(value) })
    return .none
  }

  /// The trigger or the other publisher completed.
  fileprivate func receive(completion: Subscribers.Completion<Failure>, from input: Machine.Input) {
    let (effects, trigger) = state.withLock { state in
      (state.machine.receivedCompletion(completion, from: input), state.takeTriggerIfEnded())
    }
    perform(effects, releasing: trigger)
  }

  // MARK: Acting on the machine's decisions

  /// After unlocking: cancels and releases what the step ended, delivers if this caller was given
  /// the token, then passes demand on to the trigger.
  private func perform(_ effects: consuming Machine.Effects, releasing trigger: consuming Upstream? = nil) {
    let start = effects.start
    let demand = effects.triggerDemand
    for subscription in effects.cancel { subscription.cancel() }
    _ = consume effects
    _ = consume trigger
    deliver(start)
    forward(demand)
  }

  /// Delivers while this caller holds the token.
  private func deliver(_ start: SerialBacklog<Machine.Output, Failure>.Start) {
    switch start {
    case .none:
      return
    case .deliver(let output):
      drain(after: downstream.receive(output))
    case .drain:
      drain(after: .none)
    }
  }

  /// The token holder's loop: adds the demand the subscriber `returned`, then delivers what waits
  /// until nothing does, and gives the token back.
  private func drain(after returned: Subscribers.Demand) {
    var returned = returned
    while true {
      let (next, demand) = state.withLock { $0.machine.nextDelivery(adding: returned) }
      forward(demand)
      switch next {
      case .none:
        return
      case .deliver(let output):
        returned = downstream.receive(output)
      case .complete(let completion):
        downstream.receive(completion: completion)
        return
      }
    }
  }

  /// Passes demand on to the trigger, outside the lock.
  private func forward(_ demand: Subscribers.Demand) {
    guard demand > 0 else { return }
    state.withLock { $0.machine.triggerSubscription() }?.request(demand)
  }
}

// Safety: all mutable state is in `state`, a `LockedState`; the rest is immutable after `init`.
extension WithLatestFromStorage: @unchecked Sendable {}

/// The subscriber attached to the trigger: hands its events to the shared
/// ``WithLatestFromStorage``.
private struct WithLatestFromTriggerSide<Upstream: Publisher, Other: Publisher, Downstream: Subscriber>: Subscriber,
  CustomStringConvertible
where
  Upstream.Failure == Other.Failure, Downstream.Input == (Upstream.Output, Other.Output),
  Downstream.Failure == Upstream.Failure
{
  typealias Input = Upstream.Output
  typealias Failure = Upstream.Failure

  let combineIdentifier = CombineIdentifier()
  let storage: WithLatestFromStorage<Upstream, Other, Downstream>

  var description: String { storage.description }

  func receive(subscription: any Subscription) {
    storage.receive(subscription: subscription, from: .trigger)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    storage.receiveTrigger(input)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    storage.receive(completion: completion, from: .trigger)
  }
}

/// The subscriber attached to the other publisher: hands its events to the shared
/// ``WithLatestFromStorage``.
private struct WithLatestFromOtherSide<Upstream: Publisher, Other: Publisher, Downstream: Subscriber>: Subscriber,
  CustomStringConvertible
where
  Upstream.Failure == Other.Failure, Downstream.Input == (Upstream.Output, Other.Output),
  Downstream.Failure == Upstream.Failure
{
  typealias Input = Other.Output
  typealias Failure = Other.Failure

  let combineIdentifier = CombineIdentifier()
  let storage: WithLatestFromStorage<Upstream, Other, Downstream>

  var description: String { storage.description }

  func receive(subscription: any Subscription) {
    storage.receive(subscription: subscription, from: .other)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    storage.receiveOther(input)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    storage.receive(completion: completion, from: .other)
  }
}
