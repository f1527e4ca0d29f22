// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// What a single-upstream operator decides for one upstream value.
///
/// The shared plumbing in ``ForwardingInner`` turns the step into calls: it delivers, asks
/// upstream for a replacement value, or ends the subscription.
enum ForwardingStep<Output, Failure: Error> {
  /// Deliver the value downstream; the demand downstream returns goes upstream.
  case send(Output)
  /// Drop the value and ask upstream for one more (`.max(1)`), so downstream's demand is not lost.
  case replace
  /// Drop the value and ask for nothing (the demand was accounted for elsewhere).
  case absorb
  /// Deliver the value, then cancel upstream and finish downstream.
  case sendAndFinish(Output)
  /// Cancel upstream and finish downstream.
  case finish
  /// Cancel upstream and fail downstream with the error.
  case fail(Failure)
}

/// Where an operator's inner stands with its upstream and how much downstream asked for, behind
/// the one lock.
///
/// The per-value path takes the lock once (``admit(adding:)``): it learns whether the link is
/// still subscribed, folds in the demand downstream returned for the previous value, and reserves
/// one unit of demand for this value. A terminal transition hands back the upstream subscription
/// so it is cancelled (and released) after unlocking.
struct UpstreamLink {
  private struct State {
    var status = SubscriptionStatus.awaitingSubscription
    var demand = Subscribers.Demand.none
    /// Upstream completed and the operator's last value waits for downstream demand (see
    /// ``UpstreamLink/endHoldingFinalValue(adding:)``).
    var holdsFinalValue = false
  }

  /// What the per-value path may do with one upstream value.
  enum Admission {
    /// The link has ended (or not started): ignore the value.
    case closed
    /// Subscribed, and one unit of downstream demand is reserved for this value.
    case reserved
    /// Subscribed, but downstream has no demand: the value may be dropped or absorbed, not sent.
    case unreserved
  }

  private let state = LockedState.make(State())

  /// Takes the first subscription and returns the demand downstream already asked for; `nil` for
  /// any later subscription, which the caller cancels.
  func accept(_ subscription: any Subscription) -> Subscribers.Demand? {
    state.withLock { state in state.status.accept(subscription) ? state.demand : nil }
  }

  /// Adds `returned` (what downstream returned for the previous value) to the demand, then
  /// reserves one unit for the value at hand.
  func admit(adding returned: Subscribers.Demand) -> Admission {
    state.withLock { state in
      guard case .subscribed = state.status else { return .closed }
      state.demand += returned
      guard state.demand > 0 else { return .unreserved }
      state.demand -= 1
      return .reserved
    }
  }

  /// Adds downstream's `demand` and returns the subscription to forward it to (`nil` before the
  /// subscription arrives, when the demand waits, or after the end).
  func request(_ demand: Subscribers.Demand) -> (any Subscription)? {
    state.withLock { state in
      if state.status.isTerminal { return nil }
      state.demand += demand
      return state.status.subscription
    }
  }

  /// Whether the link has ended (completed, failed or cancelled).
  var isTerminal: Bool {
    state.withLock { $0.status.isTerminal }
  }

  /// Moves to terminal; returns the subscription if the link was subscribed, `nil` if it had
  /// already ended (or never started). A final value still held is dropped.
  func terminate() -> (any Subscription)? {
    state.withLock { state in
      defer {
        state.status = .terminal
        state.holdsFinalValue = false
      }
      return state.status.subscription
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
  /// Folds in `returned` (the demand downstream returned for the previous value), moves the link
  /// to terminal, and either reserves one unit of demand for the value or marks it held. The
  /// upstream subscription is handed back so it is released after unlocking.
  func endHoldingFinalValue(
    adding returned: Subscribers.Demand
  ) -> (admission: FinalValueAdmission, released: (any Subscription)?) {
    state.withLock { state in
      guard case .subscribed(let upstream) = state.status else { return (.closed, nil) }
      state.status = .terminal
      state.demand += returned
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
      if state.status.isTerminal { return .none }
      state.demand += demand
      guard let upstream = state.status.subscription else { return .none }
      return .forward(upstream)
    }
  }
}

/// The inner subscriber-and-subscription shared by operators that pass demand through.
///
/// An operator's private `Inner` class conforms, stores `downstream` and a ``UpstreamLink``, and
/// implements ``step(_:)``; the protocol extension supplies the `Subscriber` and `Subscription`
/// methods. An inner that needs different plumbing (extra upfront demand, a value on completion)
/// implements that one method itself.
///
/// Threading and state: `step(_:)` runs on the upstream's delivery path, outside the lock. The
/// Combine contract makes upstream calls serial, so state that only `step(_:)` and
/// `receive(completion:)` touch (a previous value, an accumulator, a counter) is confined to that
/// path and needs no lock; everything `request(_:)` and `cancel()` touch lives in the link.
protocol ForwardingInner: AnyObject, Subscriber, Subscription, CustomStringConvertible, CustomReflectable,
  CustomPlaygroundDisplayConvertible
{
  /// The subscriber this inner delivers to.
  associatedtype Downstream: Subscriber

  /// The subscriber this inner delivers to.
  var downstream: Downstream { get }

  /// The link to upstream.
  var link: UpstreamLink { get }

  /// Demand downstream returned from the last `receive(_:)`, folded into the link under the next
  /// value's lock. Touched only on the upstream's serial delivery path; start it at `.none`.
  var returnedDemand: Subscribers.Demand { get set }

  /// Decides what to do with one upstream value; called outside the lock.
  func step(_ input: Input) -> ForwardingStep<Downstream.Input, Downstream.Failure>

  /// Turns an upstream failure into a downstream one.
  func mapFailure(_ failure: Failure) -> Downstream.Failure
}

extension ForwardingInner where Failure == Downstream.Failure {
  func mapFailure(_ failure: Failure) -> Downstream.Failure { failure }
}

extension ForwardingInner {
  func receive(subscription: any Subscription) {
    guard link.accept(subscription) != nil else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let returned = returnedDemand
    returnedDemand = .none
    let admission = link.admit(adding: returned)
    if case .closed = admission { return .none }
    let reserved = admission == .reserved
    switch step(input) {
    case .send(let output):
      // Without reserved demand the value is one upstream should not have sent: drop it.
      guard reserved else { return .none }
      let demand = downstream.receive(output)
      returnedDemand += demand
      return demand
    case .replace:
      if reserved { returnedDemand += 1 }
      return .max(1)
    case .absorb:
      if reserved { returnedDemand += 1 }
      return .none
    case .sendAndFinish(let output):
      if reserved { _ = downstream.receive(output) }
      finish(with: .finished)
      return .none
    case .finish:
      finish(with: .finished)
      return .none
    case .fail(let error):
      finish(with: .failure(error))
      return .none
    }
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

  /// Ends the link from the value path: cancels upstream, then completes downstream.
  func finish(with completion: Subscribers.Completion<Downstream.Failure>) {
    guard let upstream = link.terminate() else { return }
    upstream.cancel()
    downstream.receive(completion: completion)
  }

  var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

  var playgroundDescription: Any { description }
}
