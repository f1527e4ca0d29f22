// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport

/// The subscriber behind ``AsyncPublisher`` and ``AsyncThrowingPublisher``: it locks, asks
/// ``AsyncPublisherStateMachine`` what to do, unlocks, then acts.
///
/// The machine is not generic; the parked continuations (`oldestContinuation`, then `queued`) and
/// a failure's error (`failure`) live here and are touched only while holding the machine's lock.
/// A value is handed straight from `receive(_:)` to the continuation it takes out. The oldest
/// parked call is kept in two plain fields rather than a tuple, and the queue and the list of calls
/// to end are reached only out of line, when several calls wait at once or a value comes before the
/// subscription: the one-waiter path makes no value of a type built from `Output` (a tuple or an
/// array of them), so it looks up no run-time metadata.
final class AsyncPublisherStorage<Output: Sendable, Failure: Error>: Subscriber, Cancellable,
  CustomStringConvertible
{
  typealias Input = Output
  private typealias Continuation = UnsafeContinuation<Output?, Never>
  /// A parked `next()`: its continuation and its ticket, the number that says which call owns a
  /// failure.
  private typealias Parked = (continuation: Continuation, ticket: Int)

  private let machine = LockedState.make(AsyncPublisherStateMachine())
  /// The oldest parked `next()`'s continuation, and its ticket; set and taken only under
  /// `machine`'s lock.
  @exclusivity(unchecked) private var oldestContinuation: Continuation?
  @exclusivity(unchecked) private var oldestTicket = 0
  /// The parked calls a value before the subscription ends, between taking them out under the
  /// lock and resuming them after it; touched only under `machine`'s lock.
  @exclusivity(unchecked) private var ending: [Parked] = []
  /// The `next()` calls parked behind the oldest, oldest first (only when several tasks share one
  /// iterator); touched only under `machine`'s lock, and only when the machine says so.
  @exclusivity(unchecked) private var queued: [Parked] = []
  /// The ticket the next `next()` gets; under `machine`'s lock.
  @exclusivity(unchecked) private var nextTicket = 0
  /// The upstream's failure and the ticket of the `next()` that reports it (`nil`: the next call
  /// to come); written under `machine`'s lock before that call is resumed (or runs).
  @exclusivity(unchecked) private var failure: (error: Failure, owner: Int?)?

  var description: String { "AsyncPublisher" }

  /// Waits for the next value: `nil` after completion or cancellation. Several calls may wait at
  /// once; values resume them in the order they called. `ticket` is set to this call's number:
  /// after a `nil`, ``takeFailure(ticket:)`` says whether this call reports the upstream's failure.
  ///
  /// Not `throws(Failure)`: a typed-throwing async function looks up the failure's metadata on
  /// every call, and most iterations never fail; the throwing iterator asks after a `nil` instead.
  func next(ticket: inout Int) async -> Output? {
    var taken = 0
    let value = await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: Continuation) in
        let action = machine.withLock { machine in
          let ticket = nextTicket
          taken = ticket
          nextTicket &+= 1
          let action = machine.next()
          switch action {
          case .park(let behind), .parkAndRequestOne(_, let behind):
            if behind {
              enqueue(continuation, ticket: ticket)
            } else {
              oldestContinuation = continuation
              oldestTicket = ticket
            }
          case .end(.failed):
            claimFailure(ticket: ticket)
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
    ticket = taken
    return value
  }

  /// The upstream's failure, if the call with `ticket` is the one that reports it.
  func takeFailure(ticket: Int) -> Failure? {
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
    var endsParked = false
    machine.withLock { machine in
      switch machine.receiveValue() {
      case .resumeOldest(let more):
        continuation = oldestContinuation
        oldestContinuation = nil
        if more { promoteQueued() }
      case .dropAndEndParked:
        ending = takeAllParked()
        endsParked = true
      case .drop:
        break
      }
    }
    continuation?.resume(returning: input)
    if endsParked { resumeEnding() }
    return .none
  }

  /// Parks a call behind the oldest; called under the lock. Out of line, as every use of the queue
  /// is: the one-waiter path then makes no value of a type built from `Output`.
  @inline(never)
  private func enqueue(_ continuation: Continuation, ticket: Int) {
    queued.append((continuation, ticket))
  }

  /// The call with `ticket` reports a failure nobody was waiting for; called under the lock.
  @inline(never)
  private func claimFailure(ticket: Int) {
    if failure != nil, failure?.owner == nil { failure?.owner = ticket }
  }

  /// Makes the first queued call the oldest; called under the lock.
  @inline(never)
  private func promoteQueued() {
    let next = queued.removeFirst()
    oldestContinuation = next.continuation
    oldestTicket = next.ticket
  }

  /// Resumes with `nil` the calls a value before the subscription ended.
  @inline(never)
  private func resumeEnding() {
    let ended = machine.withLock { _ in
      defer { ending = [] }
      return ending
    }
    for parked in ended { parked.continuation.resume(returning: nil) }
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
          failure = (error, oldestContinuation != nil ? oldestTicket : nil)
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
    if let first = oldestContinuation {
      all.insert((first, oldestTicket), at: 0)
      oldestContinuation = nil
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

// Safety: the machine is a `LockedState`; `oldestContinuation`, `oldestTicket`, `queued`, `ending`,
// `nextTicket` and `failure` are only touched while holding its lock.
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
#endif
