// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// The state of a ``Future``: pending with its waiting subscriptions, or resolved with its result.
///
/// Waiting subscriptions live in a list where each one knows its slot (`FutureWaiter/slot`,
/// guarded by the future's lock), so removing one on cancel is O(1): the last waiter moves into
/// the hole. Resolving hands the whole list back, once, to be notified after unlocking.
///
/// The machine never locks and never calls out; ``Future`` does both.
struct FutureStateMachine<Output, Failure: Error, Waiter: FutureWaiter> {
  private enum State {
    /// No result yet; these subscriptions wait for it.
    case pending(ContiguousArray<Waiter>)
    /// The first promise call set the result; later calls are ignored.
    case resolved(Result<Output, Failure>)
  }

  /// What a promise call asks the caller to do.
  enum ResolveAction {
    /// Nothing: the future was already resolved.
    case none
    /// Hand the result to each of these subscriptions.
    case notify(ContiguousArray<Waiter>)
  }

  private var state: State = .pending([])

  /// The result, once resolved.
  var result: Result<Output, Failure>? {
    if case .resolved(let result) = state { return result }
    return nil
  }

  /// The promise was called with `result`; only the first call counts.
  mutating func resolve(_ result: Result<Output, Failure>) -> ResolveAction {
    guard case .pending(let waiters) = state else { return .none }
    state = .resolved(result)
    for waiter in waiters { waiter.slot = -1 }
    return .notify(waiters)
  }

  /// A subscription attaches: it joins the waiting list, or gets the result if there is one.
  mutating func subscribe(_ waiter: Waiter) -> Result<Output, Failure>? {
    switch state {
    case .pending(var waiters):
      // Release the state's reference so the append below does not copy the buffer.
      state = .pending([])
      waiter.slot = waiters.count
      waiters.append(waiter)
      state = .pending(waiters)
      return nil
    case .resolved(let result):
      return result
    }
  }

  /// A waiting subscription cancelled: it leaves the list in O(1). Does nothing once resolved.
  mutating func remove(_ waiter: Waiter) {
    guard case .pending(var waiters) = state, waiter.slot >= 0 else { return }
    state = .pending([])
    let slot = waiter.slot
    waiter.slot = -1
    let last = waiters.removeLast()
    if last !== waiter {
      waiters[slot] = last
      last.slot = slot
    }
    state = .pending(waiters)
  }
}

/// A subscription waiting in a ``FutureStateMachine``'s list.
protocol FutureWaiter: AnyObject {
  /// The waiter's index in the list, or -1 when not in it. Guarded by the future's lock.
  var slot: Int { get set }
}

/// The state of one subscription to a ``Future``: whether the subscriber has received its
/// subscription, asked for a value, and whether the result is known.
///
/// The value (or failure) is delivered exactly once, by whichever event makes it deliverable
/// first; the action hands the subscriber out of the state, so that frame alone calls it.
///
/// - A success is deliverable once the subscriber asked for at least one value.
/// - A failure is deliverable without demand, as in Combine.
/// - Nothing is delivered before `receive(subscription:)` has returned, unless the subscriber
///   asks from inside it (which proves it holds the subscription).
struct FutureSubscriptionStateMachine<Output, Failure: Error, Downstream> {
  private enum State {
    /// Not delivered yet. `subscribed`: `receive(subscription:)` returned; `hasDemand`: the
    /// subscriber asked for values; `result`: the future's result, once known.
    case active(Downstream, subscribed: Bool, hasDemand: Bool, result: Result<Output, Failure>?)
    /// One frame is delivering the result to `downstream`; the mirror still shows the future.
    case delivering(Downstream, hasDemand: Bool)
    /// Delivered or cancelled.
    case terminal
  }

  /// What an event asks the caller to do.
  enum Action {
    /// Nothing yet (or ever).
    case none
    /// Deliver `result` to `downstream`: the value then `.finished`, or the failure.
    case deliver(Downstream, Result<Output, Failure>)
  }

  private var state: State
  /// Whether the result was delivered from a request (the future had resolved before): Combine's
  /// subscription then keeps showing the future in its mirror afterwards, unlike one delivered as
  /// the future resolves. Only the mirror reads it.
  private(set) var deliveredOnRequest = false

  /// A subscription about to be handed to `downstream`.
  init(downstream: Downstream) {
    state = .active(downstream, subscribed: false, hasDemand: false, result: nil)
  }

  /// `receive(subscription:)` returned.
  mutating func subscriptionDelivered() -> Action {
    guard case .active(let downstream, let subscribed, let hasDemand, let result) = state else { return .none }
    precondition(!subscribed, "FutureSubscriptionStateMachine.subscriptionDelivered: called twice")
    state = .active(downstream, subscribed: true, hasDemand: hasDemand, result: result)
    return deliverIfReady()
  }

  /// The subscriber asked for values (`demand > 0`).
  mutating func request() -> Action {
    guard case .active(let downstream, let subscribed, _, let result) = state else { return .none }
    state = .active(downstream, subscribed: subscribed, hasDemand: true, result: result)
    let action = deliverIfReady()
    if case .deliver = action { deliveredOnRequest = true }
    return action
  }

  /// The future resolved.
  mutating func resolve(_ result: Result<Output, Failure>) -> Action {
    guard case .active(let downstream, let subscribed, let hasDemand, nil) = state else { return .none }
    state = .active(downstream, subscribed: subscribed, hasDemand: hasDemand, result: result)
    return deliverIfReady()
  }

  /// The subscriber cancelled; returns the subscriber to release after unlocking, if any.
  mutating func cancel() -> Downstream? {
    guard case .active(let downstream, _, _, _) = state else { return nil }
    state = .terminal
    return downstream
  }

  /// The frame that got ``Action/deliver(_:_:)`` has finished delivering.
  mutating func delivered() {
    state = .terminal
  }

  /// The subscriber and whether it has asked for the value, until the result has been delivered
  /// (as Combine shows them, also while it is being delivered); `nil` once delivered or
  /// cancelled. Only the subscription's mirror reads it.
  var activeDownstream: (downstream: Downstream, hasDemand: Bool)? {
    switch state {
    case .active(let downstream, _, let hasDemand, _), .delivering(let downstream, let hasDemand):
      (downstream, hasDemand)
    case .terminal:
      nil
    }
  }

  /// Delivers a success once there is demand, and a failure once the subscriber holds its
  /// subscription (a request proves it does).
  private mutating func deliverIfReady() -> Action {
    guard case .active(let downstream, let subscribed, let hasDemand, let result?) = state else { return .none }
    switch result {
    case .success where !hasDemand, .failure where !subscribed && !hasDemand:
      return .none
    case .success, .failure:
      state = .delivering(downstream, hasDemand: hasDemand)
      return .deliver(downstream, result)
    }
  }
}
#endif
