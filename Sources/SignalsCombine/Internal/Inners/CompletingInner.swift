// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// How a ``CompletingInner`` ends when upstream completes.
enum CompletingStep<Failure: Error> {
  /// Forward this completion downstream, with no last value.
  case complete(Subscribers.Completion<Failure>)
  /// Send ``CompletingInner/finalValue()`` as soon as downstream has demand for it, then `.finished`.
  case finishWithFinalValue
}

/// A ``ForwardingInner`` that may send one last value of its own when upstream completes:
/// `replaceError`, `replaceEmpty`, `materialize`'s completion event.
///
/// The last value obeys demand like any other: if downstream has none left when upstream
/// completes, the link holds the value (``UpstreamLink/endHoldingFinalValue()``) and the
/// next `request(_:)` sends it, followed by `.finished`; a `cancel()` meanwhile drops it.
///
/// Threading: ``ending(_:)`` runs on the upstream's serial delivery path. ``finalValue()`` runs
/// once, either there or on the thread whose request released the held value; the link's lock
/// orders it after `ending(_:)`, so state both touch needs no lock of its own.
class CompletingInner<Input, Failure: Error, Downstream: Subscriber>: ForwardingInner<Input, Failure, Downstream> {
  /// Decides how to end when upstream completes; called outside the lock. The default forwards
  /// the completion.
  func ending(_ completion: Subscribers.Completion<Failure>) -> CompletingStep<Downstream.Failure> {
    switch completion {
    case .finished: .complete(.finished)
    case .failure(let error): .complete(.failure(mapFailure(error)))
    }
  }

  /// The last value, read once when it is sent. Every operator that returns
  /// ``CompletingStep/finishWithFinalValue`` from ``ending(_:)`` overrides it.
  func finalValue() -> Downstream.Input {
    preconditionFailure("\(Self.self) must override finalValue()")
  }

  /// The final value is sent or held by the link's demand, so every value must be counted there.
  override var accountsEveryValue: Bool { true }

  override func receive(completion: Subscribers.Completion<Failure>) {
    switch ending(completion) {
    case .complete(let completion):
      guard link.terminate() != nil else { return }
      downstream.receive(completion: completion)
    case .finishWithFinalValue:
      let (admission, released) = link.endHoldingFinalValue()
      withExtendedLifetime(released) {}
      guard case .deliver = admission else { return }
      sendFinalValue()
    }
  }

  override func request(_ demand: Subscribers.Demand) {
    switch link.requestReleasingFinalValue(demand) {
    case .forward(let upstream): upstream.request(demand)
    case .deliverFinalValue: sendFinalValue()
    case .none: break
    }
  }

  /// Sends the last value, then `.finished`.
  final func sendFinalValue() {
    _ = downstream.receive(finalValue())
    downstream.receive(completion: .finished)
  }
}
#endif
