// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The subscriber behind ``AsyncPublisher`` and ``AsyncThrowingPublisher``: it locks, asks
/// ``AsyncPublisherStateMachine`` what to do, unlocks, then acts.
///
/// The machine is not generic; the parked continuations (`oldest`, then `queued`) and a failure's
/// error (`failure`) live here and are touched only while holding the machine's lock. A value is
/// handed straight from `receive(_:)` to the continuation it takes out; the queue is touched only
/// when several calls wait at once, so the one-waiter path looks up no run-time metadata.
final class AsyncPublisherStorage<Output: Sendable, Failure: Error>: Subscriber, Cancellable,
  CustomStringConvertible
{
  typealias Input = Output
  private typealias Continuation = UnsafeContinuation<Output?, Never>
  /// A parked `next()`: its continuation and its ticket, the number that says which call owns a
  /// failure.
  private typealias Parked = (continuation: Continuation, ticket: Int)

  private let machine = LockedState.make(AsyncPublisherStateMachine())
  /// The oldest parked `next()`; set and taken only under `machine`'s lock.
  @exclusivity(unchecked) private var oldest: Parked?
  /// The `next()` calls parked behind `oldest`, oldest first (only when several tasks share one
  /// iterator); touched only under `machine`'s lock, and only when the machine says so.
  @exclusivity(unchecked) private var queued: [Parked] = []
  /// The ticket the next `next()` gets; under `machine`'s lock.
  @exclusivity(unchecked) private var nextTicket = 0
  /// The upstream's failure and the ticket of the `next()` that reports it (`nil`: the next call
  /// to come); written under `machine`'s lock before that call is resumed (or runs).
  @exclusivity(unchecked) private var failure: (error: Failure, owner: Int?)?

  var description: String { "AsyncPublisher" }

  /// Waits for the next value: `nil` after completion or cancellation, or with the upstream's
  /// failure thrown to the one call that reports it. Several calls may wait at once; values
  /// resume them in the order they called.
  func next() async throws(Failure) -> Output? {
    var ticket = 0
    let value = await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: Continuation) in
        let action = machine.withLock { machine in
          ticket = nextTicket
          nextTicket &+= 1
          let action = machine.next()
          switch action {
          case .park(let behind), .parkAndRequestOne(_, let behind):
            if behind {
              queued.append((continuation, ticket))
            } else {
              oldest = (continuation, ticket)
            }
          case .end(.failed):
            if failure != nil, failure?.owner == nil { failure?.owner = ticket }
          case .end(.finished):
            break
          }
          return action
        }
        switch action {
        case .park: break
        case .parkAndRequestOne(let subscription, _): subscription.request(.max(1))
        case .end: continuation.resume(returning: nil)
        }
      }
    } onCancel: {
      cancel()
    }
    if value == nil, let error = takeFailure(ticket: ticket) { throw error }
    return value
  }

  /// The upstream's failure, if the call with `ticket` is the one that reports it.
  private func takeFailure(ticket: Int) -> Failure? {
    machine.withLock { _ in
      guard let owned = failure, owned.owner == ticket else { return nil }
      failure = nil
      return owned.error
    }
  }

  func receive(subscription: any Subscription) {
    update { $0.receive(subscription: subscription) }
  }

  func receive(_ input: Output) -> Subscribers.Demand {
    var continuation: Continuation?
    var ended: [Parked] = []
    machine.withLock { machine in
      switch machine.receiveValue() {
      case .resumeOldest(let more):
        continuation = oldest?.continuation
        oldest = more ? queued.removeFirst() : nil
      case .dropAndEndParked:
        ended = takeAllParked()
      case .drop:
        break
      }
    }
    continuation?.resume(returning: input)
    for parked in ended { parked.continuation.resume(returning: nil) }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished:
      update { $0.receive(completion: .finished).action }
    case .failure(let error):
      update { machine in
        let (action, recorded) = machine.receive(completion: .failed)
        if recorded {
          // The oldest parked call reports it; with none parked, the next call to come.
          failure = (error, oldest?.ticket)
        }
        return action
      }
    }
  }

  func cancel() {
    update { $0.cancel() }
  }

  /// Every parked call, oldest first; called under the lock.
  private func takeAllParked() -> [Parked] {
    var all = queued
    queued = []
    if let first = oldest {
      all.insert(first, at: 0)
      oldest = nil
    }
    return all
  }

  /// Runs a transition under the lock (taking the parked calls out if the action resumes them),
  /// then acts on it after unlocking.
  private func update(_ transition: (inout AsyncPublisherStateMachine) -> AsyncPublisherStateMachine.Action) {
    var ended: [Parked] = []
    let action = machine.withLock { machine in
      let action = transition(&machine)
      switch action {
      case .endParked, .cancelAndEndParked: ended = takeAllParked()
      case .none, .request, .cancel: break
      }
      return action
    }
    switch action {
    case .none, .endParked:
      break
    case .request(let subscription, let demand):
      subscription.request(demand)
    case .cancel(let subscription), .cancelAndEndParked(let subscription):
      subscription.cancel()
    }
    for parked in ended { parked.continuation.resume(returning: nil) }
  }
}

// Safety: the machine is a `LockedState`; `oldest`, `queued`, `nextTicket` and `failure` are only
// touched while holding its lock.
extension AsyncPublisherStorage: @unchecked Sendable {}

/// Cancels the subscription when the last copy of an iterator goes away, so leaving a
/// `for await` loop early frees the upstream.
final class AsyncPublisherLifetime<Output: Sendable, Failure: Error>: Sendable {
  let storage: AsyncPublisherStorage<Output, Failure>

  init(_ storage: AsyncPublisherStorage<Output, Failure>) {
    self.storage = storage
  }

  deinit {
    storage.cancel()
  }
}
