// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The state of an operator that forwards values one for one (possibly later, or elsewhere):
/// where it stands with its upstream, and how many values the subscriber still wants.
///
/// Kept inside the operator's `LockedState`. Counting demand here means a misbehaving upstream
/// that sends more than was asked never pushes more values downstream than were requested.
struct PassThroughState {
  var status = SubscriptionStatus.awaitingSubscription
  /// Requested by the subscriber and not yet used by a value.
  var demand = Subscribers.Demand.none

  /// Uses one unit of demand for an arriving value; `false` when the value must be dropped
  /// (no subscription, or no demand left).
  mutating func takeOneDemand() -> Bool {
    guard status.subscription != nil, demand > 0 else { return false }
    demand -= 1
    return true
  }

  /// Adds demand; returns the upstream subscription to forward it to, if subscribed.
  mutating func add(_ additional: Subscribers.Demand) -> (any Subscription)? {
    guard let upstream = status.subscription else { return nil }
    demand += additional
    return upstream
  }

  /// Ends the subscription; returns the upstream subscription if it was live.
  mutating func terminate() -> (any Subscription)? {
    defer { status = .terminal }
    return status.subscription
  }
}
