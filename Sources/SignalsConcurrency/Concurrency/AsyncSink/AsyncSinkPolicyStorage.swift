// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

/// The subscriber behind `asyncSink(policy:…)` for ``AsyncSinkPolicy/latest``,
/// ``AsyncSinkPolicy/dropWhileBusy`` and ``AsyncSinkPolicy/concurrent(maxTasks:)``: each run of
/// work in a task of its own (so that each can be cancelled alone), created with the sink's
/// priority, scheduled by ``TaskSlots``; the completion runs in the ending's slot.
///
/// All mutable state is in one `LockedState`: the subscription status, the slots and the
/// completion. Each event takes the lock, asks the slots, releases the lock, then creates or
/// cancels tasks and counts drops. A task asks ``TaskSlots/mayRun(_:)`` under the lock just before
/// calling the closure, so no closure starts once `cancel()` returned.
final class AsyncSinkPolicyStorage<Input: Sendable, Failure: Error>: Subscriber, Cancellable,
  CustomStringConvertible
{
  typealias Slots = TaskSlots<Input, Task<Void, Never>>

  private struct State {
    var status = SubscriptionStatus.awaitingSubscription
    var slots: Slots
    /// The upstream's completion, for the ending's task.
    var completion: Subscribers.Completion<Failure>?
  }

  private let state: LockedState<State>
  private let priority: TaskPriority?
  private let drops: DropCounter?
  private let receiveCompletion: @Sendable @isolated(any) (Subscribers.Completion<Failure>) async -> Void
  private let receiveValue: @Sendable @isolated(any) (Input) async -> Void

  init(
    slots: Slots,
    drops: DropCounter?,
    priority: TaskPriority?,
    receiveCompletion: @escaping @Sendable @isolated(any) (Subscribers.Completion<Failure>) async -> Void,
    receiveValue: @escaping @Sendable @isolated(any) (Input) async -> Void
  ) {
    state = LockedState.make(State(slots: slots))
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
    switch state.withLock({ $0.slots.offer(input) }) {
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
    let next = state.withLock { state -> Slots.Next in
      guard !state.status.isTerminal else { return .none }
      state.status = .terminal
      state.completion = completion
      return state.slots.end()
    }
    perform(next)
  }

  /// Cancels the subscription and every task in flight; no closure starts afterwards.
  func cancel() {
    let (subscription, tasks) = state.withLock { state -> ((any Subscription)?, [Task<Void, Never>]) in
      defer { state.status = .terminal }
      return (state.status.subscription, state.slots.close())
    }
    subscription?.cancel()
    for task in tasks { task.cancel() }
  }

  private func perform(_ next: Slots.Next) {
    switch next {
    case .none:
      break
    case .start(let id, let value):
      startValue(id, value)
    case .end(let id):
      // Stored in the critical section that handed out the ending, and never changed after.
      guard let completion = state.withLock({ $0.completion }) else { preconditionFailure("ending without completion") }
      let receiveCompletion = receiveCompletion
      register(id) {
        Task(priority: priority) {
          if self.mayRun(id) { await receiveCompletion(completion) }
          self.perform(self.state.withLock { $0.slots.finished(id) })
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
          switch self.state.withLock({ $0.slots.workDone(id) }) {
          case .runNext(let next):
            value = next
          case .end(let next):
            self.perform(next)
            return
          }
        }
        self.perform(self.state.withLock { $0.slots.finished(id) })
      }
    }
  }

  private func register(_ id: Int, _ makeTask: () -> Task<Void, Never>) {
    let task = makeTask()
    state.withLock { $0.slots.started(id, handle: task) }?.cancel()
  }

  private func mayRun(_ id: Int) -> Bool {
    guard !Task.isCancelled else { return false }
    return state.withLock { $0.slots.mayRun(id) }
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; the other fields are immutable and
// `Sendable`.
extension AsyncSinkPolicyStorage: @unchecked Sendable {}
