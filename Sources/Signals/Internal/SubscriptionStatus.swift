// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// Where a subscriber stands with its upstream. Kept inside the subscriber's `LockedState`.
enum SubscriptionStatus {
  /// No subscription yet.
  case awaitingSubscription
  /// Subscribed; requests and cancellation go to this subscription.
  case subscribed(any Subscription)
  /// Completed or cancelled: nothing more is accepted.
  case terminal

  /// Takes the first subscription; returns `false` for any later one (which must be cancelled).
  mutating func accept(_ subscription: any Subscription) -> Bool {
    guard case .awaitingSubscription = self else { return false }
    self = .subscribed(subscription)
    return true
  }

  /// The current subscription, if subscribed.
  var subscription: (any Subscription)? {
    if case .subscribed(let subscription) = self { return subscription }
    return nil
  }

  /// Whether completed or cancelled.
  var isTerminal: Bool {
    if case .terminal = self { return true }
    return false
  }
}
