// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The rules of ``AsyncPublisher`` and ``AsyncThrowingPublisher`` iteration, as a plain value.
///
/// One `next()` at a time asks the upstream for exactly one value and parks its continuation until
/// that value (or the completion) arrives. The machine never locks, never resumes a continuation and
/// never calls the upstream: it returns what the storage must do after unlocking.
struct AsyncPublisherStateMachine<Output, Failure: Error> {
  typealias Continuation = UnsafeContinuation<Result<Output?, Failure>, Never>

  private enum State {
    /// The upstream has not sent its subscription yet; `waiting` is a `next()` already parked.
    case awaitingSubscription(waiting: Continuation?)
    /// Subscribed, and no `next()` is waiting.
    case idle(any Subscription)
    /// A `next()` is parked and one value was requested for it.
    case waiting(any Subscription, Continuation)
    /// The upstream completed while no `next()` was waiting; the next call reports it.
    case completed(Subscribers.Completion<Failure>)
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
    /// Resume the parked `next()` with this result.
    case resume(Continuation, Result<Output?, Failure>)
    /// Cancel the subscription and end the parked `next()` with `nil`.
    case cancelAndResume(any Subscription, Continuation)
  }

  private var state = State.awaitingSubscription(waiting: nil)

  /// The upstream sent its subscription.
  mutating func receive(subscription: any Subscription) -> Action {
    switch state {
    case .awaitingSubscription(nil):
      state = .idle(subscription)
      return .none
    case .awaitingSubscription(let continuation?):
      state = .waiting(subscription, continuation)
      return .requestOne(subscription)
    case .idle, .waiting, .completed, .terminal:
      return .cancel(subscription)
    }
  }

  /// A `next()` call parked `continuation`.
  mutating func next(_ continuation: Continuation) -> Action {
    switch state {
    case .awaitingSubscription(nil):
      state = .awaitingSubscription(waiting: continuation)
      return .none
    case .idle(let subscription):
      state = .waiting(subscription, continuation)
      return .requestOne(subscription)
    case .awaitingSubscription(.some), .waiting:
      preconditionFailure("AsyncPublisher.Iterator.next() called while another next() is waiting: \(state)")
    case .completed(.finished):
      state = .terminal
      return .resume(continuation, .success(nil))
    case .completed(.failure(let error)):
      state = .terminal
      return .resume(continuation, .failure(error))
    case .terminal:
      return .resume(continuation, .success(nil))
    }
  }

  /// The upstream sent a value; dropped unless a `next()` is waiting (it was not asked for).
  mutating func receive(_ value: Output) -> Action {
    guard case .waiting(let subscription, let continuation) = state else { return .none }
    state = .idle(subscription)
    return .resume(continuation, .success(value))
  }

  /// The upstream completed.
  mutating func receive(completion: Subscribers.Completion<Failure>) -> Action {
    switch state {
    case .awaitingSubscription(nil), .idle:
      state = .completed(completion)
      return .none
    case .awaitingSubscription(let continuation?), .waiting(_, let continuation):
      state = .terminal
      switch completion {
      case .finished: return .resume(continuation, .success(nil))
      case .failure(let error): return .resume(continuation, .failure(error))
      }
    case .completed, .terminal:
      return .none
    }
  }

  /// The iterating task was cancelled or the iterator was dropped.
  mutating func cancel() -> Action {
    let current = state
    state = .terminal
    switch current {
    case .awaitingSubscription(nil), .completed, .terminal:
      return .none
    case .awaitingSubscription(let continuation?):
      return .resume(continuation, .success(nil))
    case .idle(let subscription):
      return .cancel(subscription)
    case .waiting(let subscription, let continuation):
      return .cancelAndResume(subscription, continuation)
    }
  }
}
