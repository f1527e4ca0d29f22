// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// How a combining operator turns the values of its inputs into outputs.
enum CombiningStrategy: Sendable {
  /// `combineLatest`: every input's latest value, each time an input sends once all have one.
  case combineLatest
  /// `zip`: the oldest unused value of every input, once each has one.
  case zip
  /// `merge`: every value of every input, one at a time.
  case merge
}

/// Which buffered values one output is made of; ``CombiningStorage`` reads them out of the
/// per-input buffers and builds the output.
enum CombiningTake: Equatable, Sendable {
  /// The latest value of every input; the values stay.
  case latest
  /// The oldest value queued by every input; the values are removed.
  case heads
  /// The value held by this one input; it is removed.
  case slot(Int)
}

/// What ``CombiningStateMachine`` asks its storage to do.
extension CombiningStateMachine {
  /// What to do with a new upstream subscription.
  enum SubscriptionAction {
    /// Keep it and request this much from it (nothing when `.none`).
    case request(Subscribers.Demand)
    /// A second subscription for the input, or one after the end: cancel it.
    case cancel
  }

  /// How the operator ends; a failure's error is kept by the storage.
  enum Ending: Equatable, Sendable {
    /// Every output was delivered and the inputs are done.
    case finished
    /// An input failed.
    case failed
  }

  /// What to do with a value from an input.
  enum ValueAction: Equatable {
    /// Ignore it (the operator ended, or the input sent more than it was asked for).
    case drop
    /// Store it in the input's buffer, then ask for outputs with ``nextTake()``.
    case store
    /// `merge` only: the value is the next output and the caller now holds the token. Deliver it
    /// as it is, then ask for ``nextDelivery()``, then return `returning` to the input.
    case deliver(returning: Subscribers.Demand)
  }

  /// What to do after a value was stored and its outputs made.
  struct ValueOutcome {
    /// Return this from the input's `receive(_:)`.
    var upstreamDemand: Subscribers.Demand = .none
  }

  /// What the thread that made outputs or a completion does next.
  enum DeliveryStart: Equatable {
    /// Nothing: there is nothing to deliver, or the token holder delivers it.
    case none
    /// Deliver the output just made at once (the storage hands it over outside the backlog); the
    /// caller now holds the token, and afterwards adds the demand the subscriber returned
    /// (``addDemand(_:)``) and asks for ``nextDelivery()``.
    case deliver
    /// The caller now holds the token and asks for ``nextDelivery()``.
    case drain
  }

  /// What the token holder delivers next, from ``nextDelivery()``.
  enum NextDelivery: Equatable {
    /// Nothing: the token is given back.
    case none
    /// Deliver the oldest output of the storage's backlog, then ask again.
    case deliver
    /// Deliver the completion; the operator is over.
    case complete(Ending)
  }

  /// What the storage asks the upstreams after demand changed.
  struct UpstreamRequests: Equatable {
    /// Request this from every active input (`combineLatest`, `zip`; `merge` when it becomes
    /// unlimited).
    var demand: Subscribers.Demand = .none
    /// `merge`: some inputs gave up their one buffered value; ask each of them for one more
    /// (``takeRefill(_:)``).
    var refills = false
  }

  /// What ends the operator from an input's completion.
  struct CompletionOutcome {
    /// Subscriptions of the other inputs, to cancel after unlocking.
    var cancel: [any Subscription] = []
    /// The finished input's subscription, released after unlocking.
    var released: (any Subscription)?
    /// Whether the operator ended, so the storage drops its buffers (after unlocking).
    var ended = false
  }
}
#endif
