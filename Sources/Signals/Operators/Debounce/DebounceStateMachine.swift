// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The decisions of ``Publishers/Debounce``, free of locks, schedulers and subscribers.
///
/// Each upstream value replaces the pending one and starts a new *generation*; a due-time
/// callback delivers the pending value only if no newer value arrived since it was scheduled
/// (its generation is still current), and only if the subscriber has demand.
struct DebounceStateMachine<Output> {
  private enum State {
    /// No upstream subscription yet.
    case awaitingSubscription
    /// Running: the upstream subscription, the value waiting for its due time, the generation of
    /// the latest value, and the subscriber's outstanding demand.
    case subscribed(upstream: any Subscription, pending: Output?, generation: UInt64, demand: Subscribers.Demand)
    /// The upstream completed; the completion is scheduled and not yet delivered.
    case completing
    /// Completed or cancelled.
    case terminal
  }

  private var state = State.awaitingSubscription

  /// What to do with a new upstream subscription.
  enum SubscriptionAction {
    /// Hand the subscriber its subscription, then ask upstream for unlimited values.
    case startDownstreamAndRequestUnlimited
    /// A second subscription: cancel it.
    case cancelSubscription
  }

  mutating func receivedSubscription(_ subscription: any Subscription) -> SubscriptionAction {
    guard case .awaitingSubscription = state else { return .cancelSubscription }
    state = .subscribed(upstream: subscription, pending: nil, generation: 0, demand: .none)
    return .startDownstreamAndRequestUnlimited
  }

  /// Records `value` as pending; returns the generation to schedule a due-time check for (`nil` to
  /// ignore the value) and the value it displaced, for the caller to release after unlocking.
  mutating func received(_ value: Output) -> (generation: UInt64?, displaced: Output?) {
    guard case .subscribed(let upstream, let displaced, let generation, let demand) = state else { return (nil, nil) }
    state = .subscribed(upstream: upstream, pending: value, generation: generation &+ 1, demand: demand)
    return (generation &+ 1, displaced)
  }

  /// What to do when a due time arrives.
  enum DueAction {
    /// Deliver the value.
    case deliver(Output)
    /// The subscriber has no demand: the value is dropped (released by the caller after unlocking).
    case drop(Output)
    /// The due time is stale (a newer value arrived) or the pipeline ended.
    case none
  }

  /// The due time of `generation` arrived.
  mutating func due(_ generation: UInt64) -> DueAction {
    guard case .subscribed(let upstream, let pending?, let current, let demand) = state, current == generation else {
      return .none
    }
    guard demand > 0 else {
      state = .subscribed(upstream: upstream, pending: nil, generation: current, demand: demand)
      return .drop(pending)
    }
    state = .subscribed(upstream: upstream, pending: nil, generation: current, demand: demand - 1)
    return .deliver(pending)
  }

  /// Adds demand: the subscriber's requests and what it returned from `receive(_:)`.
  mutating func addDemand(_ additional: Subscribers.Demand) {
    guard additional > 0, case .subscribed(let upstream, let pending, let generation, let demand) = state else {
      return
    }
    state = .subscribed(upstream: upstream, pending: pending, generation: generation, demand: demand + additional)
  }

  /// The upstream completed: returns whether to schedule the completion, and the pending value,
  /// which is dropped (released by the caller after unlocking).
  mutating func completed() -> (scheduleCompletion: Bool, dropped: Output?) {
    guard case .subscribed(_, let pending, _, _) = state else { return (false, nil) }
    state = .completing
    return (true, pending)
  }

  /// The scheduled completion is due: returns whether to deliver it (not if cancelled meanwhile).
  mutating func completionDue() -> Bool {
    guard case .completing = state else { return false }
    state = .terminal
    return true
  }

  /// The subscriber cancelled: returns the upstream subscription to cancel, if any, and the pending
  /// value for the caller to release after unlocking.
  mutating func cancelled() -> (upstream: (any Subscription)?, dropped: Output?) {
    defer { state = .terminal }
    if case .subscribed(let upstream, let pending, _, _) = state { return (upstream, pending) }
    return (nil, nil)
  }
}
