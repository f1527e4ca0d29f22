// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

/// The demand rules of ``AsyncSequencePublisher``, as a plain value.
///
/// The iterating task takes one unit of demand before each call to the sequence's `next()`, and
/// parks when there is none; a request resumes it. So `next()` runs only while demand is
/// outstanding, and nothing is read ahead. The machine never locks, resumes or calls out.
///
/// It is not generic (Internals, rule 9): the storage keeps the subscriber in a slot beside it,
/// guarded by the same lock, and the machine says who releases it. The task *delivers* a value
/// between ``beginDelivery()`` and ``delivered(_:)``, holding the subscriber without the lock; a
/// cancel meanwhile leaves the subscriber to the task, which releases it when the value returns.
struct AsyncSequencePublisherStateMachine {
  typealias Continuation = UnsafeContinuation<Void, Never>

  private enum Phase {
    /// Subscribed, nothing requested yet: the task has not started.
    case idle
    /// The task runs.
    case running
    /// Completed or cancelled.
    case terminal
  }

  /// What ``request(_:)`` asks the storage to do.
  enum RequestAction {
    /// Nothing.
    case none
    /// Start the iterating task (the first request).
    case startTask
    /// Wake the parked task.
    case resume(Continuation)
  }

  /// What the task does before pulling from the sequence, from ``takeDemand()`` or
  /// ``delivered(_:)``.
  enum DemandAction {
    /// One unit of demand was taken: pull.
    case pull
    /// No demand: park with ``park(_:)``.
    case park
    /// Completed or cancelled: stop, releasing the subscriber first if `releasesDownstream` (a
    /// cancel came while the task delivered a value).
    case stop(releasesDownstream: Bool)
  }

  /// What ``cancel()`` asks the storage to do.
  struct CancelAction {
    /// The iterating task, to cancel.
    var task: Task<Void, Never>?
    /// The parked task, to wake.
    var parked: Continuation?
    /// Whether to take the subscriber out of its slot and release it after unlocking (not while
    /// the task delivers a value: it releases the subscriber then).
    var releasesDownstream = false
  }

  private var phase = Phase.idle
  /// What the subscriber still allows.
  private var demand = Subscribers.Demand.none
  /// The iterating task, once known.
  private var task: Task<Void, Never>?
  /// The task waiting for demand.
  private var parked: Continuation?
  /// The task is handing a value to the subscriber.
  private var delivering = false

  init() {}

  /// The subscriber asked for `demand` more values.
  mutating func request(_ demand: Subscribers.Demand) -> RequestAction {
    switch phase {
    case .idle:
      phase = .running
      self.demand = demand
      return .startTask
    case .running:
      self.demand += demand
      guard let parked else { return .none }
      self.parked = nil
      return .resume(parked)
    case .terminal:
      return .none
    }
  }

  /// The task was created; returns it if it must be cancelled at once (already terminal).
  mutating func taskStarted(_ task: Task<Void, Never>) -> Task<Void, Never>? {
    switch phase {
    case .running where self.task == nil:
      self.task = task
      return nil
    case .terminal:
      return task
    case .idle, .running:
      preconditionFailure("AsyncSequencePublisher task started twice or before demand: \(phase)")
    }
  }

  /// The task wants to pull one element.
  mutating func takeDemand() -> DemandAction {
    switch phase {
    case .running:
      guard demand > 0 else { return .park }
      demand -= 1
      return .pull
    case .terminal:
      return .stop(releasesDownstream: false)
    case .idle:
      preconditionFailure("AsyncSequencePublisher task runs before demand")
    }
  }

  /// The task parks; returns the continuation if it must be resumed at once.
  mutating func park(_ continuation: Continuation) -> Continuation? {
    switch phase {
    case .running where parked == nil:
      guard demand == 0 else { return continuation }
      parked = continuation
      return nil
    case .terminal:
      return continuation
    case .idle, .running:
      preconditionFailure("AsyncSequencePublisher parked twice: \(phase)")
    }
  }

  /// The task has an element: whether it may hand it to the subscriber (`false` once terminal).
  mutating func beginDelivery() -> Bool {
    guard case .running = phase else { return false }
    delivering = true
    return true
  }

  /// The subscriber returned `more` from `receive(_:)`: adds it and takes demand for the next pull.
  mutating func delivered(_ more: Subscribers.Demand) -> DemandAction {
    precondition(delivering, "AsyncSequencePublisher delivered without a delivery")
    delivering = false
    guard case .running = phase else { return .stop(releasesDownstream: true) }
    demand += more
    return takeDemand()
  }

  /// The sequence ended or threw: whether the storage completes the subscriber (and releases it),
  /// `false` once terminal.
  mutating func complete() -> Bool {
    guard case .running = phase else { return false }
    phase = .terminal
    return true
  }

  /// The subscription was cancelled.
  mutating func cancel() -> CancelAction {
    let current = phase
    phase = .terminal
    switch current {
    case .idle:
      return CancelAction(releasesDownstream: true)
    case .running:
      defer { (task, parked) = (nil, nil) }
      return CancelAction(task: task, parked: parked, releasesDownstream: !delivering)
    case .terminal:
      return CancelAction()
    }
  }
}
