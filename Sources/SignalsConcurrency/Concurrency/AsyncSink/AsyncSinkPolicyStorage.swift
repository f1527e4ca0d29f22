// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

/// The subscriber behind `asyncSink(policy:…)` for ``AsyncSinkPolicy/latest``,
/// ``AsyncSinkPolicy/dropWhileBusy`` and ``AsyncSinkPolicy/concurrent(maxTasks:)``: the work runs
/// in task slots (``TaskSlots``; so that each run can be cancelled alone), each task created with
/// the sink's priority at the first value that finds no parked slot, and parked between values
/// (``TaskSlotOwner``); the last slot runs the completion.
///
/// All mutable state is in one `LockedState`: the subscription status, the slots and the
/// completion. Each event takes the lock, asks the slots, releases the lock, then creates,
/// resumes or cancels tasks and counts drops. A value is handed to a task under the lock, and a
/// new task asks ``TaskSlots/mayRun(_:)`` before its first, so no closure starts once `cancel()`
/// returned.
final class AsyncSinkPolicyStorage<Input: Sendable, Failure: Error>: TaskSlotOwner<Input>, Subscriber,
  Cancellable, CustomStringConvertible
{
  private struct State {
    // The slots and the queue first: their offsets do not depend on `Input`.
    var slots: SlotScheduler
    /// The values waiting for a slot, oldest first.
    var waiting = ValueQueue<Input>()
    var status = SubscriptionStatus.awaitingSubscription
    /// The upstream's completion, for the slot that runs the ending.
    var completion: Subscribers.Completion<Failure>?
  }

  private let state: LockedState<State>
  private let drops: DropCounter?
  private let receiveCompletion: @Sendable @isolated(any) (Subscribers.Completion<Failure>) async -> Void
  private let receiveValue: @Sendable @isolated(any) (Input) async -> Void

  init(
    slots: SlotScheduler,
    drops: DropCounter?,
    priority: TaskPriority?,
    receiveCompletion: @escaping @Sendable @isolated(any) (Subscribers.Completion<Failure>) async -> Void,
    receiveValue: @escaping @Sendable @isolated(any) (Input) async -> Void
  ) {
    state = LockedState.make(State(slots: slots))
    self.drops = drops
    self.receiveCompletion = receiveCompletion
    self.receiveValue = receiveValue
    super.init(priority: priority)
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
    var replaced = ContiguousArray<Input?>()
    let offer = state.withLock { state in
      let offer = state.slots.offer()
      switch offer {
      case .wait, .wake:
        state.waiting.append(input)
      case .replace:
        replaced = state.waiting.removeAll()
        state.waiting.append(input)
      case .ignore, .start, .drop:
        break
      }
      return offer
    }
    if perform(offer, for: input) { drops?.recordDrop() }
    // The replaced value is released here, after unlocking.
    withExtendedLifetime(replaced) {}
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let release = state.withLock { state -> SlotScheduler.Release in
      guard !state.status.isTerminal else { return SlotScheduler.Release() }
      state.status = .terminal
      state.completion = completion
      return state.slots.end()
    }
    perform(release)
  }

  /// Cancels the subscription and every task in flight, and lets the parked ones end; no closure
  /// starts afterwards.
  func cancel() {
    var forgotten = ContiguousArray<Input?>()
    let (subscription, release) = state.withLock { state -> ((any Subscription)?, SlotScheduler.Release) in
      defer { state.status = .terminal }
      forgotten = state.waiting.removeAll()
      return (state.status.subscription, state.slots.close())
    }
    subscription?.cancel()
    perform(release)
    withExtendedLifetime(forgotten) {}
  }

  // MARK: Slots

  override func withSlots<Result>(_ body: (inout SlotScheduler, inout ValueQueue<Input>) -> Result) -> Result {
    state.withLock { body(&$0.slots, &$0.waiting) }
  }

  override func runWork(_ value: Input, inSlot id: Int, next: inout Input?) async -> SlotScheduler.Step {
    await receiveValue(value)
    return ask(&next) { $0.workDone(id) }
  }

  override func runEnding(inSlot id: Int) async {
    // Stored in the critical section that handed out the ending, and never changed after.
    guard let completion = state.withLock({ $0.completion }) else { preconditionFailure("ending without completion") }
    await receiveCompletion(completion)
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; the other fields are immutable and
// `Sendable` (restated from `TaskSlotOwner`).
extension AsyncSinkPolicyStorage: @unchecked Sendable {}
