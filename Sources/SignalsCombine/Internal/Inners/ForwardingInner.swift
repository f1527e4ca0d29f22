// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// Where an operator's inner stands with its upstream and how much downstream asked for, behind
/// the one lock.
///
/// The per-value path takes the lock once (``admit()``): it learns whether the link is still
/// subscribed and reserves one unit of demand for this value. Under unlimited demand that is all;
/// under bounded demand, what downstream returns comes back through ``add(_:)``, a second round
/// trip only when there is something to add. A terminal transition hands back the upstream
/// subscription so it is cancelled (and released) after unlocking.
struct UpstreamLink {
  private struct State {
    /// Where the link stands, apart from the subscription itself, so the per-value check reads a
    /// plain tag instead of copying (and retaining) an enum that holds the subscription.
    var phase = Phase.awaitingSubscription
    /// Upstream's subscription while `phase` is `.subscribed`.
    var upstream: (any Subscription)?
    var demand = Subscribers.Demand.none
    /// Upstream completed and the operator's last value waits for downstream demand (see
    /// ``UpstreamLink/endHoldingFinalValue()``).
    var holdsFinalValue = false
  }

  /// Where a link stands.
  enum Phase {
    /// No subscription has arrived yet.
    case awaitingSubscription
    /// The first subscription arrived and the link has not ended.
    case subscribed
    /// Completed, failed or cancelled.
    case terminal
  }

  /// What the per-value path may do with one upstream value (the link is open).
  enum Admission {
    /// Downstream asked for unlimited values: send the value; nothing needs accounting.
    case unlimited
    /// Demand is bounded and one unit is reserved for this value. The demand downstream returns
    /// for it, or the unit itself when the value is not sent, goes back through ``add(_:)``.
    case reserved
    /// Downstream has no demand: the value may be dropped or absorbed, not sent.
    case unreserved
  }

  private let state = LockedState.make(State())

  /// Takes the first subscription and returns the demand downstream already asked for; `nil` for
  /// any later subscription, which the caller cancels. `whenAccepted` runs under the lock, only for
  /// the first subscription (library code only: it must not call out).
  func accept(
    _ subscription: any Subscription, whenAccepted: () -> Void = {}
  ) -> Subscribers.Demand? {
    state.withLock { state in
      guard state.phase == .awaitingSubscription else { return nil }
      state.phase = .subscribed
      state.upstream = subscription
      whenAccepted()
      return state.demand
    }
  }

  /// Reserves one unit of demand for the value at hand; `nil` once the link has ended (or before
  /// it starts), when the value is ignored.
  func admit() -> Admission? {
    state.withLock { state in
      guard state.phase == .subscribed else { return nil }
      if state.demand == .unlimited { return .unlimited }
      guard state.demand > 0 else { return .unreserved }
      state.demand -= 1
      return .reserved
    }
  }

  /// Adds demand downstream returned from `receive(_:)` (or a reserved unit a value did not use)
  /// while the link is open.
  func add(_ returned: Subscribers.Demand) {
    state.withLock { state in
      guard state.phase == .subscribed else { return }
      state.demand += returned
    }
  }

  /// Adds downstream's `demand` and returns the subscription to forward it to (`nil` before the
  /// subscription arrives, when the demand waits, or after the end).
  func request(_ demand: Subscribers.Demand) -> (any Subscription)? {
    state.withLock { state in
      if state.phase == .terminal { return nil }
      state.demand += demand
      return state.upstream
    }
  }

  /// Where the link stands now.
  var phase: Phase {
    state.withLock { $0.phase }
  }

  /// Where the link stands, and the subscription to forward downstream's demand to while it is
  /// subscribed; unlike ``request(_:)`` it keeps no demand for later.
  func requestTarget() -> (phase: Phase, upstream: (any Subscription)?) {
    state.withLock { ($0.phase, $0.upstream) }
  }

  /// Moves to terminal from any phase, and says whether the link had already ended; the
  /// subscription, if it was subscribed, is handed back to be cancelled or released after
  /// unlocking.
  func end() -> (wasTerminal: Bool, upstream: (any Subscription)?) {
    state.withLock { state in
      defer {
        state.phase = .terminal
        state.upstream = nil
        state.holdsFinalValue = false
      }
      return (state.phase == .terminal, state.upstream)
    }
  }

  /// Moves to terminal only if the link is subscribed, and returns the subscription then; a
  /// link still waiting for its subscription stays open to it.
  @discardableResult
  func terminateIfSubscribed() -> (any Subscription)? {
    state.withLock { state in
      guard state.phase == .subscribed else { return nil }
      defer {
        state.phase = .terminal
        state.upstream = nil
        state.holdsFinalValue = false
      }
      return state.upstream
    }
  }

  /// Whether the link is open: subscribed, and not ended yet.
  var isSubscribed: Bool {
    state.withLock { $0.phase == .subscribed }
  }

  /// Whether the link has ended (completed, failed or cancelled).
  var isTerminal: Bool {
    state.withLock { $0.phase == .terminal }
  }

  /// Moves to terminal; returns the subscription if the link was subscribed, `nil` if it had
  /// already ended (or never started). A final value still held is dropped.
  func terminate() -> (any Subscription)? {
    state.withLock { state in
      defer {
        state.phase = .terminal
        state.upstream = nil
        state.holdsFinalValue = false
      }
      return state.upstream
    }
  }

  /// As ``terminate()``, and also says whether a final value was still held (see
  /// ``endHoldingFinalValue()``), so the caller can release it after unlocking.
  func terminateDroppingFinalValue() -> (upstream: (any Subscription)?, droppedFinalValue: Bool) {
    state.withLock { state in
      defer {
        state.phase = .terminal
        state.upstream = nil
        state.holdsFinalValue = false
      }
      return (state.upstream, state.holdsFinalValue)
    }
  }

  /// What to do with an operator's last value once upstream has completed.
  enum FinalValueAdmission {
    /// The link had already ended: send nothing.
    case closed
    /// Downstream has demand for it: send it now, then `.finished`.
    case deliver
    /// No demand yet: the value is held; a later ``UpstreamLink/requestReleasingFinalValue(_:)``
    /// says when to send it.
    case hold
  }

  /// Upstream completed and the operator has one last value to send before `.finished` (the
  /// replacement of `replaceError`/`replaceEmpty`, a partial `collect` batch, a materialized
  /// completion).
  ///
  /// Moves the link to terminal, and either reserves one unit of demand for the value or marks
  /// it held. The upstream subscription is handed back so it is released after unlocking.
  func endHoldingFinalValue() -> (admission: FinalValueAdmission, released: (any Subscription)?) {
    state.withLock { state in
      guard state.phase == .subscribed else { return (.closed, nil) }
      let upstream = state.upstream
      state.phase = .terminal
      state.upstream = nil
      guard state.demand > 0 else {
        state.holdsFinalValue = true
        return (.hold, upstream)
      }
      state.demand -= 1
      return (.deliver, upstream)
    }
  }

  /// What a request from downstream leads to on a link that may hold a final value.
  enum RequestOutcome {
    /// Forward the demand to this upstream subscription.
    case forward(any Subscription)
    /// The held final value is now demanded: send it, then `.finished`.
    case deliverFinalValue
    /// Nothing to do (the demand waits for the subscription, or the link has ended).
    case none
  }

  /// As ``request(_:)``, but a request arriving while a final value is held releases it (once).
  func requestReleasingFinalValue(_ demand: Subscribers.Demand) -> RequestOutcome {
    state.withLock { state in
      if state.holdsFinalValue {
        state.holdsFinalValue = false
        return .deliverFinalValue
      }
      if state.phase == .terminal { return .none }
      state.demand += demand
      guard let upstream = state.upstream else { return .none }
      return .forward(upstream)
    }
  }
}

/// The inner subscriber-and-subscription shared by operators that pass demand through.
///
/// An operator's private `Inner` subclasses it, overrides ``step(_:_:)`` (and ``description``),
/// and says per value what to do by returning one of the helpers: ``send(_:_:)``,
/// ``finish(with:)`` or ``fail(_:)``.
/// An inner that needs different plumbing (extra upfront demand, a value on completion) overrides
/// that one method.
///
/// Why a class and not a protocol with default methods: clients call this code unspecialised.
/// A protocol extension reached through `Subscriber`'s witness table looks up its own witness
/// table, associated types and any generic enum it returns on every value; methods of a generic
/// class read their type arguments from the instance's metadata, so the per-value path here
/// (``receive(_:)``, the step, the helpers) uses no run-time metadata lookup and no mutable
/// stored property of the class (which would cost a dynamic exclusivity check).
///
/// Threading and state: ``step(_:_:)`` runs on the upstream's delivery path, outside the lock. The
/// Combine contract makes upstream calls serial, so state that only the step and
/// `receive(completion:)` touch (a previous value, an accumulator, a counter) is confined to that
/// path and needs no lock; everything `request(_:)` and `cancel()` touch lives in the link. Such
/// fields are `@exclusivity(unchecked)`: the serial path is their only accessor, so a dynamic
/// exclusivity check could never fire and would only cost time on every value.
class ForwardingInner<Input, Failure: Error, Downstream: Subscriber>: OperatorInner<Input, Failure, Downstream>,
  ContractKeepingSubscription, Subscriber, Subscription
{
  /// Decides what to do with one upstream value the link let through and returns the demand for
  /// upstream, by returning one of the helpers below; called outside the lock.
  ///
  /// Every operator overrides it (Swift has no abstract methods; this base is never used alone).
  func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
    preconditionFailure("\(Self.self) must override step(_:_:)")
  }

  func receive(subscription: any Subscription) {
    guard acceptUpstream(subscription) != nil else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    // The upstream already dropped anything sent after the end or beyond the demand passed on to
    // it, and it accounts the demand returned from here: nothing left to check or count.
    if upstreamKeepsContract { return step(input, .unlimited) }
    guard let admission = link.admit() else { return .none }
    return step(input, admission)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    guard link.terminate() != nil else { return }
    switch completion {
    case .finished: downstream.receive(completion: .finished)
    case .failure(let error): downstream.receive(completion: .failure(mapFailure(error)))
    }
  }

  func request(_ demand: Subscribers.Demand) {
    link.request(demand)?.request(demand)
  }

  func cancel() {
    link.terminate()?.cancel()
  }

  // MARK: Steps

  /// Delivers the value downstream; the demand downstream returns goes upstream. A value without
  /// reserved demand is one upstream should not have sent: it is dropped.
  @inline(__always)
  final func send(_ output: Downstream.Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
    switch admission {
    case .unlimited:
      return downstream.receive(output)
    case .reserved:
      let demand = downstream.receive(output)
      if demand != .none { link.add(demand) }
      return demand
    case .unreserved:
      return .none
    }
  }

  /// Cancels upstream and fails downstream with the error.
  final func fail(_ error: Downstream.Failure) -> Subscribers.Demand {
    finish(with: .failure(error))
  }

  /// ``fail(_:)`` with an error a user closure threw; inners pass closures that throw only when
  /// `Downstream.Failure` is `any Error`. Out of line, so that a step calling it does not look up
  /// the failure type on every value.
  @inline(never)
  final func fail(throwing error: any Error) -> Subscribers.Demand {
    fail(error as! Downstream.Failure)
  }

  /// Ends the link from the value path: cancels upstream, then completes downstream.
  @discardableResult
  final func finish(with completion: Subscribers.Completion<Downstream.Failure>) -> Subscribers.Demand {
    guard let upstream = link.terminate() else { return .none }
    upstream.cancel()
    downstream.receive(completion: completion)
    return .none
  }
}

/// Marks the subscriptions an operator inner (``ForwardingInner``, ``ReducingInner``) can recognise,
/// with one check when it subscribes, as keeping the contract towards their subscriber:
/// ``ForwardingInner``, a subject's conduit, ``SequenceSubscription``, ``SingleValueSubscription``
/// and a `Future`'s subscription. (Not `Subscriptions.empty`: a hand-written publisher may hand it
/// over and then send values regardless of demand.)
///
/// Such an upstream delivers nothing before the subscription, after a completion or cancel, or
/// beyond the demand it was given (an inner's own `admit` checks each value; a conduit's delivery
/// token and a sequence's next element are only taken with demand), and it adds the demand its
/// subscriber returns to its own account. A value already on its way when the subscriber cancels
/// may still arrive, as it may through an inner's own `admit`.
protocol ContractKeepingSubscription: AnyObject {}
#endif
