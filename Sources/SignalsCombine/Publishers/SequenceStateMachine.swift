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
  /// Who drains: the one serial-delivery primitive, with the queued rule. The frame that holds
  /// the token owns the cursor; `closed` is completed or cancelled.
  private var token = SerialDelivery(.queued)
  /// While a frame drains: what was requested beyond the element in flight.
  private var demand = Subscribers.Demand.none

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

  init() {}

  /// Completed or cancelled.
  var isTerminal: Bool { token.closed }

  /// The subscriber asked for `demand` more: `true` when this frame starts draining (it owns the
  /// cursor and delivers the pending element now, then reports ``delivered(additionalDemand:exhausted:)``);
  /// `false` when a frame is already draining (it picks the demand up) or the subscription ended.
  mutating func request(_ demand: Subscribers.Demand) -> Bool {
    guard !token.closed else { return false }
    self.demand += demand
    guard token.acquire() else { return false }
    self.demand -= 1
    return true
  }

  /// The draining frame delivered an element; the subscriber returned `additionalDemand`, and the
  /// cursor says whether the iterator is `exhausted`.
  mutating func delivered(additionalDemand: Subscribers.Demand, exhausted: Bool) -> DrainAction {
    precondition(token.isDelivering, "SequenceStateMachine.delivered: no frame is draining")
    if token.closed { return .cancelled }
    if exhausted {
      token.close()
      return .complete
    }
    demand += additionalDemand
    if demand > 0 {
      demand -= 1
      return .deliverNext
    }
    _ = token.next()  // owes nothing by count: the frame parks and gives the token back
    return .park
  }

  /// The subscriber cancelled: `true` when no frame is draining, so the caller releases the
  /// cursor itself; otherwise the draining frame sees the end after the element in flight.
  mutating func cancel() -> Bool {
    let idle = !token.isDelivering && !token.closed
    token.close()
    return idle
  }
}
#endif
