// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

/// The conduit behind `stream()` on a ``PassthroughSubject``: each value is yielded straight into
/// the stream's continuation, with no `StreamSubscriber` (the generic path, in `Signals`) in between and no delivery token.
///
/// A subject takes a subscriber's delivery token around each call so that the subscriber is never
/// called from two threads at once, and gives it back after: two lock round trips per send. A
/// continuation needs neither guarantee. `yield` may be called from several threads at once (the
/// stream orders the values under its own lock), and it never calls back into the subject, because
/// the consumer runs in its own task. So a send delivers to this conduit with no token
/// (``AnySubjectConduit/deliversWithoutToken``): one lock round trip per send, as a hand-written array
/// of continuations under a lock costs.
///
/// - Values sent from one thread arrive in the order they were sent. Values sent from several
///   threads at once arrive in the order their `yield`s ran, which is all a Combine subject promises.
/// - The completion still takes the token. A value racing it is either yielded before `finish()`
///   or dropped by the finished stream: never delivered after the completion.
/// - `CurrentValueSubject` keeps the token-taking `StreamSubscriber`. Its first value, the
///   replayed current value, must come before any value a racing send offers, and only the token
///   orders the two.
/// - The continuation is a `let`, so a cancel never has to wait for a delivery to end. The stream's
///   termination handler, which holds this conduit, cancels it; the conduit and the continuation
///   then go when the subject's list and the handler let go of them.
final class StreamConduit<Output, Failure: Error>: SubjectConduit<Output, Failure>, @unchecked Sendable {
  // Safety: `yield` and `finish` are immutable and `Sendable`; the state inherited from
  // `SubjectConduit` is guarded as it says.
  /// Yields one value into the stream's continuation.
  private let yield: @Sendable (Output) -> Void
  /// Finishes the stream's continuation with the subject's completion.
  private let finish: @Sendable (Subscribers.Completion<Failure>) -> Void

  fileprivate init(
    yield: @escaping @Sendable (Output) -> Void,
    finish: @escaping @Sendable (Subscribers.Completion<Failure>) -> Void,
    storage: SubjectStorage<Output, Failure>,
    owner: AnyObject
  ) {
    self.yield = yield
    self.finish = finish
    super.init(storage: storage, owner: owner, start: .withoutToken)
  }

  /// Never called: the conduit is attached already asking for unlimited values.
  override func deliverSubscription() {}

  @inline(__always)
  override func deliver(_ value: Output) -> Subscribers.Demand {
    yield(value)
    return .none
  }

  override func deliver(completion: Subscribers.Completion<Failure>) {
    finish(completion)
  }

  /// Nothing to release early: the continuation goes with the conduit.
  override func releaseDownstream() {}
}

extension SubjectStorage {
  /// `stream()` on a subject that does not replay (``SubjectAttaching``): attaches a conduit that
  /// calls `yield` with each value, with no delivery token, and `finish` with the completion. The
  /// caller cancels the returned conduit when the stream terminates.
  func attachStream(
    yield: @escaping @Sendable (Output) -> Void,
    finish: @escaping @Sendable (Subscribers.Completion<Failure>) -> Void,
    owner: AnyObject
  ) -> any Cancellable & Sendable {
    let conduit = StreamConduit(yield: yield, finish: finish, storage: self, owner: owner)
    attachAskingForEverything(conduit)
    return conduit
  }
}
#endif
