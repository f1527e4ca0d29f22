// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

/// The subscriber behind `asyncSink(policy:…)` for ``AsyncSinkPolicy/latest``,
/// ``AsyncSinkPolicy/dropWhileBusy`` and ``AsyncSinkPolicy/concurrent(maxTasks:)``: a task per
/// run of work (so that each can be cancelled alone), created with the sink's priority. A task whose
/// closure returned takes the oldest waiting value itself (``AsyncSinkPolicyStateMachine/workDone(_:)``)
/// instead of ending and making another task.
///
/// All mutable state is the subscription status and an ``AsyncSinkPolicyStateMachine``, both in
/// one `LockedState`. Each event takes the lock, asks the machine, releases the lock, then creates
/// or cancels tasks and counts drops. A task asks ``AsyncSinkPolicyStateMachine/mayRun(_:)``
/// under the lock just before calling the closure, so no closure starts once `cancel()` returned.
final class AsyncSinkPolicyStorage<Input: Sendable, Failure: Error>: Subscriber, Cancellable,
  CustomStringConvertible
{
  typealias Machine = AsyncSinkPolicyStateMachine<Input, Failure, Task<Void, Never>>

  private struct State {
    var status = SubscriptionStatus.awaitingSubscription
    var machine: Machine
  }

  private let state: LockedState<State>
  private let priority: TaskPriority?
  private let drops: DropCounter?
  private let receiveCompletion: @Sendable @isolated(any) (Subscribers.Completion<Failure>) async -> Void
  private let receiveValue: @Sendable @isolated(any) (Input) async -> Void

  init(
    mode: Machine.Mode,
    drops: DropCounter?,
    priority: TaskPriority?,
    receiveCompletion: @escaping @Sendable @isolated(any) (Subscribers.Completion<Failure>) async -> Void,
    receiveValue: @escaping @Sendable @isolated(any) (Input) async -> Void
  ) {
    state = LockedState.make(State(machine: Machine(mode: mode)))
    self.drops = drops
    self.priority = priority
    self.receiveCompletion = receiveCompletion
    self.receiveValue = receiveValue
  }

  var description: String { "AsyncSink" }

  func receive(subscription: any Subscription) {
    let accepted = state.withLock { $0.status.accept(subscription) }
    if accepted {
      subscription.request(.unlimited)
    } else {
      subscription.cancel()
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    switch state.withLock({ $0.machine.receive(input) }) {
    case .none:
      break
    case .start(let id, let value):
      startValue(id, value)
    case .cancel(let task):
      task.cancel()
    case .drop:
      drops?.recordDrop()
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let action = state.withLock { state -> Machine.NextAction in
      guard !state.status.isTerminal else { return .none }
      state.status = .terminal
      return state.machine.receive(completion: completion)
    }
    perform(action)
  }

  /// Cancels the subscription and every task in flight; no closure starts afterwards.
  func cancel() {
    let (subscription, tasks) = state.withLock { state -> ((any Subscription)?, [Task<Void, Never>]) in
      defer { state.status = .terminal }
      return (state.status.subscription, state.machine.cancel())
    }
    subscription?.cancel()
    for task in tasks { task.cancel() }
  }

  private func perform(_ action: Machine.NextAction) {
    switch action {
    case .none:
      break
    case .start(let id, let value):
      startValue(id, value)
    case .complete(let id, let completion):
      let receiveCompletion = receiveCompletion
      register(id) {
        Task(priority: priority) {
          if self.mayRun(id) { await receiveCompletion(completion) }
          self.finished(id)
        }
      }
    }
  }

  private func startValue(_ id: Int, _ value: Input) {
    let receiveValue = receiveValue
    register(id) {
      Task(priority: priority) {
        // The task runs waiting values itself while there are any, then ends.
        var value = value
        while self.mayRun(id) {
          await receiveValue(value)
          switch self.state.withLock({ $0.machine.workDone(id) }) {
          case .runNext(let next):
            value = next
          case .end(let action):
            self.perform(action)
            return
          }
        }
        self.finished(id)
      }
    }
  }

  private func register(_ id: Int, _ makeTask: () -> Task<Void, Never>) {
    let task = makeTask()
    let cancelNow = state.withLock { $0.machine.started(id, handle: task) }
    cancelNow?.cancel()
  }

  private func mayRun(_ id: Int) -> Bool {
    guard !Task.isCancelled else { return false }
    return state.withLock { $0.machine.mayRun(id) }
  }

  private func finished(_ id: Int) {
    perform(state.withLock { $0.machine.finished(id) })
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; the other fields are immutable and
// `Sendable`.
extension AsyncSinkPolicyStorage: @unchecked Sendable {}
