// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The decisions of `switchToLatest()`, free of locks and of calls out.
///
/// The machine knows the upstream subscription, the *current* inner publisher (its id and, once
/// it arrived, its subscription), the downstream demand, and who holds the delivery token.
///
/// **Demand passes through.** The upstream is asked for unlimited publishers. Each new inner is
/// asked for the demand the subscriber has outstanding, and every later request (and the demand
/// the subscriber returns from `receive(_:)`) goes to the current inner. Demand is counted here,
/// so an inner that sends more than it was asked for never pushes past the subscriber's demand.
///
/// **Serial delivery without holding a lock.** As in ``FlatMapStateMachine``, one thread at a time
/// holds the token (`isDelivering`) and calls the subscriber; a value accepted while the token is
/// taken (its demand already counted) waits in `backlog` and the holder delivers it, and so does a
/// completion decided meanwhile, after the backlog.
struct SwitchToLatestStateMachine<Output, Failure: Error> {
  /// Where the upstream stands.
  private enum UpstreamPhase {
    /// Not subscribed yet.
    case awaitingSubscription
    /// Subscribed; cancellation goes to this subscription.
    case active(any Subscription)
    /// Finished, failed, or cancelled with the operator.
    case finished
  }

  /// Where the current inner stands.
  private enum InnerPhase {
    /// No inner runs: none was made yet, or the last one finished.
    case none
    /// Inner `id` was subscribed and its subscription has not arrived.
    case awaitingSubscription(id: Int)
    /// Inner `id` runs; requests and cancellation go to its subscription.
    case active(id: Int, any Subscription)

    var id: Int? {
      switch self {
      case .none: return nil
      case .awaitingSubscription(let id), .active(let id, _): return id
      }
    }

    var subscription: (any Subscription)? {
      if case .active(_, let subscription) = self { return subscription }
      return nil
    }
  }

  /// Where the whole operator stands.
  private enum Lifecycle {
    /// Running.
    case running
    /// A completion is decided and waits in `pendingCompletion` for the token holder.
    case completing
    /// Completed (the completion was handed out) or cancelled.
    case terminal
  }

  private var upstream = UpstreamPhase.awaitingSubscription
  private var inner = InnerPhase.none
  private var nextInnerID = 0
  /// Values the subscriber may still receive.
  private(set) var demand = Subscribers.Demand.none
  private var isDelivering = false
  /// Values accepted (their demand counted) while the token was taken.
  private var backlog = ContiguousArray<Output?>()
  private var backlogHead = 0
  private var pendingCompletion: Subscribers.Completion<Failure>?
  private var lifecycle = Lifecycle.running

  /// Whether a completion was decided or delivered, or the subscriber cancelled.
  var hasEnded: Bool {
    if case .running = lifecycle { return false }
    return true
  }

  /// The id of the current inner, if one runs.
  var currentInnerID: Int? { inner.id }

  // MARK: Upstream events

  /// The upstream's subscription arrived: keep it and ask for unlimited, or cancel it.
  mutating func receivedUpstreamSubscription(_ subscription: any Subscription) -> Bool {
    guard !hasEnded, case .awaitingSubscription = upstream else { return false }
    upstream = .active(subscription)
    return true
  }

  /// The upstream sent a publisher: returns the id of the new inner and the previous inner's
  /// subscription to cancel, or `nil` to ignore the publisher.
  mutating func receivedUpstreamValue() -> (id: Int, cancel: (any Subscription)?)? {
    guard !hasEnded, case .active = upstream else { return nil }
    let previous = inner.subscription
    let id = nextInnerID
    nextInnerID &+= 1
    inner = .awaitingSubscription(id: id)
    return (id, previous)
  }

  /// The upstream completed: returns the inner subscription to cancel after a failure.
  mutating func receivedUpstreamCompletion(_ completion: Subscribers.Completion<Failure>) -> CompletionOutcome {
    var outcome = CompletionOutcome()
    guard !hasEnded, case .active = upstream else { return outcome }
    upstream = .finished
    switch completion {
    case .finished:
      if case .none = inner { end(with: .finished, into: &outcome) }
    case .failure:
      outcome.cancel = inner.subscription
      inner = .none
      end(with: completion, into: &outcome)
    }
    return outcome
  }

  // MARK: Inner events

  /// Inner `id`'s subscription arrived: returns the demand to ask of it, or `nil` to cancel it (it
  /// is not the current inner any more, or the operator ended).
  mutating func receivedInnerSubscription(_ subscription: any Subscription, id: Int) -> Subscribers.Demand? {
    guard !hasEnded, case .awaitingSubscription(id) = inner else { return nil }
    inner = .active(id: id, subscription)
    return demand
  }

  /// Inner `id` sent a value.
  mutating func receivedInnerValue(_ value: Output, id: Int) -> InnerValueAction {
    guard !hasEnded, inner.id == id, demand > 0 else { return .drop }
    if demand != .unlimited { demand -= 1 }
    if !isDelivering {
      // A free token means an empty backlog: the last holder delivered all of it.
      isDelivering = true
      return .deliver(value)
    }
    backlog.append(value)
    return .queued
  }

  /// Inner `id` completed: returns the upstream subscription to cancel after a failure.
  mutating func receivedInnerCompletion(_ completion: Subscribers.Completion<Failure>, id: Int) -> CompletionOutcome {
    var outcome = CompletionOutcome()
    guard !hasEnded, inner.id == id else { return outcome }
    outcome.released = inner.subscription
    inner = .none
    switch completion {
    case .finished:
      if case .finished = upstream { end(with: .finished, into: &outcome) }
    case .failure:
      if case .active(let subscription) = upstream { outcome.cancel = subscription }
      upstream = .finished
      end(with: completion, into: &outcome)
    }
    return outcome
  }

  // MARK: Downstream events

  /// The subscriber asked for `additional` values: returns the inner subscription to pass the
  /// request on to.
  mutating func requested(_ additional: Subscribers.Demand) -> (any Subscription)? {
    guard !hasEnded, additional > 0 else { return nil }
    demand += additional
    return inner.subscription
  }

  /// The subscriber cancelled: the subscriptions to cancel and the values to release after
  /// unlocking.
  mutating func cancelled() -> (cancel: [any Subscription], dropped: ContiguousArray<Output?>) {
    lifecycle = .terminal
    pendingCompletion = nil
    var cancel: [any Subscription] = []
    if case .active(let subscription) = upstream { cancel.append(subscription) }
    if let subscription = inner.subscription { cancel.append(subscription) }
    upstream = .finished
    inner = .none
    defer {
      backlog = []
      backlogHead = 0
    }
    return (cancel, backlog)
  }

  // MARK: Delivery

  /// The token holder adds the demand the subscriber returned and asks what to deliver next;
  /// `.none` gives the token back.
  ///
  /// - Parameters:
  ///   - returned: What the subscriber returned from the last `receive(_:)`.
  ///   - innerID: The inner whose `receive(_:)` call delivered that value, which returns
  ///     `returned` to its caller itself while it is still current; `nil` when the holder
  ///     delivered from the backlog or a request.
  /// - Returns: What to deliver, and the inner subscription to pass `returned` on to.
  mutating func nextDelivery(
    adding returned: Subscribers.Demand, from innerID: Int?
  ) -> (next: NextDelivery, forward: (any Subscription)?) {
    var forward: (any Subscription)?
    if returned > 0, !hasEnded {
      demand += returned
      if innerID == nil || innerID != inner.id { forward = inner.subscription }
    }
    if case .terminal = lifecycle {
      isDelivering = false
      return (.none, forward)
    }
    if backlogHead < backlog.count {
      let value = backlog[backlogHead]!
      backlog[backlogHead] = nil
      backlogHead += 1
      if backlogHead == backlog.count {
        backlog.removeAll(keepingCapacity: true)
        backlogHead = 0
      }
      return (.deliver(value), forward)
    }
    if let completion = pendingCompletion {
      pendingCompletion = nil
      lifecycle = .terminal
      return (.complete(completion), forward)
    }
    isDelivering = false
    return (.none, forward)
  }

  // MARK: Helpers

  private mutating func end(with completion: Subscribers.Completion<Failure>, into outcome: inout CompletionOutcome) {
    lifecycle = .completing
    pendingCompletion = completion
    if !isDelivering {
      isDelivering = true
      outcome.drain = true
    }
  }
}

extension SwitchToLatestStateMachine {
  /// What to do with a value of the current inner.
  enum InnerValueAction {
    /// Ignore it: it is not from the current inner, it exceeds the demand, or the operator ended.
    case drop
    /// It waits in the backlog for the token holder; return `.none` to the inner.
    case queued
    /// The caller now holds the token: deliver the value, then ask for
    /// ``nextDelivery(adding:from:)`` and return what the subscriber returned to the inner.
    case deliver(Output)
  }

  /// What a completion (of the upstream or an inner) asks of the storage.
  struct CompletionOutcome {
    /// Cancel this after unlocking.
    var cancel: (any Subscription)?
    /// Release this after unlocking.
    var released: (any Subscription)?
    /// The caller now holds the token and asks for ``nextDelivery(adding:from:)``.
    var drain = false
  }

  /// What the token holder does next.
  enum NextDelivery {
    /// Nothing: the token is given back.
    case none
    /// Deliver this value, then ask again.
    case deliver(Output)
    /// Deliver the completion; the operator is over.
    case complete(Subscribers.Completion<Failure>)
  }
}
