// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport

/// The delivery rules for one subscriber that must not lose a value: values wait in a queue until
/// the subscriber asks for them, and the completion follows the last queued value.
///
/// Used by `AnyPublisher.create` (values pushed by a callback API at any time, from any thread)
/// and by `ReplaySubject` (a late subscriber's replayed values, then live ones).
///
/// The machine never locks and never calls out. Serial delivery uses a *delivery token*: the
/// caller that receives a ``DeliveryAction/deliver(_:)`` or ``DeliveryAction/complete(_:)``
/// holds it, calls the subscriber, and (after a value) calls ``finishDelivery(adding:)``, which
/// hands out the next queued value or gives the token back. Anything that happens meanwhile — a
/// value from another thread, a request or a send from inside `receive(_:)` — only updates the
/// queue and the demand; the holder picks it up. So the subscriber is never called twice at once
/// and a re-entrant call never nests.
struct DemandBufferStateMachine<Output, Failure: Error> {
  /// What to do after an event.
  enum DeliveryAction {
    /// Nothing now.
    case none
    /// Deliver this value; the caller holds the token and must then call
    /// ``finishDelivery(adding:)``.
    case deliver(Output)
    /// Deliver this completion; the subscription has ended and the token is never given back.
    case complete(Subscribers.Completion<Failure>)
  }

  /// What ``send(_:)`` asks the storage to do.
  enum SendAction {
    /// The value was queued for a later delivery.
    case queued
    /// Deliver the value now; the caller holds the token.
    case deliver(Output)
    /// The subscription has ended or is completing: release the value, deliver nothing.
    case drop(Output)
  }

  /// Values waiting for demand, oldest first.
  private var queue: ValueQueue<Output>
  /// Values the subscriber asked for and has not received.
  private(set) var demand: Subscribers.Demand = .none
  /// A completion waiting for the queue to drain.
  private var pendingCompletion: Subscribers.Completion<Failure>?
  /// Who delivers: the one serial-delivery primitive. Deliveries follow the queue and demand, so
  /// the token is taken with `acquire()` and given back with `next()`, owing nothing by count.
  private var token = SerialDelivery(.queued)
  /// Cancelled or completed: nothing more is delivered.
  private(set) var isTerminated = false

  /// A new subscriber with `queued` values (and then `completion`) waiting for it.
  ///
  /// The subscribing caller starts out holding the token, so nothing is delivered before the
  /// subscriber has its subscription; it calls ``finishDelivery(adding:)`` once it has handed it
  /// over.
  init(queued: [Output] = [], completion: Subscribers.Completion<Failure>? = nil) {
    queue = ValueQueue(queued)
    pendingCompletion = completion
    _ = token.acquire()
  }

  /// Puts `values` (then `completion`) ahead of everything queued so far. Only while the
  /// subscribing caller still holds the token, before the subscriber has its subscription.
  mutating func preload(_ values: [Output], completion: Subscribers.Completion<Failure>?) {
    precondition(token.isDelivering && !isTerminated, "preload after the subscription started")
    if !values.isEmpty {
      let live = queue.removeAll().lazy.compactMap { $0 }
      queue = ValueQueue(values + live)
    }
    if let completion { pendingCompletion = completion }
  }

  /// A value was sent.
  mutating func send(_ value: Output) -> SendAction {
    guard !isTerminated, pendingCompletion == nil else { return .drop(value) }
    guard demand > 0, queue.isEmpty, token.acquire() else {
      queue.append(value)
      return .queued
    }
    demand -= 1
    return .deliver(value)
  }

  /// The source completed; delivered once every queued value has been.
  mutating func complete(_ completion: Subscribers.Completion<Failure>) -> DeliveryAction {
    guard !isTerminated, pendingCompletion == nil else { return .none }
    pendingCompletion = completion
    return token.isDelivering ? .none : next()
  }

  /// The subscriber asked for `additional` more values.
  mutating func request(_ additional: Subscribers.Demand) -> DeliveryAction {
    guard !isTerminated else { return .none }
    demand += additional
    return token.isDelivering ? .none : next()
  }

  /// The token holder's delivery returned `additional` demand: hands out the next value or the
  /// completion, or gives the token back (``DeliveryAction/none``).
  mutating func finishDelivery(adding additional: Subscribers.Demand) -> DeliveryAction {
    _ = token.next()  // owes nothing by count: gives the token back; next() below may take it again
    guard !isTerminated else { return .none }
    demand += additional
    return next()
  }

  /// The subscriber cancelled: returns the queued values to release after unlocking, or `nil` if
  /// the subscription had already ended.
  mutating func cancel() -> ContiguousArray<Output?>? {
    guard !isTerminated else { return nil }
    isTerminated = true
    token.close()
    pendingCompletion = nil
    return queue.removeAll()
  }

  /// Takes the token for the next queued value (if demanded) or the completion (once the queue
  /// is empty).
  private mutating func next() -> DeliveryAction {
    if demand > 0, let value = queue.popFirst() {
      demand -= 1
      _ = token.acquire()
      return .deliver(value)
    }
    if queue.isEmpty, let completion = pendingCompletion {
      pendingCompletion = nil
      isTerminated = true
      // The holder keeps the token: nothing is delivered after the completion.
      _ = token.acquire()
      token.close()
      return .complete(completion)
    }
    return .none
  }
}
