// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// Where an operator's inner stands with its upstream and how much downstream asked for, behind
/// the one lock.
///
/// Every operation is one critical section. Under `.counted` rules (``InnerRules/Values``), the
/// per-value path takes the lock once (``admit()``): it learns whether the link is still
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

    /// Moves to terminal from any phase, dropping a held final value; returns the subscription
    /// the link held, to be cancelled or released after unlocking.
    mutating func close() -> (any Subscription)? {
      defer {
        phase = .terminal
        upstream = nil
        holdsFinalValue = false
      }
      return upstream
    }
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

  /// Where the link stands now.
  var phase: Phase {
    state.withLock { $0.phase }
  }

  /// Where the link stands, and the subscription while it is subscribed (for a mirror).
  func snapshot() -> (phase: Phase, upstream: (any Subscription)?) {
    state.withLock { ($0.phase, $0.upstream) }
  }

  /// Moves to terminal from any phase, and says whether the link had already ended; the
  /// subscription, if it was subscribed, is handed back to be cancelled or released after
  /// unlocking.
  func end() -> (wasTerminal: Bool, upstream: (any Subscription)?) {
    state.withLock { state in
      let wasTerminal = state.phase == .terminal
      return (wasTerminal, state.close())
    }
  }

  /// Moves to terminal only if the link is subscribed, and returns the subscription then; a
  /// link still waiting for its subscription stays open to it.
  @discardableResult
  func terminateIfSubscribed() -> (any Subscription)? {
    state.withLock { state in
      guard state.phase == .subscribed else { return nil }
      return state.close()
    }
  }

  /// Moves to terminal if the link is subscribed, and says where it stood: `.subscribed` (the
  /// subscription is released after unlocking), `.terminal` (it had already ended) or
  /// `.awaitingSubscription` (it stays open to the subscription).
  func endIfSubscribed() -> Phase {
    let (phase, released) = state.withLock { state -> (Phase, (any Subscription)?) in
      guard state.phase == .subscribed else { return (state.phase, nil) }
      return (.subscribed, state.close())
    }
    withExtendedLifetime(released) {}
    return phase
  }

  /// A cancel from downstream: moves to terminal and drops a held final value, and returns the
  /// subscription to cancel, if the link was subscribed. With `leavingOpen`, a link still waiting
  /// for its subscription stays open to it (Combine does not remember such a cancel).
  func cancel(leavingOpen: Bool) -> (any Subscription)? {
    state.withLock { state in
      if leavingOpen && state.phase == .awaitingSubscription { return nil }
      return state.close()
    }
  }

  /// What to do with an operator's last value once upstream has completed.
  enum FinalValueAdmission {
    /// The link had already ended: send nothing.
    case closed
    /// Downstream has demand for it: send it now, then `.finished`.
    case deliver
    /// No demand yet: the value is held; a later ``UpstreamLink/request(_:)``
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
      let upstream = state.close()
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
    /// The subscription has not arrived yet: the demand waits for it.
    case beforeSubscription
    /// Nothing to do: the link has ended.
    case none
  }

  /// Adds downstream's `demand` and says what it leads to: forwarding it upstream, sending a held
  /// final value (once), or nothing yet.
  func request(_ demand: Subscribers.Demand) -> RequestOutcome {
    state.withLock { state in
      if state.holdsFinalValue {
        state.holdsFinalValue = false
        return .deliverFinalValue
      }
      if state.phase == .terminal { return .none }
      state.demand += demand
      guard let upstream = state.upstream else { return .beforeSubscription }
      return .forward(upstream)
    }
  }
}

/// Marks the subscriptions an ``OperatorInner`` can recognise, with one check when it subscribes,
/// as keeping the contract towards their subscriber: an inner whose rules count every value
/// (``InnerRules/keepsContract``), a subject's conduit, ``SequenceSubscription``,
/// ``SingleValueSubscription`` and a `Future`'s subscription. (Not `Subscriptions.empty`: a
/// hand-written publisher may hand it over and then send values regardless of demand.)
///
/// Such an upstream delivers nothing before the subscription, after a completion or cancel, or
/// beyond the demand it was given (an inner's own `admit` checks each value; a conduit's delivery
/// token and a sequence's next element are only taken with demand), and it adds the demand its
/// subscriber returns to its own account. A value already on its way when the subscriber cancels
/// from another thread may still arrive, as it may through an inner's own `admit`; nothing arrives
/// after a cancel the subscriber made on the delivery path itself.
protocol ContractKeepingSubscription: AnyObject {
  /// Whether this subscription keeps the contract; `true` unless a conformer's rules say
  /// otherwise (an operator inner that lets values through unchecked).
  var keepsContract: Bool { get }
}

extension ContractKeepingSubscription {
  var keepsContract: Bool { true }
}
#endif
