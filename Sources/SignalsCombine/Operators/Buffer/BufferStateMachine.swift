// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// The rules of ``Publishers/Buffer``, as a plain value: what to ask upstream, what to keep, what
/// to drop, and when to deliver.
///
/// The machine never locks and never calls out; ``BufferStorage`` asks it under its lock and acts
/// after unlocking. Delivery is serialised with a *delivery token*: the caller that gets
/// ``Action/deliver(_:)`` holds it, calls the subscriber, then calls
/// ``finishDelivery(adding:)`` until the machine gives the token back. Values, requests and
/// completions that arrive meanwhile (from other threads, or re-entrantly from the subscriber) only
/// update the state; the holder picks them up. The thread handing the subscriber its subscription
/// holds the token too, so nothing is delivered before the subscriber has it.
///
/// Timing, as in Combine:
/// - a finished completion is delivered once every buffered value has been;
/// - a failure is delivered as soon as the subscriber's outstanding demand is used up (or the
///   buffer is empty), and the values still buffered are discarded;
/// - with `.customError`, the upstream is cancelled at the overflow and the failure waits for the
///   next delivery opportunity (a request, or the end of a delivery in progress).
struct BufferStateMachine<Output, Failure: Error> {
  /// What to do when a value arrives and the buffer is full.
  enum Overflow {
    /// Drop the arriving value.
    case dropNewest
    /// Drop the oldest buffered value and keep the arriving one.
    case dropOldest
    /// Cancel upstream and fail with the error the storage makes.
    case customError
  }

  /// What ``receivedSubscription(_:)`` asks the storage to do.
  enum SubscriptionAction {
    /// A second subscription: cancel it.
    case cancel(any Subscription)
    /// Ask upstream for `demand`, hand the subscriber its subscription, then call
    /// ``finishDelivery(adding:)`` (the caller holds the token).
    case start(requesting: Subscribers.Demand)
  }

  /// What to do after an event.
  enum Action {
    /// Nothing.
    case none
    /// Release this value after unlocking; nothing is delivered.
    case drop(Output)
    /// The buffer overflowed with `.customError`: cancel `upstream`, make the error, and report it
    /// with ``customErrorMade(_:)``.
    case overflow(cancelling: any Subscription)
    /// Deliver this value; the caller holds the token and must call ``finishDelivery(adding:)``.
    case deliver(Output)
    /// Deliver this completion (the subscription has ended) and release `dropped`; then ask
    /// `refill`'s subscription for its demand (see ``overflowCancelledUpstream``).
    case complete(
      Subscribers.Completion<Failure>, dropped: ContiguousArray<Output?>,
      refill: (demand: Subscribers.Demand, from: any Subscription)?)
    /// The token is given back; ask `upstream` for `demand` more values to refill the buffer
    /// (`.keepFull`), unless the caller is inside `receive(_:)`, which returns it instead.
    case refill(Subscribers.Demand, from: any Subscription)
  }

  /// The most values kept.
  let size: Int
  /// `.keepFull`: ask upstream for `size` values up front and one more for each delivered.
  let keepsFull: Bool
  /// What to do when full.
  let overflow: Overflow

  private var status = SubscriptionStatus.awaitingSubscription
  /// Whether the upstream may still send: false once it completed or was cancelled for overflow.
  private var upstreamIsLive = true
  /// Values waiting for demand, oldest first.
  private var queue = ValueQueue<Output>()
  /// Values the subscriber asked for and has not received.
  private(set) var demand: Subscribers.Demand = .none
  /// The completion, waiting for its turn.
  private var pendingCompletion: Subscribers.Completion<Failure>? {
    didSet { pending = pendingCompletion.map { if case .failure = $0 { .failure } else { .finished } } ?? .none }
  }
  /// What `pendingCompletion` holds, asked on the per-value paths instead of it: a test of the
  /// generic optional looks its metadata up in the runtime (the machine runs unspecialised).
  private var pending = PendingCompletion.none
  /// Set at a `.customError` overflow until ``customErrorMade(_:)``: values are ignored meanwhile.
  private var isOverflowing = false
  /// The upstream cancelled at a `.customError` overflow: as Combine's, a `.keepFull` buffer still
  /// asks it for one value per value delivered afterwards (a request to a cancelled subscription,
  /// which does nothing).
  private var overflowCancelledUpstream: (any Subscription)?
  /// Who delivers: the one serial-delivery primitive. Deliveries follow the buffer and demand,
  /// so the token is taken with `acquire()` and given back with `next()`, owing nothing by count.
  private var token = SerialDelivery(.queued)
  /// Values the current token holder delivered, owed to upstream as refill demand.
  private var refill = 0

  /// A buffer of `size` values.
  init(size: Int, keepsFull: Bool, overflow: Overflow) {
    precondition(size >= 0, "buffer(size: \(size)): the size must not be negative")
    self.size = size
    self.keepsFull = keepsFull
    self.overflow = overflow
  }

  /// What a debugger shows, as Combine's buffer does: the values waiting, the subscription status,
  /// the subscriber's outstanding demand and the completion waiting.
  var mirrorChildren: KeyValuePairs<String, Any> {
    ["values": queue.elements, "state": status, "downstreamDemand": demand, "terminal": pendingCompletion as Any]
  }

  /// Whether the subscription has ended (cancelled or completed downstream).
  var isTerminated: Bool { status.isTerminal }

  /// The upstream subscription arrived.
  mutating func receivedSubscription(_ subscription: any Subscription) -> SubscriptionAction {
    guard status.accept(subscription) else { return .cancel(subscription) }
    // The subscribing caller holds the token until the subscriber has its subscription.
    _ = token.acquire()
    return .start(requesting: keepsFull ? .max(size) : .unlimited)
  }

  /// The upstream sent a value.
  mutating func received(_ value: Output) -> Action {
    // As in Combine, a value that follows the upstream's finish is still buffered (and delivered
    // before the finish); one that follows a failure is dropped.
    if pending == .failure { return .drop(value) }
    guard case .subscribed(let upstream) = status, !isOverflowing else { return .drop(value) }
    if queue.count >= size {
      switch overflow {
      case .dropNewest:
        return .drop(value)
      case .dropOldest:
        queue.append(value)
        guard let oldest = queue.popFirst() else { return .none }
        return .drop(oldest)
      case .customError:
        isOverflowing = true
        upstreamIsLive = false
        if keepsFull { overflowCancelledUpstream = upstream }
        return .overflow(cancelling: upstream)
      }
    }
    queue.append(value)
    guard !token.isDelivering, demand > 0 else { return .none }
    return next()
  }

  /// The error for a `.customError` overflow was made. Recorded only: it is delivered at the next
  /// delivery opportunity, as in Combine.
  mutating func customErrorMade(_ error: Failure) {
    isOverflowing = false
    guard !status.isTerminal, pending == .none else { return }
    pendingCompletion = .failure(error)
  }

  /// The upstream completed.
  mutating func completed(_ completion: Subscribers.Completion<Failure>) -> Action {
    guard case .subscribed = status, upstreamIsLive, pending == .none else { return .none }
    upstreamIsLive = false
    pendingCompletion = completion
    return token.isDelivering ? .none : next()
  }

  /// The subscriber asked for `additional` more values.
  mutating func request(_ additional: Subscribers.Demand) -> Action {
    guard case .subscribed = status else { return .none }
    demand += additional
    return token.isDelivering ? .none : next()
  }

  /// Whether a value just received can go straight to the subscriber, with nothing to do before
  /// it: the buffer is empty, nobody delivers, the subscriber has demand and nothing ended. If so
  /// the caller now holds the token and delivers the value itself (as ``received(_:)`` would
  /// answer, without handing the value through a generic action); otherwise it calls
  /// ``received(_:)``.
  mutating func receivedForDelivery() -> Bool {
    guard pending == .none, case .subscribed = status, !isOverflowing, queue.isEmpty, size > 0,
      !token.isDelivering, demand > 0
    else { return false }
    takeTokenForOneValue()
    return true
  }

  /// The token holder's delivery returned `additional`: gives the token back when nothing waits for
  /// it (no value or completion), as ``finishDelivery(adding:)`` would, and says whether to refill;
  /// otherwise answers ``BufferIdleFinish/busy`` and changes nothing, and the caller calls
  /// ``finishDelivery(adding:)``.
  mutating func finishDeliveryIfIdle(adding additional: Subscribers.Demand) -> BufferIdleFinish {
    guard !status.isTerminal, queue.isEmpty, pending == .none else { return .busy }
    _ = token.next()
    demand += additional
    guard refill > 0 else { return .done }
    defer { refill = 0 }
    // As `next()` answers with ``Action/refill(_:from:)``: the values delivered are asked again.
    guard upstreamIsLive, case .subscribed = status else { return .done }
    return .refill(.max(refill))
  }

  /// The token holder's delivery returned `additional`: the next thing for the holder to do, or
  /// the token is given back (``Action/none`` or ``Action/refill(_:from:)``).
  mutating func finishDelivery(adding additional: Subscribers.Demand) -> Action {
    _ = token.next()  // owes nothing by count: gives the token back; next() below may take it again
    guard !status.isTerminal else {
      refill = 0
      return .none
    }
    demand += additional
    return next()
  }

  /// The subscriber cancelled: returns the upstream to cancel (if it may still send) and the
  /// buffered values to release, or `nil` if the subscription had already ended.
  ///
  /// As in Combine, a cancel before the upstream's subscription arrived does nothing: that
  /// subscription is still accepted and asked for values when it comes.
  mutating func cancel() -> (upstream: (any Subscription)?, dropped: ContiguousArray<Output?>)? {
    guard case .subscribed = status else { return nil }
    let upstream = upstreamIsLive ? status.subscription : nil
    status = .terminal
    upstreamIsLive = false
    pendingCompletion = nil
    return (upstream, queue.removeAll())
  }

  /// Called with the token free: takes it for the next value or the completion, or reports the
  /// refill owed by the run that just ended.
  private mutating func next() -> Action {
    if pending == .failure, queue.isEmpty || demand == 0 {
      return end()
    }
    if demand > 0, !queue.isEmpty, let value = queue.popFirst() {
      return take(value)
    }
    // As in Combine, a finish waits for demand even once the buffer is empty.
    if queue.isEmpty, pending != .none, demand > 0 {
      return end()
    }
    guard refill > 0, upstreamIsLive, case .subscribed(let upstream) = status else {
      refill = 0
      return .none
    }
    defer { refill = 0 }
    return .refill(.max(refill), from: upstream)
  }

  /// Takes the token to deliver `value`, the oldest, against one unit of demand.
  private mutating func take(_ value: Output) -> Action {
    takeTokenForOneValue()
    return .deliver(value)
  }

  /// The bookkeeping of one value going out: a unit of demand used, the token taken, and with
  /// `.keepFull` one more value to ask the upstream for afterwards.
  private mutating func takeTokenForOneValue() {
    demand -= 1
    _ = token.acquire()
    if keepsFull, upstreamIsLive || overflowCancelledUpstream != nil { refill += 1 }
  }

  private mutating func end() -> Action {
    let completion = pendingCompletion!
    pendingCompletion = nil
    status = .terminal
    // The holder keeps the token: nothing is delivered after the completion.
    _ = token.acquire()
    token.close()
    defer {
      refill = 0
      overflowCancelledUpstream = nil
    }
    let owed = refill > 0 ? overflowCancelledUpstream.map { (Subscribers.Demand.max(refill), $0) } : nil
    return .complete(completion, dropped: queue.removeAll(), refill: owed)
  }
}
/// What ``BufferStateMachine/finishDeliveryIfIdle(adding:)`` answers. Not nested in the generic
/// machine, which would make it generic too.
enum BufferIdleFinish: Equatable {
  /// Something waits for the holder: call ``BufferStateMachine/finishDelivery(adding:)``.
  case busy
  /// The token went back; nothing to do.
  case done
  /// The token went back; ask the upstream for this many values (`.keepFull`'s refill).
  case refill(Subscribers.Demand)
}

/// What a buffer's pending completion is, without its error.
private enum PendingCompletion {
  case none
  case finished
  case failure
}
#endif
