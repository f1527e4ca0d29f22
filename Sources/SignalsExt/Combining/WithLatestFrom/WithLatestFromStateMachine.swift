// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals

/// The decisions of ``Publisher/withLatestFrom(_:resultSelector:)``: each value of the trigger
/// paired with the latest value of the other publisher, free of locks and subscribers.
///
/// ``WithLatestFromStorage`` asks it under its lock and acts after unlocking. The machine keeps
/// both inputs' phases, the other publisher's latest value, the subscriber's demand, and a
/// ``SerialBacklog`` token whose backlog holds the pairs made while another caller delivers.
///
/// - The other publisher is subscribed first and asked for `.unlimited`; the trigger is subscribed
///   once the other has sent its first value (``ValueEffects/subscribesTrigger``), and asked for
///   everything the subscriber requested so far, then for each request.
/// - A trigger value makes a pair when there is demand for it (which it takes at once) and a latest
///   value; otherwise it is dropped, as a value nobody asked for.
/// - The operator finishes when the trigger finishes, or when the other finishes without ever
///   sending a value; the first failure of either ends it. Both cancel whatever is still
///   subscribed; pairs already made are delivered before the completion.
struct WithLatestFromStateMachine<Trigger, Other, Failure: Error> {
  /// One pair: a trigger value and the other publisher's latest value.
  typealias Output = (Trigger, Other)

  /// The two inputs.
  enum Input {
    /// The publisher whose values make outputs.
    case trigger
    /// The publisher whose latest value is paired with them.
    case other
  }

  /// Where one input stands with its upstream.
  private enum InputPhase {
    /// Not subscribed yet (the trigger waits for the other's first value).
    case awaitingSubscription
    /// Subscribed; requests and cancellation go to this subscription.
    case active(any Subscription)
    /// The upstream finished, or the operator ended.
    case finished
  }

  /// What to do with a new upstream subscription.
  enum SubscriptionAction {
    /// Keep it, and request this much from it unless it is `.none`.
    case request(Subscribers.Demand)
    /// A second subscription for the input, or one after the end: cancel it.
    case cancel
  }

  /// What the storage does after a locked step, once it has unlocked.
  struct Effects {
    /// Who delivers next.
    var start = SerialBacklog<Output, Failure>.Start.none
    /// Subscriptions to cancel: the trigger's, then the other's.
    var cancel: [any Subscription] = []
    /// Demand to pass on to the trigger.
    var triggerDemand = Subscribers.Demand.none
    /// The other publisher's value this step displaced or dropped, released after unlocking.
    var releasedValue: Other?
    /// Pairs dropped by a cancel, released after unlocking.
    var releasedOutputs: ContiguousArray<Output?>?
    /// A finished input's subscription, released after unlocking.
    var releasedSubscription: (any Subscription)?
  }

  /// What the storage does after a value of the other publisher.
  struct ValueEffects {
    /// The step's effects.
    var effects = Effects()
    /// The other publisher sent its first value: subscribe to the trigger.
    var subscribesTrigger = false
  }

  private var trigger = InputPhase.awaitingSubscription
  private var other = InputPhase.awaitingSubscription
  /// The other publisher's latest value.
  private var latest: Other?
  /// Whether the trigger was handed out to be subscribed.
  private var triggerSubscribed = false
  /// Pairs the subscriber may still receive, not counting those already made.
  private(set) var demand = Subscribers.Demand.none
  /// Everything requested so far; the trigger is asked for it when subscribed.
  private var requestedSoFar = Subscribers.Demand.none
  /// A completion was decided, or the subscriber cancelled.
  private(set) var hasEnded = false
  private var delivery = SerialBacklog<Output, Failure>()

  /// A machine whose subscribing caller holds the delivery token until it asks for
  /// ``nextDelivery(adding:)``.
  init() {}

  // MARK: Upstream events

  /// `input` received its subscription.
  mutating func receivedSubscription(_ subscription: any Subscription, from input: Input) -> SubscriptionAction {
    guard !hasEnded else { return .cancel }
    switch input {
    case .trigger:
      guard case .awaitingSubscription = trigger else { return .cancel }
      trigger = .active(subscription)
      return .request(requestedSoFar)
    case .other:
      guard case .awaitingSubscription = other else { return .cancel }
      other = .active(subscription)
      return .request(.unlimited)
    }
  }

  /// The other publisher sent `value`: it becomes the latest.
  mutating func receivedOtherValue(_ value: Other) -> ValueEffects {
    var outcome = ValueEffects()
    guard !hasEnded, case .active = other else { return outcome }
    outcome.effects.releasedValue = latest
    latest = value
    if !triggerSubscribed {
      triggerSubscribed = true
      outcome.subscribesTrigger = true
    }
    outcome.effects.start = delivery.claim()
    return outcome
  }

  /// The trigger sent `value`: pairs it with the latest value if the subscriber has demand.
  mutating func receivedTriggerValue(_ value: Trigger) -> Effects {
    var effects = Effects()
    guard !hasEnded, case .active = trigger, demand > 0, let latest else { return effects }
    demand -= 1
    effects.start = delivery.made((value, latest))
    if case .none = effects.start { effects.start = delivery.claim() }
    return effects
  }

  /// `input` completed.
  mutating func receivedCompletion(_ completion: Subscribers.Completion<Failure>, from input: Input) -> Effects {
    var effects = Effects()
    guard !hasEnded else { return effects }
    switch completion {
    case .failure:
      // The first failure ends everything; the failed input's subscription is released.
      effects.releasedSubscription = takeSubscription(of: input)
      effects.cancel = takeSubscriptions()
      end(with: completion, into: &effects)
    case .finished where isActive(input):
      effects.releasedSubscription = takeSubscription(of: input)
      // The trigger ended, or the other input ended without ever sending a value.
      if input == .trigger || latest == nil {
        effects.cancel = takeSubscriptions()
        end(with: .finished, into: &effects)
      }
    case .finished:
      // Not subscribed: nothing ends.
      break
    }
    effects.start = delivery.claim()
    return effects
  }

  // MARK: Downstream events

  /// The subscriber asked for `additional` more pairs.
  mutating func requested(_ additional: Subscribers.Demand) -> Effects {
    var effects = Effects()
    effects.triggerDemand = addDemand(additional)
    effects.start = delivery.claim()
    return effects
  }

  /// The trigger's subscription, to pass demand on to, while it is active and the operator runs.
  func triggerSubscription() -> (any Subscription)? {
    guard !hasEnded, case .active(let subscription) = trigger else { return nil }
    return subscription
  }

  /// The token holder delivered a pair and the subscriber returned `returned`: adds it and says
  /// what to deliver next (``SerialBacklog/Next/none`` gives the token back).
  mutating func nextDelivery(
    adding returned: Subscribers.Demand
  ) -> (next: SerialBacklog<Output, Failure>.Next, triggerDemand: Subscribers.Demand) {
    let triggerDemand = addDemand(returned)
    return (delivery.next(), triggerDemand)
  }

  /// The subscriber cancelled: cancels both inputs and drops what waits, even a completion
  /// already decided.
  mutating func cancelled() -> Effects {
    var effects = Effects()
    guard let dropped = delivery.cancel() else { return effects }
    hasEnded = true
    effects.cancel = takeSubscriptions()
    effects.releasedOutputs = dropped
    effects.releasedValue = latest
    latest = nil
    return effects
  }

  // MARK: Helpers

  /// Adds demand from the subscriber; returns what to pass on to the trigger.
  private mutating func addDemand(_ additional: Subscribers.Demand) -> Subscribers.Demand {
    guard additional > 0, !hasEnded else { return .none }
    let wasUnlimited = demand == .unlimited
    demand += additional
    requestedSoFar += additional
    return wasUnlimited ? .none : additional
  }

  private mutating func end(with completion: Subscribers.Completion<Failure>, into effects: inout Effects) {
    hasEnded = true
    delivery.complete(completion)
    effects.releasedValue = latest
    latest = nil
  }

  private func isActive(_ input: Input) -> Bool {
    switch input {
    case .trigger: if case .active = trigger { return true }
    case .other: if case .active = other { return true }
    }
    return false
  }

  /// Marks `input` finished; returns its subscription if it was active.
  private mutating func takeSubscription(of input: Input) -> (any Subscription)? {
    switch input {
    case .trigger:
      defer { trigger = .finished }
      guard case .active(let subscription) = trigger else { return nil }
      return subscription
    case .other:
      defer { other = .finished }
      guard case .active(let subscription) = other else { return nil }
      return subscription
    }
  }

  /// Every active subscription, the trigger's first, leaving both inputs finished.
  private mutating func takeSubscriptions() -> [any Subscription] {
    [takeSubscription(of: .trigger), takeSubscription(of: .other)].compactMap { $0 }
  }
}
