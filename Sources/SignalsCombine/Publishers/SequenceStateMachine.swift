// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport
/// The state of one subscription that hands a subscriber the elements of an iterator as demand
/// arrives: the engine behind ``Publishers/Sequence`` and ``Record``.
///
/// One element is always read ahead (the cursor's `pending`), as Combine does, so the completion
/// follows the last element at once, without waiting for more demand.
///
/// Re-entrancy: the first `request` that finds demand starts *draining*: that frame alone owns the
/// cursor (iterator, pending element, subscriber) and delivers. A `request` made meanwhile, from
/// inside `receive(_:)` or from another thread, only adds to `demand`, which the draining frame
/// picks up after each element. So delivery never recurses and stays in order. A `cancel`
/// meanwhile moves the state to `terminal`, which the draining frame sees after the element in
/// flight; it then releases the cursor. A `cancel` while idle releases it itself.
///
/// The machine is not generic: the iterator, the element and the subscriber live in the
/// subscription's cursor, which the state only hands from owner to owner, so the per-element lock
/// round trip looks up no run-time metadata in the client's unspecialised code. It never locks
/// and never calls out; ``SequenceSubscription`` does both.
struct SequenceStateMachine: Equatable {
  private enum State: Equatable {
    /// Nobody is delivering and no demand is outstanding; the cursor is parked.
    case idle
    /// One frame is delivering and owns the cursor; `demand` counts what was requested beyond the
    /// element in flight.
    case draining(demand: Subscribers.Demand)
    /// Completed or cancelled; nothing more is delivered.
    case terminal
  }

  /// What the draining frame does after delivering one element.
  enum DrainAction: Equatable {
    /// Deliver the cursor's pending element (the read-ahead one) and report again.
    case deliverNext
    /// Send the completion: the iterator is exhausted. The frame releases the cursor.
    case complete
    /// Stop: no demand is left; the cursor stays parked for the next request.
    case park
    /// Stop: the subscription was cancelled meanwhile. The frame releases the cursor.
    case cancelled
  }

  private var state = State.idle

  /// A subscription waiting for its first demand, its first element already read.
  init() {}

  /// Whether the subscription completed or was cancelled.
  var isTerminal: Bool { state == .terminal }

  /// The subscriber asked for `demand` more elements (`demand > 0`): whether this frame starts
  /// draining (and so owns the cursor until it reports `.park`, `.complete` or `.cancelled`).
  mutating func request(_ demand: Subscribers.Demand) -> Bool {
    switch state {
    case .idle:
      state = .draining(demand: demand - 1)
      return true
    case .draining(let outstanding):
      state = .draining(demand: outstanding + demand)
      return false
    case .terminal:
      return false
    }
  }

  /// The draining frame delivered an element and the subscriber asked for `additionalDemand`
  /// more; `exhausted` says the iterator had no following element.
  mutating func delivered(additionalDemand: Subscribers.Demand, exhausted: Bool) -> DrainAction {
    switch state {
    case .draining(let outstanding):
      if exhausted {
        state = .terminal
        return .complete
      }
      let demand = outstanding + additionalDemand
      if demand > 0 {
        state = .draining(demand: demand - 1)
        return .deliverNext
      }
      state = .idle
      return .park
    case .terminal:
      return .cancelled
    case .idle:
      preconditionFailure("SequenceStateMachine.delivered: no frame is draining (state: idle)")
    }
  }

  /// The subscriber cancelled: whether the caller releases the cursor (it was parked; a draining
  /// frame releases it itself when it next reports).
  mutating func cancel() -> Bool {
    defer { state = .terminal }
    return state == .idle
  }
}
#endif
