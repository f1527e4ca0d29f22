// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// The state of an operator that forwards events one for one, later or elsewhere (`receive(on:)`,
/// `subscribe(on:)`, `measureInterval`): where it stands with its upstream.
///
/// Kept inside the operator's `LockedState`. As in Combine, these operators trust their upstream:
/// they count no demand and forward every value they get while subscribed.
///
/// The phase is kept apart from the subscription, in ``UpstreamLink/Phase``, because the check
/// every value makes must not touch the subscription: testing the case of an enum whose payload is
/// an existential (`UpstreamStatus`'s `isSubscribed`, or even `!= nil` on an optional one) copies
/// the payload, a retain and a release, in optimised builds of Swift 6.3.
struct PassThroughState {
  /// Stays `subscribed` after the upstream completes, until the completion is delivered.
  private(set) var phase = UpstreamLink.Phase.awaitingSubscription
  /// The upstream subscription while `phase` is `subscribed`.
  private(set) var subscription: (any Subscription)?
  /// The upstream completed: nothing more is taken from it, and cancelling does nothing.
  private(set) var hasUpstreamCompleted = false

  /// Takes the first subscription; returns `false` for any later one (which must be cancelled).
  mutating func accept(_ subscription: any Subscription) -> Bool {
    guard phase == .awaitingSubscription else { return false }
    phase = .subscribed
    self.subscription = subscription
    return true
  }

  /// Whether subscribed (the upstream may have completed since): copies nothing.
  var isSubscribed: Bool { phase == .subscribed }

  /// The upstream subscription while events are still taken from it.
  var receivingUpstream: (any Subscription)? { hasUpstreamCompleted ? nil : subscription }

  /// Whether events are still taken from the upstream: copies nothing.
  var isReceivingUpstream: Bool { phase == .subscribed && !hasUpstreamCompleted }

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
    phase = .terminal
    subscription = nil
    return upstream
  }
}
#endif
