// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The rules of ``AsyncPublisher`` and ``AsyncThrowingPublisher`` iteration, as a plain value.
///
/// One `next()` at a time asks the upstream for exactly one value and parks its continuation until
/// that value (or the completion) arrives. The machine never locks, never resumes a continuation and
/// never calls the upstream: it returns what the storage must do after unlocking.
///
/// It is not generic, on purpose: the iteration runs as unspecialised generic code in the client,
/// where a generic lock state or action would cost run-time metadata lookups on every value. The
/// parked continuation and a failure's error are kept by the storage, under the same lock; the
/// machine only says whether a continuation is parked and how the sequence ended.
struct AsyncPublisherStateMachine {
  /// How the upstream ended; a failure's error is kept by the storage.
  enum Ending: Equatable {
    case finished
    case failed
  }

  private enum State {
    /// The upstream has not sent its subscription yet; `parked` if a `next()` already waits.
    case awaitingSubscription(parked: Bool)
    /// Subscribed, and no `next()` is waiting.
    case idle(any Subscription)
    /// A `next()` is parked and one value was requested for it.
    case waiting(any Subscription)
    /// The upstream completed while no `next()` was waiting; the next call reports it.
    case completed(Ending)
    /// Completion reported, or cancelled: every `next()` returns `nil`.
    case terminal
  }

  /// What the storage does after unlocking.
  enum Action {
    /// Nothing.
    case none
    /// Ask the subscription for one value.
    case requestOne(any Subscription)
    /// Cancel the subscription (a second subscription, or a cancel).
    case cancel(any Subscription)
    /// Resume the parked continuation with the end, `nil` (the storage takes the continuation out
    /// under the lock).
    case endParked
    /// Cancel the subscription, then resume the parked continuation with `nil`.
    case cancelAndEndParked(any Subscription)
  }

  /// What `next()` does with its continuation.
  enum NextAction {
    /// Park it (the storage keeps it under the lock) and wait for the subscription.
    case park
    /// Park it and ask the subscription for one value.
    case parkAndRequestOne(any Subscription)
    /// Resume it at once with the end.
    case end(Ending)
  }

  private var state = State.awaitingSubscription(parked: false)

  /// The upstream's subscription arrived.
  mutating func receive(subscription: any Subscription) -> Action {
    switch state {
    case .awaitingSubscription(parked: false):
      state = .idle(subscription)
      return .none
    case .awaitingSubscription(parked: true):
      state = .waiting(subscription)
      return .requestOne(subscription)
    case .idle, .waiting, .completed, .terminal:
      return .cancel(subscription)
    }
  }

  /// A `next()` call arrived with its continuation.
  mutating func next() -> NextAction {
    switch state {
    case .awaitingSubscription(parked: false):
      state = .awaitingSubscription(parked: true)
      return .park
    case .idle(let subscription):
      state = .waiting(subscription)
      return .parkAndRequestOne(subscription)
    case .awaitingSubscription(parked: true), .waiting:
      preconditionFailure("AsyncPublisher.Iterator.next() called while another next() is waiting: \(state)")
    case .completed(let ending):
      state = .terminal
      return .end(ending)
    case .terminal:
      return .end(.finished)
    }
  }

  /// The upstream sent a value: whether it goes to the parked `next()` (otherwise it was not
  /// asked for, and is dropped).
  mutating func receiveValue() -> Bool {
    guard case .waiting(let subscription) = state else { return false }
    state = .idle(subscription)
    return true
  }

  /// The upstream completed. `recorded` says whether this completion ends the sequence (the
  /// storage then keeps a failure's error for the `next()` that reports it); a completion after
  /// the end is ignored.
  mutating func receive(completion ending: Ending) -> (action: Action, recorded: Bool) {
    switch state {
    case .awaitingSubscription(parked: false), .idle:
      state = .completed(ending)
      return (.none, true)
    case .awaitingSubscription(parked: true), .waiting:
      state = .terminal
      return (.endParked, true)
    case .completed, .terminal:
      return (.none, false)
    }
  }

  /// The iterator was cancelled or dropped.
  mutating func cancel() -> Action {
    let current = state
    state = .terminal
    switch current {
    case .awaitingSubscription(parked: false), .completed, .terminal:
      return .none
    case .awaitingSubscription(parked: true):
      return .endParked
    case .idle(let subscription):
      return .cancel(subscription)
    case .waiting(let subscription):
      return .cancelAndEndParked(subscription)
    }
  }
}
