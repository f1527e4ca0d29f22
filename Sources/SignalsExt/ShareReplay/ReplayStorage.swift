// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport

/// The engine of ``ReplaySubject``: a ``ReplayStateMachine`` behind one lock, with the last values,
/// the failure and the live subscribers beside it under the same lock; every subscriber, offer
/// and completion is acted on after unlocking.
///
/// Each subscriber is a ``DemandBuffer`` (its own lossless queue), so the storage only decides who
/// receives what: a new subscriber gets the replay and is listed at the same moment, so every
/// value sent is either in its replay or delivered to it live — never both, never neither. The
/// per-value path builds no generic type (Internals, rule 9): the last values live in a
/// `RecentValues`, not a queue of optionals.
final class ReplayStorage<Output, Failure: Error> {
  private let state = LockedState.make(ReplayStateMachine())
  // Guarded by `state`'s lock: read and written only inside `state.withLock` (and in `deinit`).
  /// The last `bufferSize` values, oldest first.
  private var recent: RecentValues<Output>
  /// The failure, once the machine's ending is `.failure`.
  private var failure = ValueSlot<Failure>()
  /// The live subscribers, in subscription order; none once the subject has completed.
  private var subscribers: ContiguousArray<DemandBuffer<Output, Failure>> = []

  init(bufferSize: Int) {
    precondition(bufferSize >= 0, "ReplaySubject(bufferSize: \(bufferSize)): the size must not be negative")
    recent = RecentValues(limit: bufferSize)
  }

  deinit {
    recent.release()
    failure.release()
  }

  /// Attaches `subscriber` with its own lossless buffer: the replay first, then live values.
  func subscribe<S: Subscriber>(_ subscriber: S, owner: AnyObject) where S.Input == Output, S.Failure == Failure {
    let subscription = DemandBufferSubscription(downstream: subscriber, description: "ReplaySubject")
    let id = ObjectIdentifier(subscription)
    // Listing the subscriber and copying the replay happen under one lock: each value sent is in
    // the replay or reaches the subscriber live, exactly once. Live values that arrive before the
    // replay is loaded wait behind it (the subscribing thread holds the delivery token).
    let (values, completion) = state.withLock { machine -> ([Output], Subscribers.Completion<Failure>?) in
      switch machine.ending {
      case nil:
        subscribers.append(subscription)
        return (recent.elements, nil)
      case .finished:
        return (recent.elements, .finished)
      case .failure:
        return (recent.elements, .failure(failure.value))
      }
    }
    subscription.preload(values, completion: completion)
    // The subscription keeps the subject alive until it ends, as a subject's subscriptions do.
    subscription.onEnd { [self, owner] in
      withExtendedLifetime(owner) {}
      remove(id)
    }
    subscription.start()
  }

  func send(_ value: Output) {
    // Holds the value that falls out of the replay buffer, released after unlocking.
    var evicted = value
    var offer: ContiguousArray<DemandBuffer<Output, Failure>>?
    state.withLock { machine in
      guard machine.isAccepting else { return }
      _ = recent.push(&evicted)
      offer = subscribers
    }
    withExtendedLifetime(evicted) {}
    guard let offer else { return }
    for subscriber in offer { subscriber.send(value) }
  }

  func send(completion: Subscribers.Completion<Failure>) {
    let ending: ReplayStateMachine.Ending
    if case .failure = completion { ending = .failure } else { ending = .finished }
    let completing = state.withLock { machine -> ContiguousArray<DemandBuffer<Output, Failure>>? in
      guard machine.complete(ending) else { return nil }
      if case .failure(let error) = completion { failure.store(error) }
      defer { subscribers = [] }
      return subscribers
    }
    for subscriber in completing ?? [] { subscriber.send(completion: completion) }
  }

  func send(subscription: any Subscription) {
    switch state.withLock({ $0.receivedUpstream(subscription) }) {
    case .cancel: subscription.cancel()
    case .requestUnlimited: subscription.request(.unlimited)
    }
  }

  /// Cancels the upstream subscriptions when the owning subject goes away.
  func cancelUpstreams() {
    for upstream in state.withLock({ $0.takeUpstreams() }) { upstream.cancel() }
  }

  /// A subscriber's subscription ended: it is no longer listed.
  private func remove(_ id: ObjectIdentifier) {
    let removed = state.withLock { _ -> DemandBuffer<Output, Failure>? in
      guard let index = subscribers.firstIndex(where: { ObjectIdentifier($0) == id }) else { return nil }
      return subscribers.remove(at: index)
    }
    withExtendedLifetime(removed) {}
  }
}

// Safety: the mutable state is `state`, a `LockedState`, and the fields beside it, which are
// touched only inside `state.withLock` (and in `deinit`).
extension ReplayStorage: @unchecked Sendable {}
