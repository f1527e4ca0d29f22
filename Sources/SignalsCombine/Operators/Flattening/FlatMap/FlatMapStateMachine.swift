// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// The decisions of `flatMap(maxPublishers:_:)`, free of locks and of calls out.
///
/// The machine knows the upstream subscription, every inner publisher's subscription (by an id it
/// hands out when the upstream sends a value), which inners' values wait for downstream demand
/// (the values themselves wait in ``FlatMapStorage``, in the same order, under the same lock), the
/// downstream demand and who holds the *delivery token*.
///
/// It is not generic, on purpose: clients run the operator unspecialised, where every generic type
/// the lock's state or an action mentions costs a run-time metadata lookup per call. Values and the
/// failure stay with the storage, which is generic anyway; the machine decides with ids and flags.
///
/// **Serial delivery without holding a lock.** Through the one primitive, ``SerialDelivery``: one
/// thread at a time holds the token and is the only one that calls the subscriber. A value that arrives while the
/// token is taken — from another inner on another thread, or from an inner the holder itself drove
/// from inside `receive(_:)` — waits in the buffer, and the holder delivers it (demand allowing)
/// before it gives the token back (``nextDelivery(adding:)``). A completion decided meanwhile is the
/// token's ending and waits the same way.
///
/// **Demand.** The upstream is asked for `maxPublishers` once and for one more each time an inner
/// finishes (unless `maxPublishers` is unlimited). While downstream demand is limited, each inner
/// is asked for one value at a time: once when it subscribes and once each time its value reached
/// the subscriber. When downstream demand becomes unlimited, every inner is asked for unlimited.
///
/// **Single-value inners.** When the transform returns a `Just`, the storage does not subscribe to
/// it: subscribed, a `Just` sends its value and finishes as soon as it is asked for one, which the
/// machine always does at once. The machine counts such an inner in `singleValueInners` from the
/// upstream value to its completion — the same span an ordinary inner spends in `inners` — and
/// takes its value and completion at the points where a subscribed `Just` would have sent them
/// (``receivedSingleValue(id:)``; the completion as the token is given back after the value's
/// delivery, or right after the value was buffered), so every order a subscriber or the upstream
/// can observe stays that of a subscribed `Just`.
struct FlatMapStateMachine {
  /// Where the upstream stands. No payload: matching an enum that carries an existential copies
  /// it, and the value paths ask this on every value; the subscription is `upstreamSubscription`.
  private enum UpstreamPhase {
    /// Not subscribed yet.
    case awaitingSubscription
    /// Subscribed; requests and cancellation go to `upstreamSubscription`.
    case active
    /// Finished, failed, or cancelled with the operator.
    case finished
  }

  /// How the operator ends; a failure's error is kept by the storage.
  enum Ending: Equatable {
    case finished
    case failed
  }

  let maxPublishers: Subscribers.Demand
  private var upstream = UpstreamPhase.awaitingSubscription
  /// The upstream's subscription while `upstream` is `.active`.
  private var upstreamSubscription: (any Subscription)?
  /// The inners that have not finished, by id; `nil` until the inner's subscription arrives.
  private var inners: [Int: (any Subscription)?] = [:]
  /// Single-value inners (a `Just`) between the upstream value that made them and their completion.
  private var singleValueInners = 0
  private var nextInnerID = 0
  /// The inner ids of the values not yet handed to the subscriber, in arrival order.
  private var buffer = ValueQueue<Int>()
  /// Values the subscriber may still receive.
  private(set) var demand = Subscribers.Demand.none
  /// Who delivers (the token is taken while the buffer and demand allow a delivery) and the
  /// operator's lifecycle: running, a completion decided and waiting for the holder (the token's
  /// ending), ended.
  private var delivery = SerialDelivery(.queued)
  /// How the operator ends, once decided.
  private var ending: Ending?

  init(maxPublishers: Subscribers.Demand) {
    self.maxPublishers = maxPublishers
  }

  /// Whether a completion was decided or delivered, or the subscriber cancelled.
  var hasEnded: Bool { delivery.hasEnded }

  /// How many values wait for demand.
  var bufferedCount: Int { buffer.count }

  /// How many inners have not finished.
  var innerCount: Int { inners.count + singleValueInners }

  /// Whether every inner finished.
  private var hasNoInners: Bool { inners.isEmpty && singleValueInners == 0 }

  // MARK: Upstream events

  /// The upstream subscription arrived: keep the first and ask for `maxPublishers`.
  mutating func receivedUpstreamSubscription(_ subscription: any Subscription) -> SubscriptionAction {
    guard !hasEnded, case .awaitingSubscription = upstream else { return .cancel }
    upstream = .active
    upstreamSubscription = subscription
    return .request(maxPublishers)
  }

  /// The upstream sent a value: returns the id of the inner to subscribe, or `nil` to ignore it.
  ///
  /// - Parameter singleValue: The inner is a single-value inner (a `Just`) that the storage does
  ///   not subscribe to: it reports its value with ``receivedSingleValue(id:)`` instead.
  mutating func receivedUpstreamValue(singleValue: Bool = false) -> Int? {
    guard !hasEnded, case .active = upstream else { return nil }
    let id = nextInnerID
    nextInnerID &+= 1
    if singleValue {
      singleValueInners += 1
    } else {
      inners[id] = .some(nil)
    }
    return id
  }

  /// The upstream completed: finishing waits for the inners and the buffer; a failure ends
  /// everything at once.
  ///
  /// As in Combine, a completion that comes before the upstream's subscription counts too.
  mutating func receivedUpstreamCompletion(_ ending: Ending) -> CompletionOutcome {
    guard !hasEnded else { return CompletionOutcome() }
    if case .finished = upstream { return CompletionOutcome() }
    upstream = .finished
    upstreamSubscription = nil
    switch ending {
    case .finished:
      var outcome = CompletionOutcome()
      if hasNoInners && buffer.isEmpty { end(with: .finished, into: &outcome) }
      return outcome
    case .failed:
      return fail()
    }
  }

  // MARK: Inner events

  /// An inner's subscription arrived: keep it and ask for one value, or unlimited when downstream
  /// demand is unlimited.
  mutating func receivedInnerSubscription(_ subscription: any Subscription, id: Int) -> SubscriptionAction {
    guard !hasEnded, let slot = inners[id], slot == nil else { return .cancel }
    inners[id] = subscription
    return .request(demand == .unlimited ? .unlimited : .max(1))
  }

  /// An inner sent a value: deliver it now (taking the token) or let it wait.
  mutating func receivedInnerValue(id: Int) -> InnerValueAction {
    guard !hasEnded, inners[id] != nil else { return .drop }
    return takeValue(id: id)
  }

  /// The single-value inner `id` (see ``receivedUpstreamValue(singleValue:)``) has its value: what a
  /// subscribed `Just` sends as soon as the machine asks it for a value.
  ///
  /// - `.deliver`: this thread took the token; it delivers the value and drains with
  ///   ``nextDelivery(adding:finishingSingleValueInner:)``, which also takes the inner's completion
  ///   as it gives the token back.
  /// - `.buffer`: the value waits; the storage then reports the inner's completion with
  ///   ``singleValueInnerFinished()``.
  /// - `.drop`: the operator ended.
  mutating func receivedSingleValue(id: Int) -> InnerValueAction {
    guard !hasEnded, singleValueInners > 0 else { return .drop }
    return takeValue(id: id)
  }

  /// A value of inner `id` arrived: deliver it now (taking the token) or let it wait.
  private mutating func takeValue(id: Int) -> InnerValueAction {
    if demand > 0, delivery.acquire() {
      // The token was free, so nothing is buffered (the last holder drained what demand allowed).
      if demand == .unlimited { return .deliver(returning: .none) }
      demand -= 1
      return .deliver(returning: .max(1))
    }
    buffer.append(id)
    return .buffer
  }

  /// An inner completed: a finished inner makes room for the next upstream value; a failure ends
  /// everything.
  mutating func receivedInnerCompletion(_ ending: Ending, id: Int) -> CompletionOutcome {
    guard !hasEnded, let slot = inners.removeValue(forKey: id) else { return CompletionOutcome() }
    switch ending {
    case .finished:
      var outcome = innerFinished()
      outcome.released = slot
      return outcome
    case .failed:
      var outcome = fail()
      outcome.released = slot
      return outcome
    }
  }

  // MARK: Downstream events

  /// The subscriber asked for more: may take the token to drain the buffer.
  mutating func requested(_ additional: Subscribers.Demand) -> RequestOutcome {
    var outcome = RequestOutcome()
    guard !hasEnded, additional > 0 else { return outcome }
    outcome.unlimitedInners = addDemand(additional)
    if demand > 0, !buffer.isEmpty, delivery.acquire() {
      outcome.drain = true
    }
    return outcome
  }

  /// The subscriber cancelled: everything is cancelled and the buffer dropped.
  mutating func cancelled() -> CancelOutcome {
    guard !delivery.hasEnded else {
      delivery.close()
      return CancelOutcome()
    }
    delivery.close()
    var outcome = CancelOutcome()
    outcome.cancel = takeSubscriptions()
    outcome.dropsBuffer = dropBuffer()
    return outcome
  }

  // MARK: Delivery

  /// The token holder asks what to do next, adding the demand the subscriber returned for the
  /// last value. Gives the token back when it returns `.none`.
  ///
  /// - Parameter finishing: The holder delivered the value of a single-value inner (see
  ///   ``receivedSingleValue(id:)``): once nothing more can be delivered, the inner's completion
  ///   is taken here, where a subscribed `Just` would send it — right after the token is given
  ///   back. The holder passes `true` until this returns `.none` or `.complete`.
  mutating func nextDelivery(adding returned: Subscribers.Demand, finishingSingleValueInner finishing: Bool = false)
    -> NextDelivery
  {
    var unlimitedInners: [any Subscription] = []
    if returned > 0, !hasEnded { unlimitedInners = addDemand(returned) }
    if delivery.closed {
      _ = delivery.next()  // gives the token back
      return unlimitedInners.isEmpty ? .none : .giveBack(unlimitedInners: unlimitedInners, requestUpstream: nil)
    }
    if !delivery.hasEnded, demand > 0, let id = buffer.popFirst() {
      var refill: (any Subscription)?
      if demand != .unlimited {
        demand -= 1
        refill = inners[id] ?? nil
      }
      return .deliver(refill: refill, unlimitedInners: unlimitedInners)
    }
    if finishing, !hasEnded, singleValueInners > 0 {
      // What `singleValueInnerFinished()` does, without an outcome to make and destroy. With the
      // upstream active nothing can end here, so the token goes back at once; otherwise an ending
      // (the upstream finished and nothing is left) is decided and handed out just below, by this
      // thread, which still holds the token.
      singleValueInners -= 1
      if maxPublishers != .unlimited, case .active = upstream {
        _ = delivery.next()  // owes nothing and has no ending: gives the token back
        return .giveBack(unlimitedInners: unlimitedInners, requestUpstream: upstreamSubscription)
      }
    }
    if !delivery.hasEnded, case .finished = upstream, hasNoInners, buffer.isEmpty {
      var outcome = CompletionOutcome()
      end(with: .finished, into: &outcome)
    }
    // Nothing is ever owed by count here (deliveries follow the buffer and demand), so the
    // token hands out the ending if one waits, or is given back.
    if delivery.next() == .end { return .complete(ending ?? .finished) }
    return unlimitedInners.isEmpty ? .none : .giveBack(unlimitedInners: unlimitedInners, requestUpstream: nil)
  }

  // MARK: Helpers

  /// An inner finished (its entry is already gone): make room for the next upstream value, or end
  /// when the upstream finished and nothing is left.
  private mutating func innerFinished() -> CompletionOutcome {
    var outcome = CompletionOutcome()
    if maxPublishers != .unlimited, case .active = upstream {
      outcome.requestUpstream = upstreamSubscription
    }
    if case .finished = upstream, hasNoInners, buffer.isEmpty {
      outcome.requestUpstream = nil
      end(with: .finished, into: &outcome)
    }
    return outcome
  }

  /// A single-value inner finished, after its value.
  mutating func singleValueInnerFinished() -> CompletionOutcome {
    guard !hasEnded, singleValueInners > 0 else { return CompletionOutcome() }
    singleValueInners -= 1
    return innerFinished()
  }

  /// Adds demand; returns every subscribed inner when the demand just became unlimited.
  private mutating func addDemand(_ additional: Subscribers.Demand) -> [any Subscription] {
    let wasUnlimited = demand == .unlimited
    demand += additional
    guard !wasUnlimited, demand == .unlimited else { return [] }
    return inners.values.compactMap { $0 }
  }

  private mutating func fail() -> CompletionOutcome {
    var outcome = CompletionOutcome()
    // As in Combine, a failure cancels the inners but not the upstream (which has failed, or
    // which an inner's failure leaves alone).
    outcome.cancel = takeSubscriptions(cancellingUpstream: false)
    outcome.dropsBuffer = dropBuffer()
    outcome.keepsFailure = true
    end(with: .failed, into: &outcome)
    return outcome
  }

  private mutating func end(with ending: Ending, into outcome: inout CompletionOutcome) {
    self.ending = ending
    outcome.drain = delivery.end() == .deliver
  }

  /// Takes the subscriptions to cancel: the inners' first, then the upstream's (Combine's order).
  private mutating func takeSubscriptions(cancellingUpstream: Bool = true) -> [any Subscription] {
    var taken: [any Subscription] = []
    for case .some(let subscription) in inners.values { taken.append(subscription) }
    if cancellingUpstream, case .active = upstream, let upstreamSubscription { taken.append(upstreamSubscription) }
    upstream = .finished
    if cancellingUpstream { upstreamSubscription = nil }
    inners = [:]
    singleValueInners = 0
    return taken
  }

  /// Empties the buffer; returns whether values waited (the storage drops them too).
  private mutating func dropBuffer() -> Bool {
    defer { _ = buffer.removeAll() }
    return !buffer.isEmpty
  }
}
#endif
