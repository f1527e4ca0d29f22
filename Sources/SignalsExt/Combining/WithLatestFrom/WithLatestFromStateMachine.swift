// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport

/// The decisions of ``Publisher/withLatestFrom(_:resultSelector:)``: each value of the trigger
/// paired with the latest value of the other publisher, free of locks, subscribers and values.
///
/// ``WithLatestFromStorage`` asks it under its lock and acts after unlocking. The machine keeps
/// both inputs' phases, whether the other publisher has a latest value, the subscriber's demand,
/// the delivery token, how many pairs wait in the backlog and the kind of completion decided. It
/// is not generic, and holds no value (Internals, rule 9: the operator runs unspecialised, where
/// a generic state is looked up in the runtime on every use): the latest value, the pairs that
/// wait and a failure live in the storage's slots, guarded by the same lock, and each decision
/// says what to do with them.
///
/// - The other publisher is subscribed first and asked for `.unlimited`; the trigger is subscribed
///   once the other has sent its first value (``OtherValueOutcome/subscribesTrigger``), and asked
///   for everything the subscriber requested so far, then for each request.
/// - A trigger value makes a pair when there is demand for it (which it takes at once) and a latest
///   value; otherwise it is dropped, as a value nobody asked for. The caller that takes the
///   delivery token delivers the pair at once; a pair made while another caller holds the token
///   (another thread, or from inside the subscriber) waits in the backlog, and the holder
///   delivers it before giving the token back, so the subscriber is called by one caller at a time
///   and in the order the pairs were made.
/// - The operator finishes when the trigger finishes, or when the other finishes without ever
///   sending a value; the first failure of either ends it. Both cancel whatever is still
///   subscribed; pairs already made are delivered before the completion.
struct WithLatestFromStateMachine {
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

  /// The completion decided, delivered after the backlog.
  enum Ending: Equatable {
    /// None decided.
    case none
    /// `.finished`.
    case finished
    /// `.failure`, whose error the storage keeps.
    case failure
  }

  /// What to do with a new upstream subscription.
  enum SubscriptionAction {
    /// Keep it, and request this much from it unless it is `.none`.
    case request(Subscribers.Demand)
    /// A second subscription for the input, or one after the end: cancel it.
    case cancel
  }

  /// What the caller of a step does about delivery once it has unlocked.
  enum Start {
    /// Nothing: nothing waits, or another caller holds the token and delivers it.
    case none
    /// This caller holds the token: ask ``WithLatestFromStateMachine/nextDelivery(adding:)``
    /// for what waits.
    case drain
  }

  /// What a trigger value becomes.
  enum TriggerDecision: Equatable {
    /// Nothing: no demand, no latest value, or the operator ended.
    case drop
    /// A pair, and this caller now holds the token: pair the value with the latest, deliver it,
    /// then ask ``WithLatestFromStateMachine/nextDelivery(adding:)``.
    case deliver
    /// A pair that waits: append the value with the latest to the backlog (counted already).
    /// `drains`: this caller took the token as well, and asks for what waits after unlocking.
    case queue(drains: Bool)
  }

  /// What the token holder delivers next.
  enum Next: Equatable {
    /// Nothing: the token is given back.
    case none
    /// The oldest pair of the backlog, then ask again.
    case pair
    /// The completion decided; the token is never given back.
    case complete(Ending)
  }

  /// What the storage does after a step that may end the operator, once it has unlocked.
  struct Effects {
    /// Who delivers next.
    var start = Start.none
    /// Subscriptions to cancel: the trigger's, then the other's.
    var cancel: [any Subscription] = []
    /// A finished input's subscription, released after unlocking.
    var releasedSubscription: (any Subscription)?
    /// This step ended the operator (a completion, or the subscriber's cancel): what it no longer
    /// needs — the trigger publisher if never subscribed — is moved out and released after
    /// unlocking.
    var ends = false
    /// The latest value is moved out of its slot and released after unlocking.
    var releasesLatest = false
    /// The subscriber cancelled: the pairs that waited are moved out and released after unlocking.
    var dropsBacklog = false
  }

  /// What the storage does after a value of the other publisher.
  struct OtherValueOutcome {
    /// Whether to keep the value as the latest (after unlocking, release the one it displaced).
    var stores = false
    /// The other publisher sent its first value: subscribe to the trigger.
    var subscribesTrigger = false
    /// Who delivers next.
    var start = Start.none
  }

  private var trigger = InputPhase.awaitingSubscription
  private var other = InputPhase.awaitingSubscription
  /// Whether the other publisher sent a value (kept in the storage's slot) that is still held.
  private(set) var hasLatest = false
  /// Whether the trigger was handed out to be subscribed.
  private var triggerSubscribed = false
  /// Pairs the subscriber may still receive, not counting those already made.
  private(set) var demand = Subscribers.Demand.none
  /// Everything requested so far; the trigger is asked for it when subscribed.
  private var requestedSoFar = Subscribers.Demand.none
  /// A completion was decided, or the subscriber cancelled.
  private(set) var hasEnded = false
  /// Pairs made while the token was taken, waiting in the storage's backlog.
  private(set) var backlog = 0
  /// The completion decided, waiting for the backlog to drain.
  private(set) var ending = Ending.none
  /// Who delivers: the one serial-delivery primitive, with the queued rule (a re-entrant pair
  /// waits in the backlog). The subscribing caller holds it until it first asks
  /// ``nextDelivery(adding:)``, so nothing reaches the subscriber before its subscription does.
  private var token = SerialDelivery(.queued)

  /// A machine whose subscribing caller holds the delivery token.
  init() {
    _ = token.acquire()
  }

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

  /// The other publisher sent a value: it becomes the latest.
  mutating func receivedOtherValue() -> OtherValueOutcome {
    var outcome = OtherValueOutcome()
    guard !hasEnded, case .active = other else { return outcome }
    outcome.stores = true
    hasLatest = true
    if !triggerSubscribed {
      triggerSubscribed = true
      outcome.subscribesTrigger = true
    }
    outcome.start = claim()
    return outcome
  }

  /// The trigger sent a value: pairs it with the latest value if the subscriber has demand.
  mutating func receivedTriggerValue() -> TriggerDecision {
    guard !hasEnded, case .active = trigger, demand > 0, hasLatest else { return .drop }
    demand -= 1
    if backlog == 0, token.acquire() { return .deliver }
    backlog += 1
    return .queue(drains: claim() == .drain)
  }

  /// `input` completed, with a failure if `failed`.
  mutating func receivedCompletion(failed: Bool, from input: Input) -> Effects {
    var effects = Effects()
    guard !hasEnded else { return effects }
    if failed {
      // The first failure ends everything; the failed input's subscription is released.
      effects.releasedSubscription = takeSubscription(of: input)
      effects.cancel = takeSubscriptions()
      end(with: .failure, into: &effects)
    } else if isActive(input) {
      effects.releasedSubscription = takeSubscription(of: input)
      // The trigger ended, or the other input ended without ever sending a value.
      if input == .trigger || !hasLatest {
        effects.cancel = takeSubscriptions()
        end(with: .finished, into: &effects)
      }
    }
    effects.start = claim()
    return effects
  }

  // MARK: Downstream events

  /// The subscriber asked for `additional` more pairs: returns the demand to pass on to the
  /// trigger, and who delivers next.
  mutating func requested(_ additional: Subscribers.Demand) -> (triggerDemand: Subscribers.Demand, start: Start) {
    let triggerDemand = addDemand(additional)
    return (triggerDemand, claim())
  }

  /// The trigger's subscription, to pass demand on to, while it is active and the operator runs.
  func triggerSubscription() -> (any Subscription)? {
    guard !hasEnded, case .active(let subscription) = trigger else { return nil }
    return subscription
  }

  /// The token holder delivered a pair and the subscriber returned `returned`: adds it and says
  /// what to deliver next (``Next/none`` gives the token back), and what to pass on to the trigger.
  mutating func nextDelivery(adding returned: Subscribers.Demand) -> (next: Next, triggerDemand: Subscribers.Demand) {
    let triggerDemand = addDemand(returned)
    guard !token.closed else {
      _ = token.next()  // gives the token back
      return (.none, triggerDemand)
    }
    if backlog > 0 {
      backlog -= 1
      return (.pair, triggerDemand)
    }
    if ending != .none {
      // The holder keeps the token: nothing is delivered after the completion.
      token.close()
      return (.complete(ending), triggerDemand)
    }
    _ = token.next()  // owes nothing and has no ending: gives the token back
    return (.none, triggerDemand)
  }

  /// The subscriber cancelled: cancels both inputs and drops what waits, even a completion
  /// already decided.
  mutating func cancelled() -> Effects {
    var effects = Effects()
    guard !token.closed else { return effects }
    token.close()
    hasEnded = true
    effects.ends = true
    ending = .none
    effects.dropsBacklog = backlog > 0
    backlog = 0
    effects.cancel = takeSubscriptions()
    effects.releasesLatest = hasLatest
    hasLatest = false
    return effects
  }

  // MARK: Helpers

  /// Takes the token for whatever waits, if nobody holds it.
  private mutating func claim() -> Start {
    guard backlog > 0 || ending != .none, token.acquire() else { return .none }
    return .drain
  }

  /// Adds demand from the subscriber; returns what to pass on to the trigger.
  private mutating func addDemand(_ additional: Subscribers.Demand) -> Subscribers.Demand {
    guard additional > 0, !hasEnded else { return .none }
    let wasUnlimited = demand == .unlimited
    demand += additional
    requestedSoFar += additional
    return wasUnlimited ? .none : additional
  }

  private mutating func end(with ending: Ending, into effects: inout Effects) {
    hasEnded = true
    effects.ends = true
    self.ending = ending
    effects.releasesLatest = hasLatest
    hasLatest = false
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
