// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport

/// The delivery rules for one subscriber that must not lose a value: values wait in a queue until
/// the subscriber asks for them, and the completion follows the last queued value.
///
/// Used by `AnyPublisher.create` (values pushed by a callback API at any time, from any thread)
/// and by `ReplaySubject` (a late subscriber's replayed values, then live ones).
///
/// The machine never locks, never calls out and holds no value: it is not generic (Internals,
/// rule 9: the subscription runs unspecialised, where a generic state is looked up in the runtime
/// on every use). It counts the values that wait; the values themselves, and a failure, live in
/// ``DemandBufferSubscription``'s queue and slot under the same lock, and each decision says what
/// to do with them.
///
/// Serial delivery uses a *delivery token*: the caller that is told to deliver (``SendDecision/deliver``,
/// ``Delivery/deliverQueued`` or ``Delivery/complete(_:)``) holds it, calls the subscriber, and
/// (after a value) calls ``finishDelivery(adding:)``, which hands out the next queued value or
/// gives the token back. Anything that happens meanwhile — a value from another thread, a request
/// or a send from inside `receive(_:)` — only updates the queue and the demand; the holder picks it
/// up. So the subscriber is never called twice at once and a re-entrant call never nests.
struct DemandBufferStateMachine {
  /// The completion decided.
  enum Ending: Equatable {
    /// `.finished`.
    case finished
    /// `.failure`, whose error the subscription keeps.
    case failure
  }

  /// What ``send()`` asks the subscription to do with the value.
  enum SendDecision: Equatable {
    /// Append it to the queue, for a later delivery.
    case queue
    /// Deliver it now; the caller holds the token and then calls ``finishDelivery(adding:)``.
    case deliver
    /// The subscription has ended or is completing: release it, deliver nothing.
    case drop
  }

  /// What the caller does after an event.
  enum Delivery: Equatable {
    /// Nothing now.
    case none
    /// Take the oldest value of the queue and deliver it; the caller holds the token and then
    /// calls ``finishDelivery(adding:)``.
    case deliverQueued
    /// Deliver this completion; the subscription has ended and the token is never given back.
    case complete(Ending)
  }

  /// Values waiting in the subscription's queue for demand.
  private(set) var queued = 0
  /// Values the subscriber asked for and has not received.
  private(set) var demand: Subscribers.Demand = .none
  /// A completion waiting for the queue to drain.
  private(set) var pendingEnding: Ending?
  /// Who delivers: the one serial-delivery primitive. Deliveries follow the queue and demand, so
  /// the token is taken with `acquire()` and given back with `next()`, owing nothing by count.
  private var token = SerialDelivery(.queued)
  /// Cancelled or completed: nothing more is delivered.
  private(set) var isTerminated = false

  /// A new subscriber. The subscribing caller starts out holding the token, so nothing is
  /// delivered before the subscriber has its subscription; it calls ``finishDelivery(adding:)``
  /// once it has handed it over.
  init() {
    _ = token.acquire()
  }

  /// `count` values (then `ending`, if any) were put ahead of everything queued so far. Only while
  /// the subscribing caller still holds the token, before the subscriber has its subscription.
  mutating func preload(_ count: Int, ending: Ending?) {
    precondition(token.isDelivering && !isTerminated, "preload after the subscription started")
    queued += count
    if let ending { pendingEnding = ending }
  }

  /// A value was sent.
  mutating func send() -> SendDecision {
    guard !isTerminated, pendingEnding == nil else { return .drop }
    guard demand > 0, queued == 0, token.acquire() else {
      queued += 1
      return .queue
    }
    demand -= 1
    return .deliver
  }

  /// The source completed; delivered once every queued value has been. Returns `nil` when the
  /// completion is ignored (the subscription ended, or a completion was already decided).
  mutating func complete(_ ending: Ending) -> Delivery? {
    guard !isTerminated, pendingEnding == nil else { return nil }
    pendingEnding = ending
    return token.isDelivering ? Delivery.none : next()
  }

  /// The subscriber asked for `additional` more values.
  mutating func request(_ additional: Subscribers.Demand) -> Delivery {
    guard !isTerminated else { return .none }
    demand += additional
    return token.isDelivering ? .none : next()
  }

  /// The token holder's delivery returned `additional` demand: hands out the next value or the
  /// completion, or gives the token back (``Delivery/none``).
  mutating func finishDelivery(adding additional: Subscribers.Demand) -> Delivery {
    _ = token.next()  // owes nothing by count: gives the token back; next() below may take it again
    guard !isTerminated else { return .none }
    demand += additional
    return next()
  }

  /// The subscriber cancelled: returns `true` if this ended the subscription (the queued values
  /// are then released after unlocking), `false` if it had already ended.
  mutating func cancel() -> Bool {
    guard !isTerminated else { return false }
    isTerminated = true
    token.close()
    pendingEnding = nil
    queued = 0
    return true
  }

  /// Takes the token for the next queued value (if demanded) or the completion (once the queue
  /// is empty).
  private mutating func next() -> Delivery {
    if demand > 0, queued > 0 {
      demand -= 1
      queued -= 1
      _ = token.acquire()
      return .deliverQueued
    }
    if queued == 0, let ending = pendingEnding {
      pendingEnding = nil
      isTerminated = true
      // The holder keeps the token: nothing is delivered after the completion.
      _ = token.acquire()
      token.close()
      return .complete(ending)
    }
    return .none
  }
}
