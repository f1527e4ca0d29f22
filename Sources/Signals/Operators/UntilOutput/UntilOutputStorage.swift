// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The subscription of `drop(untilOutputFrom:)` and `prefix(untilOutputFrom:)`, and the subscriber
/// it attaches to the upstream: it locks, asks ``UntilOutputStateMachine``, unlocks, then delivers,
/// requests or cancels. The trigger is watched through an ``UntilOutputTriggerSide``.
final class UntilOutputStorage<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
  CustomReflectable, CustomPlaygroundDisplayConvertible
{
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure
  private typealias Machine = UntilOutputStateMachine<Failure>

  private let downstream: Downstream
  private let state: LockedState<Machine>
  let description: String

  init(downstream: Downstream, mode: UntilOutputStateMachine<Failure>.Mode) {
    self.downstream = downstream
    state = .make(Machine(mode: mode))
    description = mode == .dropUntil ? "DropUntilOutput" : "PrefixUntilOutput"
  }

  var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

  var playgroundDescription: Any { description }

  // MARK: Upstream

  func receive(subscription: any Subscription) {
    switch state.withLock({ $0.receivedUpstreamSubscription(subscription) }) {
    case .cancel:
      subscription.cancel()
    case .subscribeDownstream:
      downstream.receive(subscription: self)
    case .request(let demand):
      if demand > 0 { subscription.request(demand) }
    case .cancelThenComplete(let completion):
      subscription.cancel()
      downstream.receive(subscription: self)
      downstream.receive(completion: completion)
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    guard state.withLock({ $0.receivedUpstreamValue() }) else { return .none }
    let returned = downstream.receive(input)
    if let completion = state.withLock({ $0.finishedDelivery(returned: returned) }) {
      downstream.receive(completion: completion)
    }
    return returned
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    perform(state.withLock { $0.receivedUpstreamCompletion(completion) })
  }

  // MARK: Trigger

  func receiveTrigger(subscription: any Subscription) {
    if state.withLock({ $0.receivedTriggerSubscription(subscription) }) {
      subscription.request(.max(1))
    } else {
      subscription.cancel()
    }
  }

  func receiveTriggerValue() {
    perform(state.withLock { $0.receivedTriggerValue() })
  }

  func receiveTrigger(completion: Subscribers.Completion<Failure>?) {
    perform(state.withLock { $0.receivedTriggerCompletion(completion) })
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    state.withLock { $0.requested(demand) }?.request(demand)
  }

  func cancel() {
    for subscription in state.withLock({ $0.cancelled() }) { subscription.cancel() }
  }

  private func perform(_ outcome: Machine.CompletionOutcome) {
    for subscription in outcome.cancel { subscription.cancel() }
    if let completion = outcome.deliver { downstream.receive(completion: completion) }
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; `downstream` and `description` are
// immutable after `init`.
extension UntilOutputStorage: @unchecked Sendable {}

/// The subscriber watching the trigger of `drop(untilOutputFrom:)` or `prefix(untilOutputFrom:)`.
struct UntilOutputTriggerSide<Trigger: Publisher, Downstream: Subscriber>: Subscriber, CustomStringConvertible {
  typealias Input = Trigger.Output
  typealias Failure = Trigger.Failure

  let combineIdentifier = CombineIdentifier()
  private let storage: UntilOutputStorage<Downstream>
  /// Turns the trigger's completion into the upstream's failure type, or `nil` when they differ.
  private let convert: (Subscribers.Completion<Trigger.Failure>) -> Subscribers.Completion<Downstream.Failure>?

  init(
    storage: UntilOutputStorage<Downstream>,
    convert: @escaping (Subscribers.Completion<Trigger.Failure>) -> Subscribers.Completion<Downstream.Failure>?
  ) {
    self.storage = storage
    self.convert = convert
  }

  var description: String { storage.description }

  func receive(subscription: any Subscription) {
    storage.receiveTrigger(subscription: subscription)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    storage.receiveTriggerValue()
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    storage.receiveTrigger(completion: convert(completion))
  }
}
