// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport
/// The inner shared by reducing operators (`collect()`, `reduce`, `count`, `min`, `first`,
/// `contains` …): asks upstream for `.unlimited`, folds every value into the operator's state
/// with ``step(_:)``, and delivers one answer (or none) with `.finished` once it is known *and*
/// downstream has asked for something.
///
/// An operator's inner is a ``FoldingInner`` (an accumulator and closures), a ``SelectingInner``
/// (one of upstream's values) or a subclass of its own: it overrides ``step(_:)``, ``result()``
/// and ``description``, and, when it knows its answer before upstream finishes, calls
/// ``settle(_:)`` from the step; an error a closure threw goes to ``fail(throwing:)``.
///
/// Why a class, as for ``ForwardingInner``: clients call this code unspecialised, and the
/// per-value path here (``receive(_:)``, one lock round trip in ``UpstreamLink/isSubscribed``
/// unless the upstream is another operator or a subject, the step) uses no generic enum, optional
/// or tuple, so it needs no run-time metadata lookup.
/// The answer travels on the rare paths only: ``settle(_:)`` stores it and
/// ``UpstreamLink/endHoldingFinalValue()`` says whether to send it now or to hold it for the
/// first request.
///
/// Threading and state: ``step(_:)`` and ``result()`` run on the upstream's serial delivery path,
/// outside the lock, so the operator's accumulator needs no lock. The stored answer is written
/// there before the link's lock records it, and read (or released) once, by whichever thread the
/// link then hands it to, so the lock orders every access to it.
///
/// The link's demand only records whether downstream has asked for the answer.
class ReducingInner<Input, Failure: Error, Downstream: Subscriber>: OperatorInner<Input, Failure, Downstream>,
  Subscriber, Subscription
{
  /// The answer (`nil`: none), from the moment it is known until it is delivered or dropped.
  private final var answer: Downstream.Input?

  /// Folds one upstream value into the operator's state; called outside the lock, while the
  /// link is open. Calls ``settle(_:)`` when the answer is known early, ``fail(throwing:)`` when
  /// a closure threw.
  ///
  /// Every operator overrides it (Swift has no abstract methods; this base is never used alone).
  func step(_ input: Input) {
    preconditionFailure("\(Self.self) must override step(_:)")
  }

  /// The answer once upstream finished; `nil` delivers only `.finished`. Called once, on the
  /// upstream's delivery path.
  func result() -> Downstream.Input? {
    preconditionFailure("\(Self.self) must override result()")
  }

  func receive(subscription: any Subscription) {
    guard acceptUpstream(subscription) != nil else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
    subscription.request(.unlimited)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    // Behind an upstream that keeps the contract, nothing arrives once this inner has ended: it
    // cancelled the upstream when it settled, completed or was cancelled.
    if upstreamKeepsContract || link.isSubscribed { step(input) }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    // A completion after an early answer is ignored, and leaves the held answer in place.
    guard link.isSubscribed else { return }
    switch completion {
    case .finished:
      end(with: result(), cancellingUpstream: false)
    case .failure(let error):
      guard link.terminate() != nil else { return }
      downstream.receive(completion: .failure(mapFailure(error)))
    }
  }

  func request(_ demand: Subscribers.Demand) {
    // Upstream already has `.unlimited`: a request only releases a held answer.
    guard case .deliverFinalValue = link.requestReleasingFinalValue(demand) else { return }
    deliverAnswer()
  }

  func cancel() {
    // As in Combine, a cancel before the subscription arrives is not remembered: the subscription
    // that comes later is still accepted and asked for `.unlimited`. (Were upstream to subscribe
    // between the two checks, this cancel simply counts as the earlier of the two.)
    guard link.isSubscribed || link.isTerminal else { return }
    let (upstream, droppedAnswer) = link.terminateDroppingFinalValue()
    if droppedAnswer { answer = nil }
    upstream?.cancel()
  }

  // MARK: Reflection

  /// The operator's starting value, as Combine's mirror shows it (`nil` for the operators that
  /// start with none: `first`, `last`, `min`, `max`). Operators that start with one override it.
  var reflectedInitial: Any { Downstream.Input?.none as Any }

  /// Combine's four children: the subscriber, the result, the starting value and the status.
  ///
  /// The running result is confined to the upstream's delivery path, so the mirror, which any
  /// thread may ask for, does not read it: `result` repeats the starting value.
  override var customMirror: Mirror {
    let status = link.isSubscribed ? "subscribed" : link.isTerminal ? "terminal" : "awaitingSubscription"
    let children: [Mirror.Child] = [
      ("downstream", downstream), ("result", reflectedInitial), ("initial", reflectedInitial), ("status", status),
    ]
    return Mirror(self, children: children)
  }

  // MARK: Steps

  /// The answer is known before upstream finished (`nil`: there is none): cancels upstream, and
  /// delivers the answer with `.finished` once downstream has asked.
  final func settle(_ answer: Downstream.Input?) {
    end(with: answer, cancellingUpstream: true)
  }

  /// Cancels upstream and fails downstream with an error a user closure threw; inners pass
  /// closures that throw only when `Downstream.Failure` is `any Error`. Out of line, so that a
  /// step calling it does not look up the failure type on every value.
  @inline(never)
  final func fail(throwing error: any Error) {
    guard let upstream = link.terminate() else { return }
    upstream.cancel()
    downstream.receive(completion: .failure(error as! Downstream.Failure))
  }

  private final func end(with answer: Downstream.Input?, cancellingUpstream: Bool) {
    // Only the upstream's delivery path (this one) moves an open link to a held answer, so once
    // this check passes, `answer` is free until `endHoldingFinalValue()` publishes it. (A step
    // whose closure re-entrantly settled the answer finds the link closed here.)
    guard link.isSubscribed else { return }
    self.answer = answer
    let (admission, upstream) = link.endHoldingFinalValue()
    if cancellingUpstream { upstream?.cancel() }
    switch admission {
    case .closed: self.answer = nil
    case .hold: break
    case .deliver: deliverAnswer()
    }
  }

  private final func deliverAnswer() {
    let answer = self.answer
    self.answer = nil
    if let answer { _ = downstream.receive(answer) }
    downstream.receive(completion: .finished)
  }
}
#endif
