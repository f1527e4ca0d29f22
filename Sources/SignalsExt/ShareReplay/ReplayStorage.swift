// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport

/// The engine of ``ReplaySubject``: a ``ReplayStateMachine`` behind one lock; every subscriber,
/// offer and completion is acted on after unlocking.
final class ReplayStorage<Output, Failure: Error> {
  private let state: LockedState<ReplayStateMachine<Output, Failure>>

  init(bufferSize: Int) {
    state = .make(ReplayStateMachine(bufferSize: bufferSize))
  }

  /// Attaches `subscriber` with its own lossless buffer: the replay first, then live values.
  func subscribe<S: Subscriber>(_ subscriber: S, owner: AnyObject) where S.Input == Output, S.Failure == Failure {
    let subscription = DemandBufferSubscription(downstream: subscriber, description: "ReplaySubject")
    let id = ObjectIdentifier(subscription)
    // Listing the subscriber and copying the replay happen under one lock: each value sent is in
    // the replay or reaches the subscriber live, exactly once. Live values that arrive before the
    // replay is loaded wait behind it (the subscribing thread holds the delivery token).
    let replay = state.withLock { $0.subscribe(subscription) }
    subscription.preload(replay.values, completion: replay.completion)
    // The subscription keeps the subject alive until it ends, as a subject's subscriptions do.
    subscription.onEnd { [self, owner] in
      withExtendedLifetime(owner) {}
      state.withLock { $0.remove(id) }
    }
    subscription.start()
  }

  func send(_ value: Output) {
    switch state.withLock({ $0.send(value) }) {
    case .ignore:
      return
    case .offer(let subscribers, let evicted):
      withExtendedLifetime(evicted) {}
      for subscriber in subscribers { subscriber.send(value) }
    }
  }

  func send(completion: Subscribers.Completion<Failure>) {
    guard let subscribers = state.withLock({ $0.complete(completion) }) else { return }
    for subscriber in subscribers { subscriber.send(completion: completion) }
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
}

// Safety: the only mutable state is `state`, a `LockedState`.
extension ReplayStorage: @unchecked Sendable {}
