// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals

/// Where a `materialize` or `dematerialize` subscription stands with its upstream, and how much
/// its subscriber asked for, as a plain value.
///
/// Each operator's inner keeps one behind its lock, asks it on every event and acts after
/// unlocking. Demand passes through: the subscriber's requests are forwarded upstream and counted
/// here, and each upstream value takes one unit (``Admission``), so a value the subscriber did not
/// ask for is dropped whatever the upstream does. `materialize` sends one value of its own when
/// upstream completes, the *final event*: it needs one unit of demand like any value and, if
/// there is none left, waits here until the next request (``completed(with:)``).
struct EventLinkStateMachine<FinalEvent> {
  private enum State {
    /// No subscription has arrived yet.
    case awaitingSubscription
    /// Subscribed; `demand` is what the subscriber asked for and has not received.
    case subscribed(any Subscription, demand: Subscribers.Demand)
    /// Upstream completed and the final event waits for demand.
    case holdingFinalEvent(FinalEvent)
    /// Completed, failed or cancelled.
    case terminal
  }

  /// What the inner may do with one upstream value.
  enum Admission {
    /// Nothing: the link is not subscribed (not yet, or no longer).
    case ignore
    /// The subscriber asked for unlimited values: send it; nothing needs counting.
    case unlimited
    /// One unit of bounded demand is taken for the value: send it, and give back
    /// (``returned(_:)``) the demand the subscriber returns.
    case reserved
    /// The subscriber has no demand: the value must not be sent.
    case unreserved
  }

  /// What a request of the subscriber leads to.
  enum RequestAction {
    /// Nothing: the link has ended (or has not started).
    case none
    /// Forward the demand to this upstream subscription.
    case forward(any Subscription)
    /// The held final event is now demanded: send it, then `.finished`.
    case deliverFinalEvent(FinalEvent)
  }

  /// What to do with the final event when upstream completes.
  enum FinalEventAction {
    /// Nothing: the link had already ended.
    case none
    /// The subscriber has demand for it: send it now, then `.finished`.
    case deliver(FinalEvent)
    /// No demand yet: it is held until the next request.
    case hold
  }

  private var state = State.awaitingSubscription

  /// A link waiting for its subscription.
  init() {}

  /// Upstream sent a subscription: returns whether it is the first, which the link keeps; the
  /// caller cancels any other.
  mutating func receivedSubscription(_ subscription: any Subscription) -> Bool {
    guard case .awaitingSubscription = state else { return false }
    state = .subscribed(subscription, demand: .none)
    return true
  }

  /// Upstream sent a value: takes one unit of demand for it if it may be sent.
  mutating func receivedValue() -> Admission {
    guard case .subscribed(let upstream, var demand) = state else { return .ignore }
    if demand == .unlimited { return .unlimited }
    guard demand > 0 else { return .unreserved }
    demand -= 1
    state = .subscribed(upstream, demand: demand)
    return .reserved
  }

  /// The subscriber returned `demand` from the `receive(_:)` of a reserved value.
  mutating func returned(_ demand: Subscribers.Demand) {
    guard case .subscribed(let upstream, let current) = state else { return }
    state = .subscribed(upstream, demand: current + demand)
  }

  /// The subscriber asked for `demand` more values.
  mutating func requested(_ demand: Subscribers.Demand) -> RequestAction {
    switch state {
    case .awaitingSubscription, .terminal:
      return .none
    case .subscribed(let upstream, let current):
      state = .subscribed(upstream, demand: current + demand)
      return .forward(upstream)
    case .holdingFinalEvent(let event):
      state = .terminal
      return .deliverFinalEvent(event)
    }
  }

  /// Ends the link from any state: the subscriber cancelled, or the operator completes it. Returns
  /// the upstream subscription if the link was subscribed (to cancel, or release, after
  /// unlocking), and the final event it held, if any (to release after unlocking).
  mutating func terminated() -> (upstream: (any Subscription)?, dropped: FinalEvent?) {
    defer { state = .terminal }
    switch state {
    case .awaitingSubscription, .terminal: return (nil, nil)
    case .subscribed(let upstream, _): return (upstream, nil)
    case .holdingFinalEvent(let event): return (nil, event)
    }
  }

  /// Upstream completed and the operator has `finalEvent` to send before `.finished`. Ends the
  /// link, and either takes one unit of demand for the event or holds it. The upstream
  /// subscription is handed back, to be released after unlocking.
  mutating func completed(with finalEvent: FinalEvent) -> (action: FinalEventAction, released: (any Subscription)?) {
    guard case .subscribed(let upstream, let demand) = state else { return (.none, nil) }
    guard demand > 0 else {
      state = .holdingFinalEvent(finalEvent)
      return (.hold, upstream)
    }
    state = .terminal
    return (.deliver(finalEvent), upstream)
  }
}
