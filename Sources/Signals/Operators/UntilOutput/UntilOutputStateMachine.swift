// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The decisions of `drop(untilOutputFrom:)` and `prefix(untilOutputFrom:)`, free of locks and of
/// calls out.
///
/// Both watch a *trigger* publisher, asked for `.max(1)`, next to the upstream: its first value
/// opens the gate (`drop`) or closes it and finishes (`prefix`).
///
/// **Serial delivery.** The upstream's calls are serialised, so a value that arrives while another
/// is being delivered (`deliveries > 0`) comes from inside the subscriber, on the delivering
/// thread, and is delivered nested, as Combine does. Only a completion can race a delivery (the
/// trigger's value or completion, on another thread): it then waits in `pendingCompletion` and the
/// delivering thread hands it over once its outermost delivery returns.
struct UntilOutputStateMachine<Failure: Error> {
  /// Which operator the machine decides for.
  enum Mode {
    /// `drop(untilOutputFrom:)`: upstream values are dropped until the trigger sends.
    case dropUntil
    /// `prefix(untilOutputFrom:)`: upstream values pass until the trigger sends, then it finishes.
    case prefixUntil
  }

  /// Where one of the two inputs stands.
  private enum InputPhase {
    /// Not subscribed yet.
    case awaitingSubscription
    /// Subscribed; requests and cancellation go to this subscription.
    case active(any Subscription)
    /// Completed, cancelled, or (the trigger) done with after its value.
    case finished

    var subscription: (any Subscription)? {
      if case .active(let subscription) = self { return subscription }
      return nil
    }
  }

  /// Where the whole operator stands.
  private enum Lifecycle {
    /// Running.
    case running
    /// A completion is decided and waits in `pendingCompletion` for the delivering thread.
    case completing
    /// Completed or cancelled.
    case terminal
  }

  let mode: Mode
  private var upstream = InputPhase.awaitingSubscription
  private var trigger = InputPhase.awaitingSubscription
  /// Whether the trigger sent its value.
  private(set) var triggered = false
  /// Values the subscriber may still receive.
  private(set) var demand = Subscribers.Demand.none
  /// How many deliveries are running (more than one only when nested).
  private var deliveries = 0
  private var pendingCompletion: Subscribers.Completion<Failure>?
  private var lifecycle = Lifecycle.running

  init(mode: Mode) {
    self.mode = mode
  }

  /// Whether a completion was decided or delivered, or the subscriber cancelled.
  var hasEnded: Bool {
    if case .running = lifecycle { return false }
    return true
  }

  // MARK: Subscriptions

  /// What to do with the upstream's subscription.
  enum UpstreamSubscriptionAction {
    /// A second subscription, or one after the end: cancel it.
    case cancel
    /// `prefix`: hand the subscriber its subscription now.
    case subscribeDownstream
    /// `drop`: ask the upstream for the demand requested so far (nothing when `.none`).
    case request(Subscribers.Demand)
    /// `prefix`, the trigger fired first: cancel the subscription, hand the subscriber its own,
    /// then deliver this completion.
    case cancelThenComplete(Subscribers.Completion<Failure>)
  }

  /// The upstream's subscription arrived.
  mutating func receivedUpstreamSubscription(_ subscription: any Subscription) -> UpstreamSubscriptionAction {
    guard case .awaitingSubscription = upstream else { return .cancel }
    if case .completing = lifecycle, let completion = pendingCompletion {
      // `prefix`: the trigger fired before the upstream subscribed; the subscriber gets its
      // subscription now, then the completion.
      upstream = .finished
      pendingCompletion = nil
      lifecycle = .terminal
      return .cancelThenComplete(completion)
    }
    guard !hasEnded else { return .cancel }
    upstream = .active(subscription)
    switch mode {
    case .dropUntil: return .request(demand)
    case .prefixUntil: return .subscribeDownstream
    }
  }

  /// The trigger's subscription arrived: whether to keep it (and ask it for `.max(1)`).
  mutating func receivedTriggerSubscription(_ subscription: any Subscription) -> Bool {
    guard !hasEnded, !triggered, case .awaitingSubscription = trigger else { return false }
    trigger = .active(subscription)
    return true
  }

  // MARK: Upstream events

  /// The upstream sent a value: whether to deliver it (its demand is then counted, and the caller
  /// reports back with ``finishedDelivery(returned:)``).
  mutating func receivedUpstreamValue() -> Bool {
    guard !hasEnded, case .active = upstream else { return false }
    if mode == .dropUntil, !triggered {
      // Combine counts a dropped value against the demand it was sent for.
      if demand > 0, demand != .unlimited { demand -= 1 }
      return false
    }
    guard demand > 0 else { return false }
    if demand != .unlimited { demand -= 1 }
    deliveries += 1
    return true
  }

  /// A delivery returned: adds the demand the subscriber returned; returns the completion to
  /// deliver now, if one waited for the outermost delivery.
  mutating func finishedDelivery(returned: Subscribers.Demand) -> Subscribers.Completion<Failure>? {
    deliveries -= 1
    if !hasEnded { demand += returned }
    guard deliveries == 0, let completion = pendingCompletion else { return nil }
    pendingCompletion = nil
    lifecycle = .terminal
    return completion
  }

  /// The upstream completed.
  mutating func receivedUpstreamCompletion(_ completion: Subscribers.Completion<Failure>) -> CompletionOutcome {
    guard !hasEnded, case .active = upstream else { return CompletionOutcome() }
    upstream = .finished
    return end(with: completion)
  }

  // MARK: Trigger events

  /// The trigger sent a value.
  mutating func receivedTriggerValue() -> CompletionOutcome {
    guard !hasEnded, !triggered, case .active(let subscription) = trigger else { return CompletionOutcome() }
    triggered = true
    switch mode {
    case .dropUntil:
      trigger = .finished
      return CompletionOutcome(cancel: [subscription])
    case .prefixUntil:
      return end(with: .finished)
    }
  }

  /// The trigger completed before sending a value; `completion` is `nil` when its failure type
  /// is not the upstream's (`prefix`), where the completion only stops the watch.
  mutating func receivedTriggerCompletion(_ completion: Subscribers.Completion<Failure>?) -> CompletionOutcome {
    guard !hasEnded, !triggered, case .active = trigger else { return CompletionOutcome() }
    trigger = .finished
    guard mode == .dropUntil, let completion else { return CompletionOutcome() }
    // Nothing can ever pass the gate: the trigger's completion ends the operator.
    return end(with: completion)
  }

  // MARK: Downstream events

  /// The subscriber asked for more: returns the upstream subscription to pass the request to.
  mutating func requested(_ additional: Subscribers.Demand) -> (any Subscription)? {
    guard !hasEnded, additional > 0 else { return nil }
    demand += additional
    return upstream.subscription
  }

  /// The subscriber cancelled: returns the subscriptions to cancel.
  mutating func cancelled() -> [any Subscription] {
    lifecycle = .terminal
    pendingCompletion = nil
    return takeSubscriptions()
  }

  // MARK: Helpers

  private mutating func end(with completion: Subscribers.Completion<Failure>) -> CompletionOutcome {
    var upstreamPending = false
    if case .awaitingSubscription = upstream, mode == .prefixUntil { upstreamPending = true }
    var outcome = CompletionOutcome(cancel: takeSubscriptions())
    if upstreamPending {
      // The subscriber has no subscription yet: the completion waits for the upstream's.
      upstream = .awaitingSubscription
      lifecycle = .completing
      pendingCompletion = completion
      return outcome
    }
    if deliveries > 0 {
      lifecycle = .completing
      pendingCompletion = completion
    } else {
      lifecycle = .terminal
      outcome.deliver = completion
    }
    return outcome
  }

  private mutating func takeSubscriptions() -> [any Subscription] {
    var taken: [any Subscription] = []
    if let subscription = upstream.subscription { taken.append(subscription) }
    if let subscription = trigger.subscription { taken.append(subscription) }
    upstream = .finished
    trigger = .finished
    return taken
  }
}

extension UntilOutputStateMachine {
  /// What an event that may end the operator asks of the storage.
  struct CompletionOutcome {
    /// Cancel these after unlocking.
    var cancel: [any Subscription] = []
    /// Deliver this completion now.
    var deliver: Subscribers.Completion<Failure>?
  }
}
