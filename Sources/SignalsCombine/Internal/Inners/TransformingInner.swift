// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// The inner subscriber-and-subscription of the operators that look at each value on its own and
/// may end the stream early: `tryFilter`, `tryCompactMap`, `removeDuplicates`,
/// `tryRemoveDuplicates`, `prefix(while:)`, `tryPrefix(while:)`, `drop(while:)` and
/// `tryDrop(while:)`. It keeps Combine's rules for them:
///
/// - demand passes straight through to upstream; values are not counted against it, so whatever
///   upstream sends within its subscription is looked at and forwarded;
/// - a request for zero values breaks the contract: the process stops with a message that names
///   the violation;
/// - a value, a completion or a request before the subscription arrived also stops the process
///   under ``ContractChecks/strict`` checks, and is ignored under ``ContractChecks/lenient`` ones;
/// - after the end (a completion, a cancel, or the operator finishing early) values and
///   completions are ignored, and a later subscription is cancelled.
///
/// An operator's private `Inner` subclasses it, overrides ``step(_:)`` (and ``description``), and
/// says per value what to do by returning ``send(_:)``, ``skip()``, ``finish(with:)`` or
/// ``fail(throwing:)``.
///
/// Threading: ``step(_:)`` runs on the upstream's serial delivery path, outside the lock, so
/// state that only the step touches needs no lock; state the mirror also shows (the previous value
/// of `removeDuplicates`) does, as any thread may ask for the mirror.
class TransformingInner<Input, Failure: Error, Downstream: Subscriber>: OperatorInner<Input, Failure, Downstream>,
  Subscriber, Subscription
{
  /// How an operator treats events that come before its subscription.
  enum ContractChecks {
    /// A value, completion or request before the subscription stops the process; a cancel before
    /// it ends the operator, which then cancels the subscription when it arrives.
    case strict
    /// Those events are ignored, and a cancel before the subscription leaves the operator open to
    /// it (`drop(while:)`).
    case lenient
  }

  /// How this operator treats events that come before its subscription; `.strict` unless
  /// overridden.
  var contractChecks: ContractChecks { .strict }

  /// Decides what to do with one upstream value and returns the demand for upstream; called
  /// outside the lock. Every operator overrides it.
  func step(_ input: Input) -> Subscribers.Demand {
    preconditionFailure("\(Self.self) must override step(_:)")
  }

  func receive(subscription: any Subscription) {
    guard acceptUpstream(subscription) != nil else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    // An upstream that keeps the contract (a subject's conduit, a sequence, another operator's
    // guarded inner) sends nothing before the subscription or after a cancel, so the phase check
    // would only ever say `.subscribed`: the chain takes no lock of its own per value.
    if upstreamKeepsContract { return step(input) }
    switch link.phase {
    case .subscribed: return step(input)
    case .terminal: return .none
    case .awaitingSubscription:
      precondition(contractChecks == .lenient, "\(description) received a value before its subscription")
      return .none
    }
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    switch link.phase {
    case .subscribed: break
    case .terminal: return
    case .awaitingSubscription:
      precondition(contractChecks == .lenient, "\(description) received a completion before its subscription")
      return
    }
    guard link.terminate() != nil else { return }
    switch completion {
    case .finished: downstream.receive(completion: .finished)
    case .failure(let error): downstream.receive(completion: .failure(mapFailure(error)))
    }
  }

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "\(description) was asked for zero values (a demand must be positive)")
    let (phase, upstream) = link.requestTarget()
    switch phase {
    case .subscribed: upstream?.request(demand)
    case .terminal: return
    case .awaitingSubscription:
      precondition(contractChecks == .lenient, "\(description) was asked for values before its subscription")
    }
  }

  func cancel() {
    switch contractChecks {
    case .strict: link.terminate()?.cancel()
    case .lenient: link.terminateIfSubscribed()?.cancel()
    }
  }

  // MARK: Steps

  /// Delivers the value downstream; the demand downstream returns goes upstream.
  @inline(__always)
  final func send(_ output: Downstream.Input) -> Subscribers.Demand {
    downstream.receive(output)
  }

  /// Leaves the value out and asks upstream for one more (`.max(1)`), so downstream's demand is
  /// not lost.
  @inline(__always)
  final func skip() -> Subscribers.Demand { .max(1) }

  /// Ends the stream from the value path: cancels upstream, then completes downstream.
  final func finish(with completion: Subscribers.Completion<Downstream.Failure>) -> Subscribers.Demand {
    guard let upstream = link.terminate() else { return .none }
    upstream.cancel()
    downstream.receive(completion: completion)
    return .none
  }

  /// ``finish(with:)`` with a failure a user closure threw; inners pass closures that throw only
  /// when `Downstream.Failure` is `any Error`. Out of line, so that a step calling it does not
  /// look up the failure type on every value.
  @inline(never)
  final func fail(throwing error: any Error) -> Subscribers.Demand {
    finish(with: .failure(error as! Downstream.Failure))
  }
}
#endif
