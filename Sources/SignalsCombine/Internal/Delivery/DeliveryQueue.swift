// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// One subscriber's events on their way to it, oldest first, with the ``SerialDelivery`` token
/// that lets one thread at a time hand them over.
///
/// It serves the operators that call their subscriber from scheduler callbacks (`receive(on:)`,
/// `delay`, `debounce`, `throttle`, `timeout`): on a concurrent scheduler two callbacks may run at
/// once, and Combine keeps them apart with a recursive lock around its subscriber. Here the second
/// callback leaves its event to the thread already delivering (rule 2 of ``SerialDelivery``), and
/// a callback that runs inside a delivery, on an immediate scheduler, delivers at once
/// (``SerialDelivery/Reentrancy/nested``), which is Combine's order.
///
/// An event is *staged* when it is known and *due* when its callback runs; due events are
/// delivered oldest first, whichever callback made them due, so a scheduler that runs two
/// callbacks out of order (a `DispatchQueue` coalesces close timers) does not reorder events. An
/// operator that learns of an event when it is due calls ``deliverNow(_:on:)``.
///
/// The queue is a plain value inside the operator's `LockedState`, next to the operator's own
/// state, so that staging an event and deciding who delivers it is one critical section. The
/// operator performs the returned ``Step`` after unlocking with
/// ``LockedState/deliver(_:to:demandReturned:)``, the one drain loop.
struct DeliveryQueue<Input, Failure: Error> {
  /// An event for the subscriber.
  enum Event {
    /// A value.
    case value(Input)
    /// The completion; nothing is delivered after it.
    case completion(Subscribers.Completion<Failure>)
  }

  /// What the caller does after unlocking.
  enum Step {
    /// Nothing: the event waits for its callback, or for the thread already delivering, or the
    /// queue is closed.
    case none
    /// The caller holds the token: deliver this event, then the ones ``finishDelivery()`` hands
    /// out.
    case deliver(Event)
    /// Deliver this event inside the caller's own delivery (a re-entrant callback).
    case deliverNested(Event)
  }

  /// Who delivers, and how many due events wait for the holder.
  private var token: SerialDelivery
  /// Staged events, oldest first; the first `token.backlog` of them are due and wait for the
  /// holder.
  private var events = ValueQueue<Event>()

  /// An empty queue whose holder's own callbacks follow `reentrancy`.
  init(_ reentrancy: SerialDelivery.Reentrancy) {
    token = SerialDelivery(reentrancy)
  }

  /// Whether ``close()`` ended the queue (or a completion went out).
  var isClosed: Bool { token.closed }

  /// Queues an event that becomes due later, when its callback calls ``due(on:)``.
  mutating func stage(_ event: Event) {
    guard !token.closed else { return }
    events.append(event)
  }

  /// One staged event is due (its callback runs on `thread`): the oldest staged event goes to
  /// the subscriber, through this caller or through the thread already delivering.
  mutating func due(on thread: ThreadIdentity) -> Step {
    due(count: 1, on: thread)
  }

  /// `count` staged events are due at once; the caller delivers the oldest (see ``Step``) and
  /// the rest go out after it.
  private mutating func due(count: Int, on thread: ThreadIdentity) -> Step {
    // More callbacks than staged events when events were dropped by a close: nothing to do.
    guard events.count - token.backlog >= count else { return .none }
    switch token.enter(on: thread, count: count) {
    case .deliver:
      return .deliver(takeOldest())
    case .deliverNested:
      return .deliverNested(takeOldest())
    case .queued, .closed:
      return .none
    }
  }

  /// Stages `event` and makes it due at once.
  mutating func deliverNow(_ event: Event, on thread: ThreadIdentity) -> Step {
    stage(event)
    return due(on: thread)
  }

  /// Stages a value and the completion that follows it, and makes both due at once.
  mutating func deliverNow(_ value: Input, then completion: Subscribers.Completion<Failure>, on thread: ThreadIdentity)
    -> Step
  {
    stage(.value(value))
    stage(.completion(completion))
    return due(count: 2, on: thread)
  }

  /// Drops every event not delivered yet and makes `event` due in their place (a `timeout` that
  /// ran out: the values still scheduled are not delivered, its completion is). The dropped
  /// events are returned, to be released after unlocking.
  mutating func deliverInstead(_ event: Event, on thread: ThreadIdentity) -> (
    dropped: ContiguousArray<Event?>, step: Step
  ) {
    let dropped = events.removeAll()
    token.forget(token.backlog)
    return (dropped, deliverNow(event, on: thread))
  }

  /// The holder delivered its event: the next one it owes, or `nil` when it gives the token back.
  mutating func finishDelivery() -> Event? {
    switch token.next() {
    case .deliver: takeOldest()
    // The completion travels as an event here, never as the token's ending.
    case .end, .none: nil
    }
  }

  /// Ends the queue (a cancel): staged events are dropped and returned (release them after
  /// unlocking), and nothing more is delivered.
  mutating func close() -> ContiguousArray<Event?> {
    token.close()
    return events.removeAll()
  }

  /// The oldest event, closing the queue when it is the completion.
  private mutating func takeOldest() -> Event {
    let event = events.popFirst()!
    if case .completion = event {
      token.close()
    }
    return event
  }
}

extension LockedState {
  /// The one drain loop: performs a ``DeliveryQueue/Step`` taken from the queue at `queue` in
  /// this state, then, while the caller holds the token, the events it owes.
  ///
  /// `demandReturned` gets the demand the subscriber returns for each value, when it is more
  /// than none (typically requested from upstream); it runs outside the lock.
  func deliver<Downstream: Subscriber>(
    _ step: DeliveryQueue<Downstream.Input, Downstream.Failure>.Step,
    to downstream: Downstream,
    from queue: WritableKeyPath<State, DeliveryQueue<Downstream.Input, Downstream.Failure>>,
    demandReturned: (Subscribers.Demand) -> Void
  ) {
    var event: DeliveryQueue<Downstream.Input, Downstream.Failure>.Event
    switch step {
    case .none:
      return
    case .deliverNested(let nested):
      Self.hand(nested, to: downstream, demandReturned: demandReturned)
      return
    case .deliver(let first):
      event = first
    }
    while true {
      Self.hand(event, to: downstream, demandReturned: demandReturned)
      guard let next = withLock({ $0[keyPath: queue].finishDelivery() }) else { return }
      event = next
    }
  }

  /// A scheduled action runs: makes the oldest staged event of the queue at `queue` due, under
  /// the lock, and delivers it through ``deliver(_:to:from:demandReturned:)`` (or leaves it to the
  /// thread already delivering).
  func deliverDue<Downstream: Subscriber>(
    to downstream: Downstream,
    from queue: WritableKeyPath<State, DeliveryQueue<Downstream.Input, Downstream.Failure>>,
    demandReturned: (Subscribers.Demand) -> Void
  ) {
    let thread = ThreadIdentity.current
    let step = withLock { $0[keyPath: queue].due(on: thread) }
    deliver(step, to: downstream, from: queue, demandReturned: demandReturned)
  }

  private static func hand<Downstream: Subscriber>(
    _ event: DeliveryQueue<Downstream.Input, Downstream.Failure>.Event,
    to downstream: Downstream,
    demandReturned: (Subscribers.Demand) -> Void
  ) {
    switch event {
    case .value(let value):
      let demand = downstream.receive(value)
      if demand > 0 { demandReturned(demand) }
    case .completion(let completion):
      downstream.receive(completion: completion)
    }
  }
}
#endif
