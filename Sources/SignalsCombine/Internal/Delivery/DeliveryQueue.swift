// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// The order of one subscriber's events on their way to it, with the ``SerialDelivery`` token that
/// lets one thread at a time hand them over.
///
/// It serves the operators that call their subscriber from scheduler callbacks (`receive(on:)`,
/// `delay`, `debounce`, `throttle`, `timeout`, `collect(.byTime)`): on a concurrent scheduler two
/// callbacks may run at once, and Combine keeps them apart with a recursive lock around its
/// subscriber. Here the second callback leaves its event to the thread already delivering (rule 2
/// of ``SerialDelivery``), and a callback that runs inside a delivery, on an immediate scheduler,
/// delivers at once (``SerialDelivery/Reentrancy/nested``), which is Combine's order.
///
/// An event gets a *ticket* when it is known (``stage()``) and is *due* when its callback runs
/// (``due(_:isCompletion:on:)``). The callback carries the event itself: the queue holds no
/// value on the way that costs nothing, a callback that runs in ticket order with the token free.
/// An event that cannot go out at once — the token is held by another thread, or an earlier
/// ticket is not due yet because the scheduler ran two callbacks out of order (a `DispatchQueue`
/// coalesces close timers) — is *parked*, and the holder delivers it in ticket order. So events
/// reach the subscriber in the order they were staged, whichever callback ran first.
///
/// The queue is a plain value inside the operator's `LockedState`, next to the operator's own
/// state, so that staging an event and deciding who delivers it is one critical section. It is not
/// generic: the operators run unspecialised, and every generic type touched on a hot path costs a
/// metadata lookup in the runtime (several hundred instructions). Parked events live in a box
/// made at the first park (``ParkedEvents``), typed by the operator's input and failure. The
/// operator performs the returned ``Step`` after unlocking with
/// ``LockedState/deliver(_:value:to:demandReturned:)`` or
/// ``LockedState/deliver(_:completion:to:demandReturned:)``, the one drain loop; its state names
/// the queue by conforming to ``DeliveryQueueHolding``.
struct DeliveryQueue {
  /// The place of an event in the subscriber's order.
  typealias Ticket = UInt64

  /// What the caller of ``due(_:isCompletion:on:)`` does.
  enum Step: Equatable {
    /// Nothing: the event is dropped because the queue is closed or the event was skipped.
    case none
    /// Park the event with ``park(_:ticket:)`` in the same critical section, for the holder or for
    /// its turn; nothing to do after unlocking.
    case park
    /// The caller holds the token: deliver the event, then the parked ones its turn makes due.
    case deliver
    /// Deliver the event inside the caller's own delivery (a re-entrant callback).
    case deliverNested
  }

  /// Who delivers.
  private var token: SerialDelivery
  /// The ticket the next staged event gets.
  private var staged: Ticket = 0
  /// The ticket of the next event the subscriber gets; lower tickets were delivered or skipped.
  private var next: Ticket = 0
  /// How many events wait in `parked`.
  private(set) var parkedCount = 0
  /// The parked events, a ``ParkedEvents`` made at the first park; `nil` until then.
  private var parked: AnyObject?

  /// An empty queue whose holder's own callbacks follow `reentrancy`.
  init(_ reentrancy: SerialDelivery.Reentrancy) {
    token = SerialDelivery(reentrancy)
  }

  /// Whether ``close()`` ended the queue (or a completion went out).
  var isClosed: Bool { token.closed }

  /// The ticket of an event that becomes due later, when its callback calls
  /// ``due(_:isCompletion:on:)``; `nil` once the queue is closed.
  mutating func stage() -> Ticket? {
    guard !token.closed else { return nil }
    defer { staged &+= 1 }
    return staged
  }

  /// The event with `ticket` is due (its callback runs on `thread`): the caller delivers it, or
  /// parks it to wait for the holder or for its turn.
  ///
  /// A completion closes the queue as it goes out.
  mutating func due(_ ticket: Ticket, isCompletion: Bool, on thread: ThreadIdentity) -> Step {
    // A ticket below `next` was skipped by `skipWaiting()` (or the queue closed).
    guard !token.closed, ticket >= next else { return .none }
    guard ticket == next else { return .park }
    switch token.join(on: thread) {
    case .deliver:
      next &+= 1
      if isCompletion { token.close() }
      return .deliver
    case .deliverNested:
      next &+= 1
      if isCompletion { token.close() }
      return .deliverNested
    case .queued:
      return .park
    case .closed:
      return .none
    }
  }

  /// Stages a value and makes it due at once (its callback is running now); a value that must
  /// wait is parked here.
  mutating func deliverNow<Input, Failure: Error>(
    _ value: Input, failure: Failure.Type, on thread: ThreadIdentity
  ) -> Step {
    guard let ticket = stage() else { return .none }
    return due(ticket, value: value, failure: Failure.self, on: thread)
  }

  /// Stages the completion and makes it due at once (its callback is running now); a completion
  /// that must wait is parked here.
  mutating func deliverNow<Input, Failure: Error>(
    _ completion: Subscribers.Completion<Failure>, input: Input.Type, on thread: ThreadIdentity
  ) -> Step {
    guard let ticket = stage() else { return .none }
    return due(ticket, completion: completion, input: Input.self, on: thread)
  }

  /// Stages a value and the completion that follows it, and makes both due at once: the step is
  /// the value's, and the completion waits, parked, for the value to go out.
  mutating func deliverNow<Input, Failure: Error>(
    _ value: Input, then completion: Subscribers.Completion<Failure>, on thread: ThreadIdentity
  ) -> Step {
    guard let valueTicket = stage(), let completionTicket = stage() else { return .none }
    // The completion's ticket comes after the value's, so it waits whatever the token does.
    parkCompletion(completion, input: Input.self, ticket: completionTicket)
    return due(valueTicket, value: value, failure: Failure.self, on: thread)
  }

  /// The value with `ticket` is due (its callback runs on `thread`); a value that must wait is
  /// parked here, so the answer is never ``Step/park``. Always inlined, so that the value's
  /// metadata is asked only where it parks.
  @inline(__always)
  mutating func due<Input, Failure: Error>(
    _ ticket: Ticket, value: Input, failure: Failure.Type, on thread: ThreadIdentity
  ) -> Step {
    let step = due(ticket, isCompletion: false, on: thread)
    if step == .park { parkValue(value, failure: Failure.self, ticket: ticket) }
    return step
  }

  /// The completion with `ticket` is due (its callback runs on `thread`); a completion that must
  /// wait is parked here, so the answer is never ``Step/park``.
  @inline(__always)
  mutating func due<Input, Failure: Error>(
    _ ticket: Ticket, completion: Subscribers.Completion<Failure>, input: Input.Type, on thread: ThreadIdentity
  ) -> Step {
    let step = due(ticket, isCompletion: true, on: thread)
    if step == .park { parkCompletion(completion, input: Input.self, ticket: ticket) }
    return step
  }

  /// Skips every event not delivered yet, so that the next one staged goes out after the
  /// delivery in hand (a `timeout` that ran out: the values still scheduled are not delivered, its
  /// completion is). The parked events are returned, to be released after unlocking.
  mutating func skipWaiting() -> AnyObject? {
    next = staged
    parkedCount = 0
    defer { parked = nil }
    return parked
  }

  /// The holder delivered its event: whether a parked event is next. When there is none the token
  /// is given back here, in the same critical section; otherwise the holder keeps it and takes the
  /// event with ``takeParked(_:_:)``.
  mutating func finishDelivery() -> Bool {
    if token.closed {
      _ = token.next()  // gives the token back
      return false
    }
    if parkedCount > 0 { return true }
    _ = token.releaseIfIdle()
    return false
  }

  /// The parked event whose turn it is, for the holder, or `nil` (the token is then given back):
  /// the parked events all wait for earlier tickets that are not due yet.
  mutating func takeParked<Input, Failure: Error>(
    _: Input.Type, _: Failure.Type
  ) -> ParkedEvent<Input, Failure>? {
    guard !token.closed, let box = parked.map({ unsafeDowncast($0, to: ParkedEvents<Input, Failure>.self) }),
      let event = box.take(next)
    else {
      if token.closed { _ = token.next() } else { _ = token.releaseIfIdle() }
      return nil
    }
    next &+= 1
    parkedCount -= 1
    if case .completion = event { token.close() }
    return event
  }

  /// Ends the queue (a cancel): nothing more is delivered. The parked events are returned, to be
  /// released after unlocking.
  mutating func close() -> AnyObject? {
    token.close()
    parkedCount = 0
    defer { parked = nil }
    return parked
  }

  // Parking is never inlined: a function that names `ParkedEvent` looks its metadata up on entry,
  // and the common path must not pay for that.

  @inline(never)
  private mutating func parkValue<Input, Failure: Error>(_ value: Input, failure: Failure.Type, ticket: Ticket) {
    park(ParkedEvent<Input, Failure>.value(value), ticket: ticket)
  }

  @inline(never)
  private mutating func parkCompletion<Input, Failure: Error>(
    _ completion: Subscribers.Completion<Failure>, input: Input.Type, ticket: Ticket
  ) {
    park(ParkedEvent<Input, Failure>.completion(completion), ticket: ticket)
  }

  /// Parks `event`, whose ``due(_:isCompletion:on:)`` answered ``Step/park``.
  mutating func park<Input, Failure: Error>(_ event: ParkedEvent<Input, Failure>, ticket: Ticket) {
    let box: ParkedEvents<Input, Failure>
    if let parked {
      assert(parked is ParkedEvents<Input, Failure>, "one queue parks events of one type")
      box = unsafeDowncast(parked, to: ParkedEvents<Input, Failure>.self)
    } else {
      box = ParkedEvents()
      parked = box
    }
    box.insert(event, ticket: ticket)
    parkedCount += 1
  }
}

/// An event waiting in a ``DeliveryQueue``.
enum ParkedEvent<Input, Failure: Error> {
  /// A value.
  case value(Input)
  /// The completion; nothing is delivered after it.
  case completion(Subscribers.Completion<Failure>)
}

/// The events a ``DeliveryQueue`` parked, in ticket order.
///
/// Guarded by the lock of the state that holds the queue: it is reached only through the queue,
/// inside that state's critical sections, and released after unlocking.
final class ParkedEvents<Input, Failure: Error> {
  /// Parked events, lowest ticket first.
  private var events: [(ticket: DeliveryQueue.Ticket, event: ParkedEvent<Input, Failure>)] = []

  /// Adds `event` in ticket order (parks come nearly in order, so the search starts at the end).
  func insert(_ event: ParkedEvent<Input, Failure>, ticket: DeliveryQueue.Ticket) {
    var index = events.endIndex
    while index > events.startIndex, events[index - 1].ticket > ticket { index -= 1 }
    events.insert((ticket, event), at: index)
  }

  /// The event with `ticket`, if it is the lowest parked.
  func take(_ ticket: DeliveryQueue.Ticket) -> ParkedEvent<Input, Failure>? {
    guard events.first?.ticket == ticket else { return nil }
    return events.removeFirst().event
  }
}

/// An operator state that keeps a ``DeliveryQueue`` for its subscriber, so that the one drain loop
/// can reach it.
///
/// The queue is named by a protocol requirement, not a key path: the operators run unspecialised,
/// and a key path into a generic state is built anew by the runtime on every call (demangling its
/// generic arguments), which cost more than the rest of a delivery.
protocol DeliveryQueueHolding {
  /// The subscriber's queue.
  var delivery: DeliveryQueue { get set }
}

extension LockedState where State: DeliveryQueueHolding {
  /// The one drain loop, for a value: performs the ``DeliveryQueue/Step`` its callback got, then,
  /// while the caller holds the token, the parked events whose turn comes.
  ///
  /// `demandReturned` gets the demand the subscriber returns for each value, when it is more
  /// than none (typically requested from upstream); it runs outside the lock.
  func deliver<Downstream: Subscriber>(
    _ step: DeliveryQueue.Step,
    value: Downstream.Input,
    to downstream: Downstream,
    demandReturned: (Subscribers.Demand) -> Void
  ) {
    guard step == .deliver || step == .deliverNested else { return }
    let demand = downstream.receive(value)
    if demand > 0 { demandReturned(demand) }
    if step == .deliver { deliverParked(to: downstream, demandReturned: demandReturned) }
  }

  /// The one drain loop, for a completion: performs the ``DeliveryQueue/Step`` its callback got.
  /// (Nothing is parked after a completion that goes out; the holder's loop gives the token back.)
  func deliver<Downstream: Subscriber>(
    _ step: DeliveryQueue.Step,
    completion: Subscribers.Completion<Downstream.Failure>,
    to downstream: Downstream,
    demandReturned: (Subscribers.Demand) -> Void
  ) {
    guard step == .deliver || step == .deliverNested else { return }
    downstream.receive(completion: completion)
    if step == .deliver { deliverParked(to: downstream, demandReturned: demandReturned) }
  }

  /// A scheduled action runs with its event's ticket: makes the value due under the lock and
  /// delivers it through ``deliver(_:value:to:demandReturned:)``, or parks it for the thread
  /// already delivering or for its turn.
  func deliverDue<Downstream: Subscriber>(
    _ ticket: DeliveryQueue.Ticket,
    value: Downstream.Input,
    to downstream: Downstream,
    demandReturned: (Subscribers.Demand) -> Void
  ) {
    let thread = ThreadIdentity.current
    let step = withLock { $0.delivery.due(ticket, value: value, failure: Downstream.Failure.self, on: thread) }
    deliver(step, value: value, to: downstream, demandReturned: demandReturned)
  }

  /// A scheduled action runs with the completion's ticket; see
  /// ``deliverDue(_:value:to:demandReturned:)``.
  func deliverDue<Downstream: Subscriber>(
    _ ticket: DeliveryQueue.Ticket,
    completion: Subscribers.Completion<Downstream.Failure>,
    to downstream: Downstream,
    demandReturned: (Subscribers.Demand) -> Void
  ) {
    let thread = ThreadIdentity.current
    let step = withLock { $0.delivery.due(ticket, completion: completion, input: Downstream.Input.self, on: thread) }
    deliver(step, completion: completion, to: downstream, demandReturned: demandReturned)
  }

  /// The holder's loop after its own event: parked events in ticket order while their turn has
  /// come, then the token goes back.
  private func deliverParked<Downstream: Subscriber>(
    to downstream: Downstream,
    demandReturned: (Subscribers.Demand) -> Void
  ) {
    // The common case asks one question of the queue, about no generic type.
    while withLock({ $0.delivery.finishDelivery() }) {
      guard deliverOneParked(to: downstream, demandReturned: demandReturned) else { return }
    }
  }

  // The rare paths below are functions of their own, never inlined: a function that names
  // `ParkedEvent` looks its metadata up on entry, and the common path must not pay for that.

  /// Delivers the parked event whose turn it is; `false` when there is none (the token went back).
  @inline(never)
  private func deliverOneParked<Downstream: Subscriber>(
    to downstream: Downstream,
    demandReturned: (Subscribers.Demand) -> Void
  ) -> Bool {
    guard let event = withLock({ $0.delivery.takeParked(Downstream.Input.self, Downstream.Failure.self) }) else {
      return false
    }
    switch event {
    case .value(let value):
      let demand = downstream.receive(value)
      if demand > 0 { demandReturned(demand) }
    case .completion(let completion):
      downstream.receive(completion: completion)
    }
    return true
  }

}
#endif
