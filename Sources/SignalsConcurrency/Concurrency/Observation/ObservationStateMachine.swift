// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

/// The pure state machine of one ``ObservationPublisher`` subscription.
///
/// A *delivery* reads the observed value (re-arming Observation's tracking) and sends it; one runs
/// at a time. A delivery is *needed* at the start (the current value) and after each change
/// arrives on the scheduler; it runs when there is demand. Changes that arrive while a delivery is
/// needed but not yet run fold into it: the one delivery reads the newest value.
struct ObservationStateMachine {
  /// What the storage does next.
  enum Action: Equatable {
    /// Nothing now.
    case none
    /// Read the value with tracking, send it, then call ``delivered(adding:)``.
    case deliver
    /// Schedule ``changeArrived()`` on the scheduler (Observation announced a change).
    case scheduleChange
  }

  /// Demand not yet used.
  private(set) var demand = Subscribers.Demand.none
  /// A value should be read and sent as soon as there is demand.
  private(set) var needsDelivery = true
  /// A change was announced and its delivery is scheduled but has not arrived.
  private(set) var isChangeScheduled = false
  /// Who delivers (the one serial-delivery primitive: deliveries follow `needsDelivery` and the
  /// demand, so the token is taken with `acquire()`), and whether the subscriber cancelled
  /// (`closed`).
  private var token = SerialDelivery(.queued)

  /// A delivery is under way.
  var isDelivering: Bool { token.isDelivering }
  /// The subscriber cancelled.
  var isCancelled: Bool { token.closed }

  /// The subscriber asked for `count` more values.
  mutating func request(_ count: Subscribers.Demand) -> Action {
    guard !isCancelled else { return .none }
    demand += count
    return startDeliveryIfPossible()
  }

  /// Observation's `onChange` fired: the value is about to change.
  mutating func changeWillHappen() -> Action {
    guard !isCancelled, !isChangeScheduled else { return .none }
    isChangeScheduled = true
    return .scheduleChange
  }

  /// The scheduled change ran on the scheduler: the change has landed.
  mutating func changeArrived() -> Action {
    isChangeScheduled = false
    guard !isCancelled else { return .none }
    needsDelivery = true
    return startDeliveryIfPossible()
  }

  /// A delivery ended; the subscriber returned `additional` demand.
  mutating func delivered(adding additional: Subscribers.Demand) -> Action {
    _ = token.next()  // owes nothing by count: gives the token back
    guard !isCancelled else { return .none }
    demand += additional
    return startDeliveryIfPossible()
  }

  /// The subscriber cancelled: returns `true` the first time.
  mutating func cancel() -> Bool {
    defer { token.close() }
    return !token.closed
  }

  private mutating func startDeliveryIfPossible() -> Action {
    guard needsDelivery, demand > 0, token.acquire() else { return .none }
    needsDelivery = false
    demand -= 1
    return .deliver
  }
}
