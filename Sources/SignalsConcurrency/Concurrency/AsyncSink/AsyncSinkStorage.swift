// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

/// The subscriber behind ``Publisher/asyncSink(priority:receiveCompletion:receiveValue:)``.
///
/// It asks for unlimited values and yields each one into an unbounded `AsyncStream` that one task
/// reads and hands to the closures, one at a time. So nothing is lost while a closure awaits, and
/// order is the publisher's. The completion waits in the ``AsyncSinkHandoff`` until the stream
/// ends, as do the work tickets of values sent while a `WorkTracker` is current (tests only).
///
/// The stream carries the values themselves, not an enum of events: a generic enum, with a
/// value-and-ticket tuple in a case, cost a run-time metadata lookup per value (Internals, rule 9).
///
/// Shared state is the subscription (guarded by the lock, as a ``SubscriptionStatus``) and the
/// handoff (its own lock); the task handle and the continuation are immutable. Cancelling cancels
/// the subscription and the task: the closure in flight sees `Task.isCancelled`, and the task
/// processes nothing after it.
final class AsyncSinkStorage<Input: Sendable, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible {
  private let status = LockedState.make(SubscriptionStatus.awaitingSubscription)
  private let continuation: AsyncStream<Input>.Continuation
  private let handoff = AsyncSinkHandoff<Failure>()
  private let task: Task<Void, Never>
  /// How many values were yielded to the task. Touched only on the upstream's serial delivery
  /// path (`receive(_:)`).
  @exclusivity(unchecked) private var sent = 0

  init(
    priority: TaskPriority?,
    receiveCompletion: @escaping @Sendable (Subscribers.Completion<Failure>) async -> Void,
    receiveValue: @escaping @Sendable (Input) async -> Void
  ) {
    let (values, continuation) = AsyncStream.makeStream(of: Input.self)
    self.continuation = continuation
    let handoff = handoff
    task = Task(priority: priority) {
      var received = 0
      for await value in values {
        // A cancelled task stops at once, even with values still buffered.
        guard !Task.isCancelled else { return }
        received += 1
        if let ticket = handoff.ticket(forValue: received) {
          await WorkTicket.perform(ticket) { await receiveValue(value) }
        } else {
          await receiveValue(value)
        }
      }
      guard !Task.isCancelled, let (completion, ticket) = handoff.takeEnding() else { return }
      await WorkTicket.perform(ticket) { await receiveCompletion(completion) }
    }
  }

  var description: String { "AsyncSink" }

  func receive(subscription: any Subscription) {
    let accepted = status.withLock { $0.accept(subscription) }
    if accepted {
      subscription.request(.unlimited)
    } else {
      subscription.cancel()
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    sent += 1
    // Handed over before the value, so the task finds the ticket when the value arrives.
    if let ticket = WorkTracker.begin() { handoff.track(ticket, forValue: sent) }
    continuation.yield(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let isFirst = status.withLock { status -> Bool in
      defer { status = .terminal }
      return !status.isTerminal
    }
    guard isFirst else { return }
    handoff.end(with: completion, ticket: WorkTracker.begin())
    continuation.finish()
  }

  /// Cancels the subscription and the task; the closure in flight sees `Task.isCancelled`.
  func cancel() {
    let subscription = status.withLock { status -> (any Subscription)? in
      defer { status = .terminal }
      return status.subscription
    }
    subscription?.cancel()
    task.cancel()
    continuation.finish()
    handoff.close()
  }
}

// Safety: the mutable state is `status`, a `LockedState`, the handoff (which guards its own), and
// `sent`, touched only on the upstream's serial delivery path; the continuation and the task
// handle are immutable and `Sendable`.
extension AsyncSinkStorage: @unchecked Sendable {}

/// What ``AsyncSinkStorage`` hands its task beside the stream of values: the upstream's completion
/// with its work ticket, and the tickets of values sent while a `WorkTracker` was current, each
/// with the number of its value (the task counts the values it receives).
///
/// Its lock guards a non-generic ``AsyncSinkTickets`` and the completion's slot, so the task's
/// per-value question (`ticket(forValue:)`) looks no generic type up.
final class AsyncSinkHandoff<Failure: Error>: @unchecked Sendable {
  // Safety: the mutable state is `tickets`, a `LockedState`, and `completion`, guarded by its lock.
  private let tickets = LockedState.make(AsyncSinkTickets())
  /// The upstream's completion, until the task takes it. Guarded by `tickets`' lock.
  @exclusivity(unchecked) private var completion = ValueSlot<Subscribers.Completion<Failure>>()

  init() {}

  deinit {
    completion.release()
  }

  /// Value number `value` carries `ticket` (dropped at once after ``close()``).
  func track(_ ticket: WorkTicket, forValue value: Int) {
    let dropped = tickets.withLock { $0.track(ticket, forValue: value) }
    // Released here, after unlocking.
    withExtendedLifetime(dropped) {}
  }

  /// The ticket of value number `value`, if it has one; asked once per value, in order.
  func ticket(forValue value: Int) -> WorkTicket? {
    tickets.withLock { $0.take(forValue: value) }
  }

  /// The upstream completed with `completion`, counted by `ticket`.
  func end(with completion: Subscribers.Completion<Failure>, ticket: WorkTicket?) {
    let dropped = tickets.withLock { tickets -> WorkTicket? in
      guard !tickets.isClosed else { return ticket }
      self.completion.store(completion)
      tickets.ending = ticket
      return nil
    }
    withExtendedLifetime(dropped) {}
  }

  /// The completion and its ticket, once, after the stream ended; `nil` after ``close()``.
  @inline(never)
  func takeEnding() -> (Subscribers.Completion<Failure>, WorkTicket?)? {
    tickets.withLock { tickets -> (Subscribers.Completion<Failure>, WorkTicket?)? in
      guard completion.isFilled else { return nil }
      defer { tickets.ending = nil }
      return (completion.take(), tickets.ending)
    }
  }

  /// Cancelled: releases the completion and every ticket not handed out (after unlocking), and
  /// drops those tracked later.
  @inline(never)
  func close() {
    var released: Subscribers.Completion<Failure>?
    let dropped = tickets.withLock { tickets in
      if completion.isFilled { released = completion.take() }
      return tickets.close()
    }
    withExtendedLifetime((released, dropped)) {}
  }
}

/// The tickets of ``AsyncSinkHandoff``: a plain value, not generic.
struct AsyncSinkTickets {
  /// Each tracked value's number and ticket, oldest first, from `head` on.
  private var tracked: ContiguousArray<(value: Int, ticket: WorkTicket)> = []
  private var head = 0
  /// The completion's ticket.
  var ending: WorkTicket?
  /// Cancelled: tickets are no longer kept.
  private(set) var isClosed = false

  /// Keeps `ticket` for value number `value`; returns it when closed, for the caller to drop.
  mutating func track(_ ticket: WorkTicket, forValue value: Int) -> WorkTicket? {
    guard !isClosed else { return ticket }
    tracked.append((value, ticket))
    return nil
  }

  /// The ticket of value number `value`, taken out, if it has one.
  mutating func take(forValue value: Int) -> WorkTicket? {
    guard head < tracked.count, tracked[head].value == value else { return nil }
    let ticket = tracked[head].ticket
    head += 1
    if head == tracked.count {
      tracked.removeAll(keepingCapacity: true)
      head = 0
    }
    return ticket
  }

  /// Closes; returns every ticket kept, for the caller to release.
  mutating func close() -> ContiguousArray<WorkTicket> {
    isClosed = true
    var released = ContiguousArray(tracked[head...].map(\.ticket))
    if let ending { released.append(ending) }
    (tracked, head, ending) = ([], 0, nil)
    return released
  }
}
