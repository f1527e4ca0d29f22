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
/// there is none left, waits until the next request (``completed()``).
///
/// The machine is not generic (Internals, rule 9: the operators run unspecialised, where a
/// generic state is looked up in the runtime on every use): a held final event waits in the
/// inner's slot under the same lock, and the machine says when to fill, deliver or drop it.
struct EventLinkStateMachine {
  private enum State {
    /// No subscription has arrived yet.
    case awaitingSubscription
    /// Subscribed; `demand` is what the subscriber asked for and has not received.
    case subscribed(any Subscription, demand: Subscribers.Demand)
    /// Upstream completed and the final event waits (in the inner's slot) for demand.
    case holdingFinalEvent
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
    /// The held final event is now demanded: take it out of the slot, send it, then `.finished`.
    case deliverFinalEvent
  }

  /// What to do with the final event when upstream completes.
  enum FinalEventAction {
    /// Nothing: the link had already ended.
    case none
    /// The subscriber has demand for it: send it now, then `.finished`.
    case deliver
    /// No demand yet: keep it in the slot until the next request.
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
    case .holdingFinalEvent:
      state = .terminal
      return .deliverFinalEvent
    }
  }

  /// Ends the link from any state: the subscriber cancelled, or the operator completes it. Returns
  /// the upstream subscription if the link was subscribed (to cancel, or release, after
  /// unlocking), and whether it held the final event (to take out of the slot and release after
  /// unlocking).
  mutating func terminated() -> (upstream: (any Subscription)?, dropsFinalEvent: Bool) {
    defer { state = .terminal }
    switch state {
    case .awaitingSubscription, .terminal: return (nil, false)
    case .subscribed(let upstream, _): return (upstream, false)
    case .holdingFinalEvent: return (nil, true)
    }
  }

  /// Upstream completed and the operator has a final event to send before `.finished`. Ends the
  /// link, and either takes one unit of demand for the event or holds it. The upstream
  /// subscription is handed back, to be released after unlocking.
  mutating func completed() -> (action: FinalEventAction, released: (any Subscription)?) {
    guard case .subscribed(let upstream, let demand) = state else { return (.none, nil) }
    guard demand > 0 else {
      state = .holdingFinalEvent
      return (.hold, upstream)
    }
    state = .terminal
    return (.deliver, upstream)
  }
}
