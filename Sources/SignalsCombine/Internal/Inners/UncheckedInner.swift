// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport
/// The inner subscriber-and-subscription of `tryMap`, `tryScan`, `output(in:)`, `handleEvents`,
/// `print`, `encode` and `decode`, with Combine's rules for them (the last four override the
/// completion and cancel paths where Combine's differ):
///
/// - every value upstream sends goes through the closure and downstream, whatever the demand and
///   even before the subscription or after the end: the operator adds no check of its own;
/// - when the closure throws, upstream is cancelled (if it was subscribed) and downstream fails
///   with the error; a later throw fails downstream again for `tryMap`, and is ignored for
///   `tryScan` (``throwAfterEndFails``);
/// - demand is forwarded only while subscribed (a request before the subscription is dropped),
///   and a cancel before the subscription arrives leaves the operator open to it;
/// - a completion from upstream is forwarded while subscribed; `tryMap` then ends, `tryScan` stays
///   open and forwards what follows (``completionEnds``).
///
/// Subclasses override `receive(_:)`, and call ``fail(_:)`` for a thrown error (only when
/// `Downstream.Failure` is `any Error`) or ``finishEarly()``.
class UncheckedInner<Input, Failure: Error, Downstream: Subscriber>: OperatorInner<Input, Failure, Downstream>,
  Subscriber, Subscription
{
  /// Whether a completion from upstream ends the link (`tryMap`), or leaves it open (`tryScan`).
  var completionEnds: Bool { true }

  /// Whether a throw after the end still fails downstream (`tryMap`), or is ignored (`tryScan`).
  var throwAfterEndFails: Bool { true }

  /// Runs the closure on one value and forwards the result; every operator overrides it.
  func receive(_ input: Input) -> Subscribers.Demand {
    preconditionFailure("\(Self.self) must override receive(_:)")
  }

  func receive(subscription: any Subscription) {
    guard link.accept(subscription) != nil else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    if completionEnds {
      guard link.terminateIfSubscribed() != nil else { return }
    } else {
      guard link.phase == .subscribed else { return }
    }
    switch completion {
    case .finished: downstream.receive(completion: .finished)
    case .failure(let error): downstream.receive(completion: .failure(mapFailure(error)))
    }
  }

  func request(_ demand: Subscribers.Demand) {
    let (phase, upstream) = link.requestTarget()
    guard phase == .subscribed else { return }
    upstream?.request(demand)
  }

  func cancel() {
    link.terminateIfSubscribed()?.cancel()
  }

  /// The closure threw: cancels upstream if it was subscribed, and fails downstream.
  @inline(never)
  final func fail(_ error: any Error) -> Subscribers.Demand {
    if let upstream = link.terminateIfSubscribed() {
      upstream.cancel()
    } else if !throwAfterEndFails {
      return .none
    }
    downstream.receive(completion: .failure(error as! Downstream.Failure))
    return .none
  }

  /// Ends the stream from the value path while subscribed: cancels upstream, then finishes
  /// downstream.
  final func finishEarly() -> Subscribers.Demand {
    guard let upstream = link.terminateIfSubscribed() else { return .none }
    upstream.cancel()
    downstream.receive(completion: .finished)
    return .none
  }
}
#endif
