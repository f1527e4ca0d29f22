// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// The delivery rules for one subscriber of a subject, as a plain value.
///
/// The machine never locks and never calls out: the subject's storage holds its lock while it
/// asks the machine what to do, then performs the returned action after unlocking.
///
/// **Serial delivery without a recursive lock.** A subscriber must never be called from two
/// threads at once. The machine takes its *delivery token* from the one primitive,
/// ``SerialDelivery``, with the nested rule: the thread that holds it is the only one allowed to
/// call the subscriber. A value offered while another thread holds the token is counted by the
/// token and kept in the backlog (``ConduitOverflow``), and the holder delivers it before giving
/// the token back (``finishDelivery(additionalDemand:currentValue:currentGeneration:)``). A value
/// offered by the holder itself — a subscriber that sends into its own subject from
/// `receive(_:)` — is delivered at once, nested, which is Combine's order for re-entrant sends. A
/// completion that arrives meanwhile is the token's ending.
///
/// The token also owns the subscriber reference: only its holder may release the subscriber, so a
/// cancel that arrives while another thread is delivering leaves the release to that thread.
///
/// **The owed current value** (`CurrentValueSubject` only). A value sent while the subscriber has no
/// demand is not queued: the subscriber is owed the current value instead, and its next
/// `request(_:)` delivers it (the latest by then). As in Combine, demand the subscriber returns
/// from `receive(_:)` only counts towards later sends; it never sends the owed value.
struct ConduitStateMachine<Output, Failure: Error> {
  /// What ``offer(_:generation:on:replaysCurrentValue:)`` asks the storage to do with a value.
  enum OfferAction {
    /// Nothing: no demand, terminated, or queued for the thread that holds the token.
    case drop
    /// Deliver the value; the caller now holds the token and must call
    /// ``finishDelivery(additionalDemand:currentValue:currentGeneration:)`` afterwards.
    case deliver
    /// Deliver the value nested inside the caller's own delivery; afterwards call
    /// ``finishNestedDelivery(additionalDemand:)``.
    case deliverNested
  }

  /// What the token holder does next, from ``finishDelivery(additionalDemand:currentValue:currentGeneration:)``.
  enum FinishAction {
    /// Nothing: the token is given back.
    case none
    /// Deliver this queued value (or the owed current value a request made meanwhile asked for),
    /// then finish again.
    case deliver(Output)
    /// Deliver the completion, then release the subscriber.
    case complete(Subscribers.Completion<Failure>)
    /// The subscription ended while delivering: release the subscriber.
    case release
  }

  /// What ``request(_:on:currentValue:currentGeneration:)`` asks the storage to do.
  enum RequestAction {
    /// Nothing to deliver now.
    case none
    /// Deliver the owed current value; the caller now holds the token.
    case deliver(Output)
    /// Deliver the owed current value nested inside the caller's own delivery.
    case deliverNested(Output)
  }

  /// What ``complete(_:on:)`` asks the storage to do.
  enum CompleteAction {
    /// Nothing: already terminated, or left to the token holder.
    case none
    /// Deliver the completion and release the subscriber; the caller holds the token.
    case deliver(Subscribers.Completion<Failure>)
    /// Deliver the completion nested inside the caller's own delivery (the holder releases).
    case deliverNested(Subscribers.Completion<Failure>)
  }

  /// What ``cancel(on:)`` asks the storage to do.
  typealias CancelAction = ConduitToken.CancelAction

  /// The non-generic part of the state, which the send fast path reads and changes directly.
  var token: ConduitToken
  /// What waits for the token holder: values offered by other threads while the token was taken,
  /// and the error of a failure that arrived meanwhile. Made on first use — a send racing another
  /// thread's delivery — so that a subscription carries one reference rather than the queue's
  /// fields, and making a machine looks up no run-time metadata.
  private var overflow: ConduitOverflow<Output, Failure>?

  /// Values the subscriber may still receive.
  var demand: Subscribers.Demand { token.demand }
  /// Cancelled or completed: nothing more is delivered.
  var isTerminated: Bool { token.isTerminated }

  /// A new subscriber; `subscriber` holds the token while it receives its subscription.
  init(subscribingOn subscriber: ThreadIdentity, owesCurrentValue: Bool) {
    token = ConduitToken(deliverer: subscriber, owesCurrentValue: owesCurrentValue)
  }

  /// A subscriber that asked for unlimited values as it subscribed and holds no token: where a
  /// `sink` on a subject that does not replay stands once subscribed, reached in one step.
  init(unlimitedDemand: Void) {
    token = ConduitToken(deliverer: nil, owesCurrentValue: false)
    token.demand = .unlimited
  }

  /// A subscriber delivered to without the token (``AnySubjectConduit/deliversWithoutToken``): it
  /// never asks through the token, so the token records no demand. That also keeps it off the
  /// send's unlimited-demand branch, which takes tokens: the send finds it on the branch for
  /// everyone else and checks `deliversWithoutToken` there, so the common case pays nothing.
  init(deliveringWithoutToken: Void) {
    token = ConduitToken(deliverer: nil, owesCurrentValue: false)
  }

  /// A value was sent to the subject; `generation` is the subject's generation after that send.
  mutating func offer(_ value: Output, generation: UInt64, on thread: ThreadIdentity, replaysCurrentValue: Bool)
    -> OfferAction
  {
    switch token.offer(generation: generation, on: thread, replaysCurrentValue: replaysCurrentValue) {
    case .drop:
      return .drop
    case .deliver:
      return .deliver
    case .deliverNested:
      return .deliverNested
    case .queue:
      enqueue(value)
      return .drop
    }
  }

  /// Queues a value that ``ConduitToken/offer(generation:on:replaysCurrentValue:)`` reserved while
  /// another thread holds the token; the holder delivers it before giving the token back.
  mutating func enqueue(_ value: Output) {
    takeOverflow().backlog.append(value)
  }

  /// The overflow, made if needed.
  private mutating func takeOverflow() -> ConduitOverflow<Output, Failure> {
    if let overflow { return overflow }
    let made = ConduitOverflow<Output, Failure>()
    overflow = made
    return made
  }

  /// A nested delivery returned `additionalDemand`.
  mutating func finishNestedDelivery(additionalDemand: Subscribers.Demand) {
    if !token.isTerminated, additionalDemand > 0 {
      token.demand += additionalDemand
    }
  }

  /// The token holder's call to the subscriber returned `additionalDemand`.
  mutating func finishDelivery(additionalDemand: Subscribers.Demand, currentValue: Output?, currentGeneration: UInt64)
    -> FinishAction
  {
    if token.isTerminated {
      _ = token.delivery.next()  // gives the token back
      dropBacklog()
      dropPendingCompletion()
      return .release
    }
    if additionalDemand > 0 {
      token.demand += additionalDemand
    }
    if token.hasBacklog, let overflow {
      _ = token.delivery.next()  // one owed delivery: the oldest value of the backlog
      let value = overflow.backlog[overflow.head]
      overflow.head += 1
      if overflow.head == overflow.backlog.count { dropBacklog() }
      return .deliver(value)
    }
    // As in Combine, only a request sends the owed current value: demand the subscriber returned
    // from `receive(_:)` does not. This one was asked for while another thread held the token.
    if token.replayRequested {
      token.replayRequested = false
      if token.owesCurrentValue, token.demand > 0, let currentValue {
        token.owesCurrentValue = false
        token.replayedGeneration = currentGeneration
        token.demand -= 1
        return .deliver(currentValue)
      }
    }
    // Nothing owed: the waiting completion (the primitive's ending), or the token goes back.
    guard token.delivery.next() == .end else { return .none }
    let completion: Subscribers.Completion<Failure> = overflow?.failure.first.map { .failure($0) } ?? .finished
    overflow?.failure = []
    return .complete(completion)
  }

  /// The subscriber asked for `additionalDemand` more values.
  mutating func request(
    _ additionalDemand: Subscribers.Demand, on thread: ThreadIdentity, currentValue: Output?, currentGeneration: UInt64
  ) -> RequestAction {
    guard !token.isTerminated else { return .none }
    token.demand += additionalDemand
    guard token.owesCurrentValue, let currentValue else { return .none }
    switch token.delivery.join(on: thread) {
    case .deliver:
      break
    case .deliverNested:
      token.owesCurrentValue = false
      token.replayedGeneration = currentGeneration
      token.demand -= 1
      return .deliverNested(currentValue)
    case .queued, .closed:
      // The token holder delivers it when it finishes.
      token.replayRequested = true
      return .none
    }
    token.owesCurrentValue = false
    token.replayedGeneration = currentGeneration
    token.demand -= 1
    return .deliver(currentValue)
  }

  /// The subject completed.
  mutating func complete(_ completion: Subscribers.Completion<Failure>, on thread: ThreadIdentity) -> CompleteAction {
    switch token.delivery.end(on: thread) {
    case .deliver:
      // The caller holds the token and delivers the ending now: nothing is owed.
      _ = token.delivery.next()
      return .deliver(completion)
    case .deliverNested:
      dropBacklog()
      return .deliverNested(completion)
    case .queued:
      if case .failure(let error) = completion { takeOverflow().failure = [error] }
      return .none
    case .closed:
      return .none
    }
  }

  /// The subscriber cancelled.
  mutating func cancel(on thread: ThreadIdentity) -> CancelAction {
    let action = token.cancel(on: thread)
    dropPendingCompletion()
    return action
  }

  /// Releases a completion that ``ConduitToken/cancel(on:)`` superseded.
  private mutating func dropPendingCompletion() {
    if let overflow, !overflow.failure.isEmpty, !token.completionPending { overflow.failure = [] }
  }

  private mutating func dropBacklog() {
    guard let overflow, !overflow.backlog.isEmpty else { return }
    overflow.backlog.removeAll(keepingCapacity: false)
    overflow.head = 0
  }
}

/// The part of a conduit's state whose layout does not depend on the value and failure types:
/// demand, the delivery token, and flags mirroring what waits in the generic part.
///
/// The send fast path works on this directly (`conduit.machine.token`): the subject's code runs as
/// unspecialised generic code in the client, where every use of a generic struct costs a run-time
/// metadata lookup, while a plain struct at a fixed offset costs nothing.
struct ConduitToken {
  /// What ``offer(generation:on:replaysCurrentValue:)`` decided.
  enum Reservation {
    /// Nothing: no demand, terminated, or already replayed.
    case drop
    /// The caller now holds the token: deliver, then finish.
    case deliver
    /// The caller already holds the token further up its stack: deliver nested.
    case deliverNested
    /// Another thread holds the token: queue the value for it (``ConduitStateMachine/enqueue(_:)``).
    case queue
  }

  /// Values the subscriber may still receive.
  var demand: Subscribers.Demand = .none
  /// Who may call the subscriber now, how many values other threads offered meanwhile (they
  /// wait in the machine's backlog), and the lifecycle (open, a completion waiting for the holder,
  /// ended): the one serial-delivery primitive, with the nested rule (a send from inside the
  /// subscriber's `receive(_:)` is delivered at once, Combine's depth-first order).
  var delivery = SerialDelivery(.nested)
  /// Cancelled or completed: nothing more is delivered.
  var isTerminated: Bool { delivery.closed }
  /// `CurrentValueSubject` only: the subscriber has not seen the latest value, and gets it with
  /// its next request. As in Combine, demand it returns from `receive(_:)` does not send it.
  var owesCurrentValue: Bool
  /// `CurrentValueSubject` only: a request came while another thread held the token and the
  /// current value was owed, so the holder delivers it when it finishes, as the request itself
  /// would have. Cleared whenever `owesCurrentValue` changes with an offer.
  var replayRequested = false
  /// Whether the machine's backlog holds values not yet delivered.
  var hasBacklog: Bool { delivery.backlog > 0 }
  /// Whether the machine holds a completion that arrived while another thread held the token.
  var completionPending: Bool { delivery.isEnding }
  /// The generation (see `SubjectStorage.State.generation`) of the last current value handed to
  /// the subscriber as owed. A send racing a new subscription can reach this conduit after its
  /// value was already handed over that way; offers of that generation or older are dropped, so no
  /// value arrives twice or after a newer one.
  var replayedGeneration: UInt64 = 0

  init(deliverer: ThreadIdentity?, owesCurrentValue: Bool) {
    if let deliverer { _ = delivery.join(on: deliverer) }
    self.owesCurrentValue = owesCurrentValue
  }

  /// A value was sent to the subject; `generation` is the subject's generation after that send.
  mutating func offer(generation: UInt64, on thread: ThreadIdentity, replaysCurrentValue: Bool) -> Reservation {
    guard !delivery.hasEnded else { return .drop }
    // Already handed over as the owed current value (or a newer one was).
    guard generation > replayedGeneration else { return .drop }
    guard demand > 0 else {
      owesCurrentValue = replaysCurrentValue
      replayRequested = false
      return .drop
    }
    // A newer value replaces the one owed.
    owesCurrentValue = false
    replayRequested = false
    demand -= 1
    return take(on: thread)
  }

  /// ``offer(generation:on:replaysCurrentValue:)`` for a subscriber whose demand is unlimited, which
  /// the send fast path checks first: nothing to count, and with demand nothing is owed either.
  mutating func offerUnlimited(generation: UInt64, on thread: ThreadIdentity) -> Reservation {
    guard !delivery.hasEnded, generation > replayedGeneration else { return .drop }
    owesCurrentValue = false
    replayRequested = false
    return take(on: thread)
  }

  /// Takes the token for a value the subscriber has demand for, or says who delivers it.
  private mutating func take(on thread: ThreadIdentity) -> Reservation {
    switch delivery.enter(on: thread) {
    case .deliver: .deliver
    case .deliverNested: .deliverNested
    // Counted in the primitive's backlog; the machine keeps the value.
    case .queued: .queue
    case .closed: .drop
    }
  }

  /// What ``cancel(on:)`` asks the storage to do.
  enum CancelAction {
    /// Nothing: already terminated, or the token holder (another thread) releases the subscriber.
    case none
    /// The calling thread holds the token, inside a delivery to this subscriber or with a value
    /// reserved for it by a send further up the stack: that value must not be delivered, and the
    /// holder releases the subscriber when it finishes.
    case stopsCallersDelivery
    /// Release the subscriber; the caller holds the token.
    case release
  }

  /// The subscriber cancelled. A completion waiting in the machine is superseded: the flag is
  /// cleared here and the machine drops the value itself later (it is only released by the token
  /// holder or with the machine).
  mutating func cancel(on thread: ThreadIdentity) -> CancelAction {
    switch delivery.close(on: thread) {
    case .none, .closedUnderHolder: .none
    case .closedHolding: .release
    case .closedUnderCaller: .stopsCallersDelivery
    }
  }

  /// The send fast path's cheap finish, for a holder whose subscriber has unlimited demand (so the
  /// demand it returned changes nothing): gives the token back when nothing waits, and returns
  /// `false`, changing nothing, when something does (a backlog, a completion, a requested replay,
  /// a termination); the holder then calls
  /// ``ConduitStateMachine/finishDelivery(additionalDemand:currentValue:currentGeneration:)``.
  mutating func returnTokenIfIdle() -> Bool {
    !replayRequested && delivery.releaseIfIdle()
  }

  /// The holder's finish when nothing waits, for any demand: adds what the subscriber returned
  /// from `receive(_:)` and gives the token back. Returns `false`, changing nothing, when something
  /// waits (a backlog, a completion, a requested replay, a termination); the holder then calls
  /// ``ConduitStateMachine/finishDelivery(additionalDemand:currentValue:currentGeneration:)``,
  /// whose generic action costs run-time metadata lookups that this common case does without.
  mutating func finishIfIdle(adding additionalDemand: Subscribers.Demand) -> Bool {
    guard !replayRequested, delivery.releaseIfIdle() else { return false }
    if additionalDemand > 0 { demand += additionalDemand }
    return true
  }
}

/// The part of a ``ConduitStateMachine`` that only contention needs: the values other threads
/// offered while one thread held the token, oldest first from `head`, and the error of a failure
/// that arrived meanwhile (at most one element; empty for `.finished`). Guarded, like the machine,
/// by the subject storage's lock.
final class ConduitOverflow<Output, Failure: Error> {
  var backlog = ContiguousArray<Output>()
  var head = 0
  var failure = ContiguousArray<Failure>()
}
#endif
