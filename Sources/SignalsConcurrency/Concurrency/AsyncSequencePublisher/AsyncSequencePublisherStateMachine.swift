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
struct AsyncSequencePublisherStateMachine<Downstream> {
  typealias Continuation = UnsafeContinuation<Void, Never>

  private enum State {
    /// Subscribed, nothing requested yet: the task has not started.
    case idle(Downstream)
    /// The task runs. `demand` is what the subscriber still allows; `task` is its handle once
    /// known; `parked` is the task waiting for demand.
    case running(Downstream, demand: Subscribers.Demand, task: Task<Void, Never>?, parked: Continuation?)
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

  /// What the task does before pulling from the sequence, from ``takeDemand()``.
  enum DemandAction {
    /// One unit of demand was taken: pull.
    case pull
    /// No demand: park with ``park(_:)``.
    case park
    /// Completed or cancelled: stop.
    case stop
  }

  /// What ``cancel()`` asks the storage to do.
  struct CancelAction {
    /// The iterating task, to cancel.
    var task: Task<Void, Never>?
    /// The parked task, to wake.
    var parked: Continuation?
    /// The subscriber, to release after unlocking.
    var downstream: Downstream?
  }

  private var state: State

  init(downstream: Downstream) {
    state = .idle(downstream)
  }

  /// The subscriber asked for `demand` more values.
  mutating func request(_ demand: Subscribers.Demand) -> RequestAction {
    switch state {
    case .idle(let downstream):
      state = .running(downstream, demand: demand, task: nil, parked: nil)
      return .startTask
    case .running(let downstream, let current, let task, let parked):
      state = .running(downstream, demand: current + demand, task: task, parked: nil)
      return parked.map(RequestAction.resume) ?? .none
    case .terminal:
      return .none
    }
  }

  /// The task was created; returns it if it must be cancelled at once (already terminal).
  mutating func taskStarted(_ task: Task<Void, Never>) -> Task<Void, Never>? {
    switch state {
    case .running(let downstream, let demand, nil, let parked):
      state = .running(downstream, demand: demand, task: task, parked: parked)
      return nil
    case .terminal:
      return task
    case .idle, .running:
      preconditionFailure("AsyncSequencePublisher task started twice or before demand: \(state)")
    }
  }

  /// The task wants to pull one element.
  mutating func takeDemand() -> DemandAction {
    switch state {
    case .running(let downstream, let demand, let task, let parked):
      guard demand > 0 else { return .park }
      state = .running(downstream, demand: demand - 1, task: task, parked: parked)
      return .pull
    case .terminal:
      return .stop
    case .idle:
      preconditionFailure("AsyncSequencePublisher task runs before demand")
    }
  }

  /// The task parks; returns the continuation if it must be resumed at once.
  mutating func park(_ continuation: Continuation) -> Continuation? {
    switch state {
    case .running(let downstream, let demand, let task, nil):
      guard demand == 0 else { return continuation }
      state = .running(downstream, demand: demand, task: task, parked: continuation)
      return nil
    case .terminal:
      return continuation
    case .idle, .running:
      preconditionFailure("AsyncSequencePublisher parked twice: \(state)")
    }
  }

  /// The subscriber to give an element to, or `nil` once terminal.
  func downstreamForValue() -> Downstream? {
    if case .running(let downstream, _, _, _) = state { return downstream }
    return nil
  }

  /// The subscriber returned `demand` more from `receive(_:)`.
  mutating func add(_ demand: Subscribers.Demand) {
    guard demand > 0, case .running(let downstream, let current, let task, let parked) = state else { return }
    state = .running(downstream, demand: current + demand, task: task, parked: parked)
  }

  /// The sequence ended or threw: returns the subscriber to complete, unless already terminal.
  mutating func complete() -> Downstream? {
    guard case .running(let downstream, _, _, _) = state else { return nil }
    state = .terminal
    return downstream
  }

  /// The subscription was cancelled.
  mutating func cancel() -> CancelAction {
    let current = state
    state = .terminal
    switch current {
    case .idle(let downstream):
      return CancelAction(downstream: downstream)
    case .running(let downstream, _, let task, let parked):
      return CancelAction(task: task, parked: parked, downstream: downstream)
    case .terminal:
      return CancelAction()
    }
  }
}
