// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// The decisions of ``Publishers/Debounce``, free of locks, schedulers and subscribers.
///
/// Each upstream value replaces the current one and starts a new *generation* with its own
/// repeating timer (Combine arms `schedule(after:interval:tolerance:options:)` and cancels the
/// token once the timer has done its job). A tick delivers the current value only if its
/// generation is still current and its timer has not fired before, and only if the subscriber has
/// demand; a tick of an older generation does nothing.
///
/// It holds no value: the storage keeps the current value in a slot beside it, under the same lock,
/// so that the machine is not generic (the operator runs unspecialised, and a generic state is
/// looked up in the runtime on every use).
struct DebounceStateMachine {
  /// The timer of the current generation; `token` is `nil` while the `schedule` call that makes it
  /// has not returned yet.
  private struct Timer {
    let generation: UInt64
    var token: (any Cancellable)?
  }

  private var status = SubscriptionStatus.awaitingSubscription
  /// The generation of the latest value.
  private var generation: UInt64 = 0
  /// Whether a value arrived. As in Combine the latest value stays after delivery (only a newer
  /// value replaces it).
  private(set) var hasValue = false
  /// The timer of the latest value, until it fires or is cancelled.
  private var timer: Timer?
  /// Requested by the subscriber and not yet used by a value.
  private(set) var demand = Subscribers.Demand.none

  /// What to do with a new upstream subscription.
  enum SubscriptionAction {
    /// Hand the subscriber its subscription, then ask upstream for unlimited values.
    case startDownstreamAndRequestUnlimited
    /// A second subscription: cancel it.
    case cancelSubscription
  }

  mutating func receivedSubscription(_ subscription: any Subscription) -> SubscriptionAction {
    status.accept(subscription) ? .startDownstreamAndRequestUnlimited : .cancelSubscription
  }

  /// A value arrived; returns the generation to arm a timer for (`nil` to ignore the value: the
  /// caller then keeps it not) and the timer of the previous value to cancel. The caller makes the
  /// value current when the generation is not `nil`.
  mutating func received() -> (generation: UInt64?, previousTimer: (any Cancellable)?) {
    guard status.isSubscribed else { return (nil, nil) }
    generation &+= 1
    hasValue = true
    let previous = timer?.token
    timer = Timer(generation: generation, token: nil)
    return (generation, previous)
  }

  /// The `schedule` call for `generation` returned `token`: keeps it, or returns `false` when the
  /// caller must cancel it (a newer value, a tick, a completion or a cancellation came first).
  mutating func armed(_ generation: UInt64, token: any Cancellable) -> Bool {
    guard status.isSubscribed, var current = timer, current.generation == generation, current.token == nil
    else { return false }
    current.token = token
    timer = current
    return true
  }

  /// What to do when a timer ticks.
  enum DueAction {
    /// Cancel the timer, then deliver the current value.
    case deliver(timer: (any Cancellable)?)
    /// Cancel the timer; the subscriber has no demand, so the value is not delivered.
    case cancelTimer((any Cancellable)?)
    /// A stale tick (a newer value arrived, or the timer already fired) or the pipeline ended.
    case none
  }

  /// The timer of `generation` ticked.
  mutating func due(_ generation: UInt64) -> DueAction {
    guard status.isSubscribed, let current = timer, current.generation == generation, hasValue else { return .none }
    timer = nil
    guard demand > 0 else { return .cancelTimer(current.token) }
    demand -= 1
    return .deliver(timer: current.token)
  }

  /// Adds demand: the subscriber's requests and what it returned from `receive(_:)`.
  mutating func addDemand(_ additional: Subscribers.Demand) {
    guard status.isSubscribed else { return }
    demand += additional
  }

  /// The upstream completed: returns whether to schedule the completion, and the running timer to
  /// cancel.
  mutating func completed() -> (scheduleCompletion: Bool, timer: (any Cancellable)?) {
    guard status.isSubscribed else { return (false, nil) }
    status = .terminal
    defer { timer = nil }
    return (true, timer?.token)
  }

  /// The subscriber cancelled: returns the upstream subscription to cancel and the running timer.
  /// Before the subscription arrives this does nothing, as in Combine.
  mutating func cancelled() -> (upstream: (any Subscription)?, timer: (any Cancellable)?) {
    guard let upstream = status.subscription else { return (nil, nil) }
    status = .terminal
    defer { timer = nil }
    return (upstream, timer?.token)
  }
}
#endif
