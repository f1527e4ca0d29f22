// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// Where a relay stands, behind the one lock: a subscriber that passes one upstream
/// subscription's events on to a target it holds until the end (a downstream subscriber, a
/// subject).
///
/// Every method decides under the lock and returns what the caller acts on after unlocking. The
/// target is released when the link ends, always outside the lock (its `deinit` may be user
/// code).
struct RelayLink<Target> {
  private enum State {
    /// Waiting for the upstream's subscription.
    case awaitingSubscription(Target)
    /// Attached: events go to the target, demand and cancellation to the subscription.
    case subscribed(Target, any Subscription)
    /// Completed or cancelled; the target is released.
    case terminal
  }

  private let state: LockedState<State>

  init(_ target: Target) {
    state = .make(.awaitingSubscription(target))
  }

  /// Takes the first subscription; returns the target to hand it on to, or `nil` for any later
  /// subscription, which the caller cancels.
  func accept(_ subscription: any Subscription) -> Target? {
    state.withLock { state in
      guard case .awaitingSubscription(let target) = state else { return nil }
      state = .subscribed(target, subscription)
      return target
    }
  }

  /// The target and the upstream subscription while attached; `nil` before and after.
  func current() -> (target: Target, subscription: any Subscription)? {
    state.withLock { state in
      guard case .subscribed(let target, let subscription) = state else { return nil }
      return (target, subscription)
    }
  }

  /// Ends the link on the upstream's completion; returns the target to complete, if attached.
  func complete() -> Target? {
    state.withLock { state in
      guard case .subscribed(let target, _) = state else { return nil }
      state = .terminal
      return target
    }
  }

  /// Ends the link on cancel; returns the upstream subscription to cancel, if attached. The
  /// target is released on return, after unlocking.
  func cancel() -> (any Subscription)? {
    let ended = state.withLock { state in
      defer { state = .terminal }
      return state
    }
    guard case .subscribed(_, let subscription) = ended else { return nil }
    return subscription
  }
}
#endif
