// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// Where a subscriber stands with its upstream. Kept inside the subscriber's `LockedState`.
///
/// Generic over the subscription's type because this module sits below every module that declares
/// `Subscription` (Signals' own implementation of Combine, or Apple's Combine): each of them names
/// it as `UpstreamStatus<any Subscription>` (the `SubscriptionStatus` alias).
@_spi(Signals) public enum UpstreamStatus<Link> {
  /// No subscription yet.
  case awaitingSubscription
  /// Subscribed; requests and cancellation go to this subscription.
  case subscribed(Link)
  /// Completed or cancelled: nothing more is accepted.
  case terminal

  /// Takes the first subscription; returns `false` for any later one (which must be cancelled).
  @inlinable
  public mutating func accept(_ subscription: Link) -> Bool {
    guard case .awaitingSubscription = self else { return false }
    self = .subscribed(subscription)
    return true
  }

  /// The current subscription, if subscribed.
  @inlinable
  public var subscription: Link? {
    if case .subscribed(let subscription) = self { return subscription }
    return nil
  }

  /// Whether subscribed. Testing the case still copies an existential payload (a retain and a
  /// release) in optimised builds of Swift 6.3, as `subscription != nil` does; a per-value path
  /// that must not pay for that keeps a payload-free phase instead (`PassThroughState`).
  @inlinable
  public var isSubscribed: Bool {
    if case .subscribed = self { return true }
    return false
  }

  /// Whether completed or cancelled.
  @inlinable
  public var isTerminal: Bool {
    if case .terminal = self { return true }
    return false
  }
}
