// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// The one inner subscriber-and-subscription of the single-upstream operators that are not
/// relays: it holds the subscriber it delivers to and the link to its upstream, and follows the
/// rules it was made with (``InnerRules``) for everything but the operator's own decision.
///
/// An operator's private `Inner` subclasses it, passes a preset of ``InnerRules``, and overrides
/// ``step(_:_:)`` (and ``description``). The step says per value what to do by returning one of
/// the helpers: ``send(_:)``, ``send(_:_:)``, ``skip()``, ``finish(with:)`` or
/// ``fail(throwing:)``; a reducing step folds the value and returns `.none`, calling ``settle()``
/// once its answer is known. An inner that ends with a value of its own overrides ``ending(_:)``
/// and ``finalValue()``.
///
/// Why a class and not a protocol with default methods: clients call this code unspecialised.
/// A protocol extension reached through `Subscriber`'s witness table looks up its own witness
/// table, associated types and any generic enum it returns on every value; methods of a generic
/// class read their type arguments from the instance's metadata, so the per-value path here
/// (``receive(_:)``, the step, the helpers) uses no run-time metadata lookup and no mutable
/// stored property of the class (which would cost a dynamic exclusivity check).
///
/// Threading and state: ``step(_:_:)`` runs on the upstream's delivery path, outside the lock. The
/// Combine contract makes upstream calls serial, so state that only the step touches (a previous
/// value, an accumulator, a counter) is confined to that path and needs no lock; everything
/// `request(_:)` and `cancel()` touch lives in the link. Such fields are `@exclusivity(unchecked)`
/// and say so. ``finalValue()`` runs once, after the last step: on that path, or on the thread
/// whose request released the held value, which the link's lock orders after the step that ended
/// the link. A mirror, which any thread may ask for, reads only the link's state.
class OperatorInner<Input, Failure: Error, Downstream: Subscriber>: ContractKeepingSubscription, Subscriber,
  Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
{
  /// The subscriber this inner delivers to.
  final let downstream: Downstream

  /// The link to upstream.
  final let link = UpstreamLink()

  /// What this inner checks, asks for and does at the edges.
  final let rules: InnerRules

  /// Whether the upstream subscription keeps the contract towards this inner (see
  /// ``ContractKeepingSubscription``), so its values skip the `.checked` phase check: a chain on a
  /// subject takes no lock of its own per value.
  ///
  /// Written once, under the link's lock, when the subscription is accepted. The value path reads
  /// it without a lock, after the round trips that demand makes before any value can arrive
  /// (this link's lock on `request`, then the upstream's lock, which its value path takes too), so
  /// the read is ordered after the write.
  @exclusivity(unchecked) final private(set) var upstreamKeepsContract = false

  #if DEBUG
  /// Registers this object with the current leak-check scope, if any (see `LiveObjectScope`).
  private let liveObject: LiveObjectToken?
  #endif

  init(downstream: Downstream, rules: InnerRules) {
    self.downstream = downstream
    self.rules = rules
    #if DEBUG
    liveObject = LiveObjectScope.track(Self.self)
    #endif
  }

  // MARK: What an operator decides

  /// Decides what to do with one upstream value the rules let through and returns the demand for
  /// upstream, through one of the helpers below; called outside the lock. `admission` is the
  /// link's word on the demand under `.counted` rules, and `.unlimited` otherwise.
  ///
  /// Every operator overrides it (Swift has no abstract methods; this base is never used alone).
  func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
    preconditionFailure("\(Self.self) must override step(_:_:)")
  }

  /// Decides how to end when upstream completes; called outside the lock. The default forwards the
  /// completion, or, under rules that answer on finish, sends ``finalValue()`` before `.finished`.
  func ending(_ completion: Subscribers.Completion<Failure>) -> CompletingStep<Downstream.Failure> {
    switch completion {
    case .finished: rules.answersOnFinish ? .finishWithFinalValue : .complete(.finished)
    case .failure(let error): .complete(.failure(mapFailure(error)))
    }
  }

  /// The last value, read once when it is sent (`nil`: only `.finished`). Every operator whose
  /// ``ending(_:)`` can return ``CompletingStep/finishWithFinalValue`` overrides it.
  func finalValue() -> Downstream.Input? {
    preconditionFailure("\(Self.self) must override finalValue()")
  }

  /// Turns an upstream failure into a downstream one. The default passes it through unchanged
  /// (also into `any Error`); operators that change the failure otherwise override it.
  func mapFailure(_ failure: Failure) -> Downstream.Failure {
    failure as! Downstream.Failure
  }

  // MARK: Subscriber

  func receive(subscription: any Subscription) {
    let keepsContract = (subscription as? any ContractKeepingSubscription)?.keepsContract ?? false
    guard link.accept(subscription, whenAccepted: { upstreamKeepsContract = keepsContract }) != nil else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
    if rules.upstreamDemand != .forwarded { subscription.request(.unlimited) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    switch rules.values {
    case .unchecked:
      return step(input, .unlimited)
    case .checked:
      // An upstream that keeps the contract (a subject's conduit, a sequence, a counting inner)
      // sends nothing before the subscription or after the end, so the phase check would only
      // ever say `.subscribed`.
      if upstreamKeepsContract { return step(input, .unlimited) }
      switch link.phase {
      case .subscribed: return step(input, .unlimited)
      case .terminal: return .none
      case .awaitingSubscription:
        precondition(rules.early == .ignore, "\(description) received a value before its subscription")
        return .none
      }
    case .counted:
      guard let admission = link.admit() else { return .none }
      return step(input, admission)
    }
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    guard rules.completionEnds else {
      guard link.phase == .subscribed else { return }
      return forward(completion)
    }
    switch ending(completion) {
    case .complete(let completion):
      switch link.endIfSubscribed() {
      case .subscribed: downstream.receive(completion: completion)
      case .terminal: return
      case .awaitingSubscription:
        precondition(rules.early == .ignore, "\(description) received a completion before its subscription")
      }
    case .finishWithFinalValue:
      endWithFinalValue(cancellingUpstream: false)
    }
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    if rules.trapsZeroDemand {
      precondition(demand > 0, "\(description) was asked for zero values (a demand must be positive)")
    }
    switch link.request(demand) {
    case .forward(let upstream): if rules.upstreamDemand != .unlimited { upstream.request(demand) }
    case .deliverFinalValue: sendFinalValue()
    case .beforeSubscription:
      precondition(rules.early == .ignore, "\(description) was asked for values before its subscription")
    case .none: break
    }
  }

  func cancel() {
    link.cancel(leavingOpen: rules.early == .ignore)?.cancel()
  }

  /// Whether this inner keeps the contract towards its own subscriber (its rules say).
  final var keepsContract: Bool { rules.keepsContract }

  // MARK: Steps

  /// Delivers the value downstream; the demand downstream returns goes upstream.
  @inline(__always)
  final func send(_ output: Downstream.Input) -> Subscribers.Demand {
    downstream.receive(output)
  }

  /// Delivers a value the link admitted (`.counted` rules); the demand downstream returns goes
  /// upstream and into the link's account. A value without reserved demand is one upstream
  /// should not have sent: it is dropped.
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

  /// Leaves the value out and asks upstream for one more (`.max(1)`), so downstream's demand is
  /// not lost.
  @inline(__always)
  final func skip() -> Subscribers.Demand { .max(1) }

  /// Ends the stream from the value path while subscribed: cancels upstream, then completes
  /// downstream.
  @discardableResult
  final func finish(with completion: Subscribers.Completion<Downstream.Failure>) -> Subscribers.Demand {
    guard let upstream = link.terminateIfSubscribed() else { return .none }
    upstream.cancel()
    downstream.receive(completion: completion)
    return .none
  }

  /// A user closure threw: cancels upstream if it was subscribed, and fails downstream with the
  /// error (after the end too, if the rules say so). Inners pass closures that throw only when
  /// `Downstream.Failure` is `any Error`. Out of line, so that a step calling it does not look up
  /// the failure type on every value.
  @inline(never)
  @discardableResult
  final func fail(throwing error: any Error) -> Subscribers.Demand {
    if let upstream = link.terminateIfSubscribed() {
      upstream.cancel()
    } else if !rules.throwAfterEndFails {
      return .none
    }
    downstream.receive(completion: .failure(error as! Downstream.Failure))
    return .none
  }

  /// The answer is known before upstream finished (a reducing operator): cancels upstream, and
  /// sends ``finalValue()`` with `.finished` once downstream has asked.
  final func settle() {
    endWithFinalValue(cancellingUpstream: true)
  }

  /// Forwards a completion downstream, the failure mapped.
  private final func forward(_ completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished: downstream.receive(completion: .finished)
    case .failure(let error): downstream.receive(completion: .failure(mapFailure(error)))
    }
  }

  /// Ends the link holding the final value: sends it now if downstream has demand, or leaves it
  /// for the request that brings some. Nothing happens once the link has ended.
  private final func endWithFinalValue(cancellingUpstream: Bool) {
    let (admission, upstream) = link.endHoldingFinalValue()
    if cancellingUpstream { upstream?.cancel() } else { withExtendedLifetime(upstream) {} }
    if case .deliver = admission { sendFinalValue() }
  }

  /// Sends the last value, if any, then `.finished`.
  private final func sendFinalValue() {
    if let value = finalValue() { _ = downstream.receive(value) }
    downstream.receive(completion: .finished)
  }

  // MARK: Reflection

  /// The operator's name, as Combine's `description` of its subscription shows it; every
  /// operator overrides it.
  var description: String { "\(Self.self)" }

  var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

  var playgroundDescription: Any { description }

  /// Combine's four children for a reducing operator: the subscriber, the result, the starting
  /// value and the status. The running result is confined to the upstream's delivery path, so
  /// the mirror, which any thread may ask for, shows the starting value as the result.
  final func reducingMirror(initial: Any) -> Mirror {
    let status: String
    switch link.phase {
    case .awaitingSubscription: status = "awaitingSubscription"
    case .subscribed: status = "subscribed"
    case .terminal: status = "terminal"
    }
    let children: [Mirror.Child] = [
      ("downstream", downstream), ("result", initial), ("initial", initial), ("status", status),
    ]
    return Mirror(self, children: children)
  }
}
#endif
