// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport
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
/// **Serial delivery without holding a lock.** Through the one primitive, ``SerialDelivery``, with
/// the queued rule: one thread at a time holds the token and calls the subscriber; a value
/// accepted while the token is taken (its demand already counted) waits in the storage's backlog
/// and the holder delivers it, and so does a completion decided meanwhile (the token's ending),
/// after the backlog.
///
/// Not generic, like ``FlatMapStateMachine`` and for the same reason (no run-time metadata lookup
/// per value in unspecialised client code): the machine counts the backlog, and the storage keeps
/// the values themselves and a failure's error, under the same lock.
///
/// **Fused `Just` inners.** When the storage knows every inner is a `Just` (or a `Just` with its
/// failure type raised), it subscribes none of them: ``receivedUpstreamJust()`` and
/// ``releaseWaitingJust()`` take, in one step, the decisions the side-subscribed path takes when a
/// `Just` subscribes, is asked for demand, sends its value and finishes (see the storage).
struct SwitchToLatestStateMachine {
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
    /// Inner `id` is a fused `Just` that waits for demand; the storage keeps its value. Where a
    /// subscribed `Just` would be asked for demand, ``releaseWaitingJust()`` sends its value and
    /// finishes it; where it would be cancelled, the storage drops the value.
    case waitingJust(id: Int)

    var id: Int? {
      switch self {
      case .none: return nil
      case .awaitingSubscription(let id), .active(let id, _), .waitingJust(let id): return id
      }
    }

    var subscription: (any Subscription)? {
      if case .active(_, let subscription) = self { return subscription }
      return nil
    }
  }

  private var upstream = UpstreamPhase.awaitingSubscription
  private var inner = InnerPhase.none
  private var nextInnerID = 0
  /// Values the subscriber may still receive.
  private(set) var demand = Subscribers.Demand.none
  /// Who delivers, how many accepted values wait for the holder (the values wait in the
  /// storage), and the operator's lifecycle: running, a completion decided and waiting for the
  /// backlog (the token's ending), ended.
  private var delivery = SerialDelivery(.queued)
  /// How the operator ends, once decided.
  private var ending: Ending?
  /// The inner that completed last. A subscription it sends afterwards is neither asked for
  /// anything nor cancelled, as in Combine.
  private var completedInnerID: Int?
  /// The inner that was still waiting for its subscription when the upstream failed. Combine asks
  /// that subscription for the subscriber's demand when it arrives, and so does Signals (its
  /// values are then dropped: the operator has ended).
  private var orphanedInnerID: Int?

  /// Whether a completion was decided or delivered, or the subscriber cancelled.
  var hasEnded: Bool { delivery.hasEnded }

  /// How many accepted values wait for the token holder.
  var backlogCount: Int { delivery.backlog }

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
  ///
  /// As in Combine, a completion that comes before the upstream's subscription counts too.
  mutating func receivedUpstreamCompletion(_ ending: Ending) -> CompletionOutcome {
    var outcome = CompletionOutcome()
    guard !hasEnded else { return outcome }
    if case .finished = upstream { return outcome }
    upstream = .finished
    switch ending {
    case .finished:
      if case .none = inner { end(with: .finished, into: &outcome) }
    case .failed:
      outcome.cancel = inner.subscription
      if case .waitingJust = inner { outcome.dropsWaitingValue = true }
      if case .awaitingSubscription(let id) = inner { orphanedInnerID = id }
      inner = .none
      outcome.keepsFailure = true
      end(with: .failed, into: &outcome)
    }
    return outcome
  }

  /// The upstream sent a `Just` the storage fuses: it replaces the current inner (a waiting fused
  /// `Just`, or none), then, as a subscribed `Just` would, sends its value at once when the
  /// subscriber has demand (delivered now or queued behind the token holder) and finishes, or
  /// waits for demand.
  mutating func receivedUpstreamJust() -> JustArrival {
    guard !hasEnded, case .active = upstream else { return JustArrival(value: .ignore) }
    var arrival = JustArrival(value: .wait)
    switch inner {
    case .none:
      break
    case .waitingJust:
      arrival.discardsWaitingValue = true
    case .awaitingSubscription, .active:
      // The storage fuses all of an operator's inners or none.
      preconditionFailure("SwitchToLatest mixed a fused Just with subscribed inners")
    }
    let id = nextInnerID
    nextInnerID &+= 1
    guard demand > 0 else {
      // The subscribed `Just` would get no request: it waits for the subscriber's.
      inner = .waitingJust(id: id)
      return arrival
    }
    arrival.value = acceptJustValue()
    // Its completion retires it; the upstream is active, so the operator goes on.
    inner = .none
    return arrival
  }

  /// A `Just` waits and the subscriber has demand again (after ``requested(_:)`` or
  /// ``nextDelivery(adding:from:)``, where a subscribed `Just` would be asked for it): it sends its
  /// value, which the storage moves to its backlog, and finishes, which finishes the operator if
  /// the upstream finished. Does nothing otherwise.
  mutating func releaseWaitingJust() -> JustRelease {
    guard !hasEnded, case .waitingJust = inner, demand > 0 else { return JustRelease() }
    var release = JustRelease(movesWaitingValue: true)
    if demand != .unlimited { demand -= 1 }
    release.drain = delivery.owe()
    inner = .none
    if case .finished = upstream {
      var outcome = CompletionOutcome()
      end(with: .finished, into: &outcome)  // the token is taken: nothing more to report
    }
    return release
  }

  // MARK: Inner events

  /// Inner `id`'s subscription arrived: returns the demand to ask of it, or `nil` to cancel it (it
  /// is not the current inner any more, or the operator ended).
  mutating func receivedInnerSubscription(_ subscription: any Subscription, id: Int) -> Subscribers.Demand? {
    if id == completedInnerID { return Subscribers.Demand.none }
    if id == orphanedInnerID {
      orphanedInnerID = nil
      return demand
    }
    guard !hasEnded, case .awaitingSubscription(id) = inner else { return nil }
    inner = .active(id: id, subscription)
    return demand
  }

  /// Inner `id` sent a value.
  ///
  /// As in Combine, a value of the current inner beyond the subscriber's demand (the inner was
  /// asked for no more) stops the program.
  mutating func receivedInnerValue(id: Int) -> InnerValueAction {
    guard !hasEnded, inner.id == id else { return .drop }
    guard demand > 0 else { preconditionFailure("SwitchToLatest received a value beyond the demand of its subscriber") }
    return takeTokenOrQueue() ? .deliver : .queue
  }

  /// Inner `id` completed: returns the upstream subscription to cancel after a failure.
  mutating func receivedInnerCompletion(_ ending: Ending, id: Int) -> CompletionOutcome {
    var outcome = CompletionOutcome()
    guard !hasEnded, inner.id == id else { return outcome }
    if case .awaitingSubscription = inner {
      preconditionFailure("SwitchToLatest's inner publisher completed before sending its subscription")
    }
    outcome.released = inner.subscription
    inner = .none
    completedInnerID = id
    switch ending {
    case .finished:
      if case .finished = upstream { end(with: .finished, into: &outcome) }
    case .failed:
      if case .active(let subscription) = upstream { outcome.cancel = subscription }
      upstream = .finished
      outcome.keepsFailure = true
      end(with: .failed, into: &outcome)
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

  /// The subscriber cancelled: the subscriptions to cancel, and whether the storage drops the
  /// values it keeps, its backlog and a waiting `Just`'s value (after unlocking).
  mutating func cancelled() -> (cancel: [any Subscription], dropsBacklog: Bool) {
    let dropsBacklog = delivery.backlog > 0
    delivery.close()
    // Combine's order: the inner first, then the upstream.
    var cancel: [any Subscription] = []
    if let subscription = inner.subscription { cancel.append(subscription) }
    if case .active(let subscription) = upstream { cancel.append(subscription) }
    var dropsValues = dropsBacklog
    if case .waitingJust = inner { dropsValues = true }
    upstream = .finished
    inner = .none
    return (cancel, dropsValues)
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
    switch delivery.next() {
    case .deliver:
      return (.deliver, forward)
    case .end:
      return (.complete(ending ?? .finished), forward)
    case .none:
      return (.none, forward)
    }
  }

  // MARK: Helpers

  /// A fused `Just`'s value arrives with demand: count it, and take the token if it is free.
  private mutating func acceptJustValue() -> JustValue {
    takeTokenOrQueue() ? .deliver : .queue
  }

  /// A value arrives with demand: counts it, and takes the token if it is free (returns `true`:
  /// deliver it now) or counts it in the backlog (`false`: the holder delivers it).
  private mutating func takeTokenOrQueue() -> Bool {
    if demand != .unlimited { demand -= 1 }
    // A free token means an empty backlog: the last holder delivered all of it.
    return delivery.enter() == .deliver
  }

  private mutating func end(with ending: Ending, into outcome: inout CompletionOutcome) {
    self.ending = ending
    outcome.drain = delivery.end() == .deliver
  }
}

extension SwitchToLatestStateMachine {
  /// How the operator ends; a failure's error is kept by the storage.
  enum Ending: Equatable {
    case finished
    case failed
  }

  /// What to do with a value of an inner.
  enum InnerValueAction: Equatable {
    /// Ignore it (not the current inner, no demand, or the operator ended).
    case drop
    /// Append it to the storage's backlog; the token holder delivers it.
    case queue
    /// This thread took the token: deliver it, then drain.
    case deliver
  }

  /// What to do after a completion (of the upstream or of an inner).
  struct CompletionOutcome {
    /// A subscription to cancel.
    var cancel: (any Subscription)?
    /// A finished inner's subscription, released after unlocking.
    var released: (any Subscription)?
    /// Whether this failure ends the operator: the storage keeps its error for the subscriber.
    var keepsFailure = false
    /// A waiting `Just` was cancelled: the storage drops its value (after unlocking).
    var dropsWaitingValue = false
    /// This thread took the token: drain.
    var drain = false
  }

  /// What happens to the value of a fused `Just` the upstream sent.
  enum JustValue: Equatable {
    /// Ignore the `Just` (the operator ended, or the upstream is not subscribed).
    case ignore
    /// No demand: keep the value until the subscriber asks (``JustRelease``).
    case wait
    /// Append the value to the backlog; the token holder delivers it.
    case queue
    /// This thread took the token: deliver the value, then drain.
    case deliver
  }

  /// What to do after the upstream sent a fused `Just`.
  struct JustArrival {
    /// What happens to its value.
    var value: JustValue
    /// The previous inner was a waiting `Just`: the storage discards its value (after unlocking).
    var discardsWaitingValue = false
  }

  /// What to do after ``SwitchToLatestStateMachine/releaseWaitingJust()``.
  struct JustRelease {
    /// A waiting `Just` sent its value: the storage moves it to the back of its backlog.
    var movesWaitingValue = false
    /// This thread took the token: drain.
    var drain = false
  }

  /// What the token holder does next.
  enum NextDelivery: Equatable {
    /// Nothing to deliver: the token is given back.
    case none
    /// Deliver the oldest value of the storage's backlog.
    case deliver
    /// Deliver the completion; the operator has ended.
    case complete(Ending)
  }
}
#endif
