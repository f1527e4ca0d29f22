// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The decisions of `flatMap(maxPublishers:_:)`, free of locks and of calls out.
///
/// The machine knows the upstream subscription, every inner publisher's subscription (by an id it
/// hands out when the upstream sends a value), the values waiting for downstream demand, the
/// downstream demand and who holds the *delivery token*.
///
/// **Serial delivery without holding a lock.** One thread at a time holds the token
/// (`isDelivering`) and is the only one that calls the subscriber. A value that arrives while the
/// token is taken — from another inner on another thread, or from an inner the holder itself drove
/// from inside `receive(_:)` — waits in `buffer`, and the holder delivers it (demand allowing)
/// before it gives the token back (``nextDelivery(adding:)``). A completion decided meanwhile waits
/// in `pendingCompletion` the same way.
///
/// **Demand.** The upstream is asked for `maxPublishers` once and for one more each time an inner
/// finishes (unless `maxPublishers` is unlimited). While downstream demand is limited, each inner
/// is asked for one value at a time: once when it subscribes and once each time its value reached
/// the subscriber. When downstream demand becomes unlimited, every inner is asked for unlimited.
struct FlatMapStateMachine<Output, Failure: Error> {
  /// Where the upstream stands.
  private enum UpstreamPhase {
    /// Not subscribed yet.
    case awaitingSubscription
    /// Subscribed; requests and cancellation go to this subscription.
    case active(any Subscription)
    /// Finished, failed, or cancelled with the operator.
    case finished
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

  let maxPublishers: Subscribers.Demand
  private var upstream = UpstreamPhase.awaitingSubscription
  /// The inners that have not finished, by id; `nil` until the inner's subscription arrives.
  private var inners: [Int: (any Subscription)?] = [:]
  private var nextInnerID = 0
  /// Values not yet handed to the subscriber, in arrival order, with the id of their inner.
  private var buffer = ContiguousArray<(id: Int, value: Output)?>()
  private var bufferHead = 0
  /// Values the subscriber may still receive.
  private(set) var demand = Subscribers.Demand.none
  private var isDelivering = false
  private var pendingCompletion: Subscribers.Completion<Failure>?
  private var lifecycle = Lifecycle.running

  init(maxPublishers: Subscribers.Demand) {
    self.maxPublishers = maxPublishers
  }

  /// Whether a completion was decided or delivered, or the subscriber cancelled.
  var hasEnded: Bool {
    if case .running = lifecycle { return false }
    return true
  }

  /// How many values wait for demand.
  var bufferedCount: Int { buffer.count - bufferHead }

  /// How many inners have not finished.
  var innerCount: Int { inners.count }

  // MARK: Upstream events

  /// The upstream's subscription arrived.
  mutating func receivedUpstreamSubscription(_ subscription: any Subscription) -> SubscriptionAction {
    guard !hasEnded, case .awaitingSubscription = upstream else { return .cancel }
    upstream = .active(subscription)
    return .request(maxPublishers)
  }

  /// The upstream sent a value: returns the id of the inner to create for it, or `nil` to ignore
  /// it (the operator ended, or the value came before the subscription).
  mutating func receivedUpstreamValue() -> Int? {
    guard !hasEnded, case .active = upstream else { return nil }
    let id = nextInnerID
    nextInnerID &+= 1
    inners[id] = .some(nil)
    return id
  }

  /// The upstream completed.
  mutating func receivedUpstreamCompletion(_ completion: Subscribers.Completion<Failure>) -> CompletionOutcome {
    guard !hasEnded, case .active = upstream else { return CompletionOutcome() }
    upstream = .finished
    switch completion {
    case .finished:
      var outcome = CompletionOutcome()
      if inners.isEmpty && bufferedCount == 0 { end(with: .finished, into: &outcome) }
      return outcome
    case .failure:
      return fail(with: completion)
    }
  }

  // MARK: Inner events

  /// Inner `id`'s subscription arrived.
  mutating func receivedInnerSubscription(_ subscription: any Subscription, id: Int) -> SubscriptionAction {
    guard !hasEnded, let slot = inners[id], slot == nil else { return .cancel }
    inners[id] = subscription
    return .request(demand == .unlimited ? .unlimited : .max(1))
  }

  /// Inner `id` sent a value.
  mutating func receivedInnerValue(_ value: Output, id: Int) -> InnerValueAction {
    guard !hasEnded, inners[id] != nil else { return .drop }
    if !isDelivering, demand > 0 {
      // The token is free, so nothing is buffered (the last holder drained what demand allowed).
      isDelivering = true
      if demand == .unlimited { return .deliver(value, returning: .none) }
      demand -= 1
      return .deliver(value, returning: .max(1))
    }
    buffer.append((id, value))
    return .buffered
  }

  /// Inner `id` completed.
  mutating func receivedInnerCompletion(_ completion: Subscribers.Completion<Failure>, id: Int) -> CompletionOutcome {
    guard !hasEnded, let slot = inners.removeValue(forKey: id) else { return CompletionOutcome() }
    switch completion {
    case .finished:
      var outcome = CompletionOutcome()
      outcome.released = slot
      if case .active(let subscription) = upstream, maxPublishers != .unlimited {
        outcome.requestUpstream = subscription
      }
      if case .finished = upstream, inners.isEmpty, bufferedCount == 0 {
        outcome.requestUpstream = nil
        end(with: .finished, into: &outcome)
      }
      return outcome
    case .failure:
      var outcome = fail(with: completion)
      outcome.released = slot
      return outcome
    }
  }

  // MARK: Downstream events

  /// The subscriber asked for `additional` values.
  mutating func requested(_ additional: Subscribers.Demand) -> RequestOutcome {
    var outcome = RequestOutcome()
    guard !hasEnded, additional > 0 else { return outcome }
    outcome.unlimitedInners = addDemand(additional)
    if !isDelivering, demand > 0, bufferedCount > 0 {
      isDelivering = true
      outcome.drain = true
    }
    return outcome
  }

  /// The subscriber cancelled: everything to cancel and release after unlocking.
  mutating func cancelled() -> CancelOutcome {
    guard case .running = lifecycle else {
      lifecycle = .terminal
      pendingCompletion = nil
      return CancelOutcome()
    }
    lifecycle = .terminal
    var outcome = CancelOutcome()
    outcome.cancel = takeSubscriptions()
    outcome.dropped = takeBuffer()
    return outcome
  }

  // MARK: Delivery

  /// The token holder adds the demand the subscriber returned and asks what to deliver next;
  /// `.none` gives the token back.
  mutating func nextDelivery(adding returned: Subscribers.Demand) -> NextDelivery {
    var unlimitedInners: [any Subscription] = []
    if returned > 0, !hasEnded { unlimitedInners = addDemand(returned) }
    if case .terminal = lifecycle {
      isDelivering = false
      return .none(unlimitedInners: unlimitedInners)
    }
    if case .running = lifecycle, demand > 0, bufferHead < buffer.count {
      let (id, value) = buffer[bufferHead]!
      buffer[bufferHead] = nil
      bufferHead += 1
      if bufferHead == buffer.count {
        buffer.removeAll(keepingCapacity: true)
        bufferHead = 0
      }
      var refill: (any Subscription)?
      if demand != .unlimited {
        demand -= 1
        refill = inners[id] ?? nil
      }
      return .deliver(value, refill: refill, unlimitedInners: unlimitedInners)
    }
    if case .running = lifecycle, case .finished = upstream, inners.isEmpty, bufferHead == buffer.count {
      var outcome = CompletionOutcome()
      end(with: .finished, into: &outcome)
    }
    if let completion = pendingCompletion {
      pendingCompletion = nil
      lifecycle = .terminal
      return .complete(completion)
    }
    isDelivering = false
    return .none(unlimitedInners: unlimitedInners)
  }

  // MARK: Helpers

  /// Adds demand; when it becomes unlimited, returns every inner to ask for unlimited.
  private mutating func addDemand(_ additional: Subscribers.Demand) -> [any Subscription] {
    let wasUnlimited = demand == .unlimited
    demand += additional
    guard !wasUnlimited, demand == .unlimited else { return [] }
    return inners.values.compactMap { $0 }
  }

  private mutating func fail(with completion: Subscribers.Completion<Failure>) -> CompletionOutcome {
    var outcome = CompletionOutcome()
    outcome.cancel = takeSubscriptions()
    outcome.dropped = takeBuffer()
    end(with: completion, into: &outcome)
    return outcome
  }

  private mutating func end(with completion: Subscribers.Completion<Failure>, into outcome: inout CompletionOutcome) {
    lifecycle = .completing
    pendingCompletion = completion
    if !isDelivering {
      isDelivering = true
      outcome.drain = true
    }
  }

  /// The upstream and every inner subscription, leaving none behind.
  private mutating func takeSubscriptions() -> [any Subscription] {
    var taken: [any Subscription] = []
    if case .active(let subscription) = upstream { taken.append(subscription) }
    upstream = .finished
    for case .some(let subscription) in inners.values { taken.append(subscription) }
    inners = [:]
    return taken
  }

  private mutating func takeBuffer() -> ContiguousArray<(id: Int, value: Output)?> {
    defer {
      buffer = []
      bufferHead = 0
    }
    return buffer
  }
}

extension FlatMapStateMachine {
  /// What to do with a new subscription (the upstream's or an inner's).
  enum SubscriptionAction {
    /// Keep it and request this much from it (nothing when `.none`).
    case request(Subscribers.Demand)
    /// A second subscription, or one after the end: cancel it.
    case cancel
  }

  /// What to do with an inner's value.
  enum InnerValueAction {
    /// Ignore it: the operator ended or the inner is gone.
    case drop
    /// It waits in the buffer; return `.none` to the inner.
    case buffered
    /// The caller now holds the token: deliver the value, then ask for
    /// ``nextDelivery(adding:)``, then return `returning` to the inner.
    case deliver(Output, returning: Subscribers.Demand)
  }

  /// What a completion (of the upstream or an inner) asks of the storage.
  struct CompletionOutcome {
    /// Cancel these after unlocking.
    var cancel: [any Subscription] = []
    /// Release these after unlocking.
    var released: (any Subscription)?
    var dropped = ContiguousArray<(id: Int, value: Output)?>()
    /// Ask the upstream for one more publisher.
    var requestUpstream: (any Subscription)?
    /// The caller now holds the token and asks for ``nextDelivery(adding:)``.
    var drain = false
  }

  /// What a downstream request asks of the storage.
  struct RequestOutcome {
    /// Demand became unlimited: ask each of these inners for unlimited.
    var unlimitedInners: [any Subscription] = []
    /// The caller now holds the token and asks for ``nextDelivery(adding:)``.
    var drain = false
  }

  /// What a cancel releases after unlocking.
  struct CancelOutcome {
    var cancel: [any Subscription] = []
    var dropped = ContiguousArray<(id: Int, value: Output)?>()
  }

  /// What the token holder does next.
  enum NextDelivery {
    /// Nothing: the token is given back. Ask each of `unlimitedInners` for unlimited.
    case none(unlimitedInners: [any Subscription])
    /// Deliver this buffered value, then ask `refill` (its inner) for one more, then ask each of
    /// `unlimitedInners` for unlimited, then ask again.
    case deliver(Output, refill: (any Subscription)?, unlimitedInners: [any Subscription])
    /// Deliver the completion; the operator is over.
    case complete(Subscribers.Completion<Failure>)
  }
}
