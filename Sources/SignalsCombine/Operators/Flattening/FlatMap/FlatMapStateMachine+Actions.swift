// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// The actions ``FlatMapStateMachine`` returns; the storage performs them after unlocking.
extension FlatMapStateMachine {
  /// What to do with a subscription that arrived.
  enum SubscriptionAction {
    case request(Subscribers.Demand)
    case cancel
  }

  /// What to do with an inner's value.
  enum InnerValueAction: Equatable {
    /// Ignore it (the operator ended or the inner is unknown).
    case drop
    /// Append it to the storage's waiting values; the token holder delivers it.
    case buffer
    /// This thread took the token: deliver it, return `returning` to the inner, then drain.
    case deliver(returning: Subscribers.Demand)
  }

  /// What to do after a completion (of the upstream or of an inner).
  struct CompletionOutcome {
    /// Subscriptions to cancel.
    var cancel: [any Subscription] = []
    /// A finished inner's subscription, released after unlocking.
    var released: (any Subscription)?
    /// Whether the storage drops the values that waited.
    var dropsBuffer = false
    /// Whether this failure ends the operator: the storage keeps its error for the subscriber.
    var keepsFailure = false
    /// Ask this subscription (the upstream) for one more value.
    var requestUpstream: (any Subscription)?
    /// This thread took the token: drain.
    var drain = false
  }

  /// What to do after a request.
  struct RequestOutcome {
    /// Inners to ask for unlimited values (demand just became unlimited).
    var unlimitedInners: [any Subscription] = []
    /// This thread took the token: drain.
    var drain = false
  }

  /// What to do after a cancel.
  struct CancelOutcome {
    /// Subscriptions to cancel.
    var cancel: [any Subscription] = []
    /// Whether the storage drops the values that waited.
    var dropsBuffer = false
  }

  /// What the token holder does next.
  enum NextDelivery {
    /// Nothing to deliver: the token is given back.
    case none
    /// Nothing to deliver: the token is given back; then ask these inners for unlimited, and
    /// `requestUpstream`, if any, for one more value (a single-value inner finished).
    case giveBack(unlimitedInners: [any Subscription], requestUpstream: (any Subscription)?)
    /// Deliver the oldest waiting value; then ask `refill` (its inner) for one more.
    case deliver(refill: (any Subscription)?, unlimitedInners: [any Subscription])
    /// Deliver the completion; the operator has ended.
    case complete(Ending)
  }
}
#endif
