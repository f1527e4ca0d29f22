// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// The state of an operator that forwards events one for one, later or elsewhere (`receive(on:)`,
/// `subscribe(on:)`, `measureInterval`): where it stands with its upstream.
///
/// Kept inside the operator's `LockedState`. As in Combine, these operators trust their upstream:
/// they count no demand and forward every value they get while subscribed.
struct PassThroughState {
  /// Stays `subscribed` after the upstream completes, until the completion is delivered.
  var status = SubscriptionStatus.awaitingSubscription
  /// The upstream completed: nothing more is taken from it, and cancelling does nothing.
  var hasUpstreamCompleted = false

  /// The upstream subscription while events are still taken from it.
  var receivingUpstream: (any Subscription)? { hasUpstreamCompleted ? nil : status.subscription }

  /// Whether events are still taken from the upstream: `isReceivingUpstream`, without copying
  /// the subscription.
  var isReceivingUpstream: Bool { !hasUpstreamCompleted && status.isSubscribed }

  /// Records the upstream's completion; `false` if it must be ignored (not subscribed, or a second
  /// completion).
  mutating func upstreamCompleted() -> Bool {
    guard isReceivingUpstream else { return false }
    hasUpstreamCompleted = true
    return true
  }

  /// The subscriber cancelled: returns the upstream subscription to cancel. Before the subscription
  /// arrives, and after the upstream completed, this does nothing, as in Combine.
  mutating func cancel() -> (any Subscription)? {
    guard let upstream = receivingUpstream else { return nil }
    status = .terminal
    return upstream
  }
}
#endif
