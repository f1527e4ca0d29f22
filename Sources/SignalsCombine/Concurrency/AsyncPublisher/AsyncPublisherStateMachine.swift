// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// The rules of ``AsyncPublisher`` and ``AsyncThrowingPublisher`` iteration, as a plain value.
///
/// Each `next()` asks the upstream for exactly one value and parks its continuation until a value
/// (or the completion) arrives. Several `next()` calls may wait at once (from tasks sharing one
/// iterator, as Combine allows): they are queued, and values resume them in order. The machine
/// never locks, never resumes a continuation and never calls the upstream: it returns what the
/// storage must do after unlocking.
///
/// It is not generic, on purpose: the iteration runs as unspecialised generic code in the client,
/// where a generic lock state or action would cost run-time metadata lookups on every value. The
/// parked continuations (in arrival order) and a failure's error are kept by the storage, under the
/// same lock; the machine only counts the parked calls and says how the sequence ended.
struct AsyncPublisherStateMachine {
  /// How the upstream ended; a failure's error is kept by the storage.
  enum Ending: Equatable {
    case finished
    case failed
  }

  private enum State {
    /// The upstream has not sent its subscription yet. `parked` calls wait; `owed` is the demand
    /// they asked for, requested at once when the subscription arrives (a value sent before the
    /// subscription ends the parked calls but, as in Combine, leaves the demand owed).
    case awaitingSubscription(parked: Int, owed: Subscribers.Demand)
    /// Subscribed; `parked` calls wait, and one value was requested for each.
    case subscribed(any Subscription, parked: Int)
    /// The upstream completed while no `next()` was waiting; the next call reports it.
    case completed(Ending)
    /// Completion reported, or cancelled: every `next()` returns `nil`.
    case terminal
  }

  /// What the storage does after unlocking.
  enum Action {
    /// Nothing.
    case none
    /// Ask the subscription for `demand` values (the calls that waited for it).
    case request(any Subscription, Subscribers.Demand)
    /// Cancel the subscription (a second subscription, or a cancel).
    case cancel(any Subscription)
    /// Resume the oldest parked call with the end (a failure's error for the throwing form), and
    /// every other parked call with `nil` (the storage takes them out under the lock).
    case endParked(Ending)
    /// Cancel the subscription, then resume every parked call with `nil`.
    case cancelAndEndParked(any Subscription)
  }

  /// What `next()` does with its continuation.
  enum NextAction {
    /// Park it (the storage queues it under the lock) and wait for the subscription. `behind`:
    /// other calls are already parked, so it queues behind them.
    case park(behind: Bool)
    /// Park it and ask the subscription for one value.
    case parkAndRequestOne(any Subscription, behind: Bool)
    /// Resume it at once with the end.
    case end(Ending)
  }

  /// What a value does.
  enum ValueAction: Equatable {
    /// Resume the oldest parked call with it; `more`: other calls stay parked behind it.
    case resumeOldest(more: Bool)
    /// Drop it, and resume every parked call with `nil` (a value before the subscription).
    case dropAndEndParked
    /// Drop it (a value after the end).
    case drop
  }

  private var state = State.awaitingSubscription(parked: 0, owed: .none)

  init() {}

  /// The upstream's subscription arrived.
  mutating func receive(subscription: any Subscription) -> Action {
    switch state {
    case .awaitingSubscription(let parked, let owed):
      state = .subscribed(subscription, parked: parked)
      return owed > 0 ? .request(subscription, owed) : .none
    case .subscribed, .completed, .terminal:
      return .cancel(subscription)
    }
  }

  /// A `next()` call arrived.
  mutating func next() -> NextAction {
    switch state {
    case .awaitingSubscription(let parked, let owed):
      state = .awaitingSubscription(parked: parked + 1, owed: owed + 1)
      return .park(behind: parked > 0)
    case .subscribed(let subscription, let parked):
      state = .subscribed(subscription, parked: parked + 1)
      return .parkAndRequestOne(subscription, behind: parked > 0)
    case .completed(let ending):
      state = .terminal
      return .end(ending)
    case .terminal:
      return .end(.finished)
    }
  }

  /// A value arrived.
  mutating func receiveValue() -> ValueAction {
    switch state {
    case .subscribed(let subscription, let parked):
      precondition(parked > 0, "AsyncPublisher: received a value that no next() requested")
      state = .subscribed(subscription, parked: parked - 1)
      return .resumeOldest(more: parked > 1)
    case .awaitingSubscription(_, let owed):
      state = .awaitingSubscription(parked: 0, owed: owed)
      return .dropAndEndParked
    case .completed, .terminal:
      return .drop
    }
  }

  /// The upstream completed. `recorded`: this is the first completion, so the storage keeps a
  /// failure's error (for the oldest parked call, or for the next call if none is parked).
  mutating func receive(completion ending: Ending) -> (action: Action, recorded: Bool) {
    switch state {
    case .awaitingSubscription(let parked, _), .subscribed(_, let parked):
      if parked > 0 {
        state = .terminal
        return (.endParked(ending), true)
      }
      state = .completed(ending)
      return (.none, true)
    case .completed, .terminal:
      return (.none, false)
    }
  }

  /// The iterator was cancelled or released. A completion not yet reported is dropped.
  mutating func cancel() -> Action {
    let current = state
    state = .terminal
    switch current {
    case .awaitingSubscription(let parked, _):
      return parked > 0 ? .endParked(.finished) : .none
    case .subscribed(let subscription, let parked):
      return parked > 0 ? .cancelAndEndParked(subscription) : .cancel(subscription)
    case .completed, .terminal:
      return .none
    }
  }
}
#endif
