// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport

/// The base class of the owners of ``TaskSlots`` (the storages of `asyncSink(policy:)` and the
/// async transforms): a subclass says how to reach its slots and its queue of waiting values under
/// its lock, and what a value's work and the ending are, by overriding ``withSlots(_:)``,
/// ``runWork(_:inSlot:next:)`` and ``runEnding(inSlot:)``; the tasks, their loop and their parking
/// are written once, here.
///
/// A slot's task runs ``TaskSlots/Step``s until one ends it: work, then what
/// ``TaskSlots/workDone(_:)`` says; parked, what ``TaskSlots/resumed(_:)`` says once woken. A value
/// an answer hands out is taken from the queue in the critical section of that answer. A parked
/// task waits on an unsafe continuation stored in the slots, inside a task-cancellation handler
/// whose path is an event too (``TaskSlots/cancelParked(_:)``). Whoever wakes it took the
/// continuation out under the lock and resumes it after unlocking, with nothing: the woken task
/// takes what it was handed under the lock, which also orders the waker's writes before its reads
/// (for ThreadSanitizer too, which does not see the order the runtime gives when a continuation is
/// resumed before its task has finished suspending).
///
/// Why a class and not a protocol with default methods: the storages are called unspecialised,
/// and a protocol extension looks up its witness table and associated types on every value,
/// where a generic class's methods read `SlotValue` from the instance's metadata (Internals, rule
/// 9).
class TaskSlotOwner<SlotValue: Sendable>: @unchecked Sendable {
  // Safety: no mutable state here (`priority` is immutable and `Sendable`); each subclass keeps
  // all of its own in one `LockedState`, which its slots and queue live in.

  /// The priority every slot's task is created with.
  let priority: TaskPriority?

  init(priority: TaskPriority?) {
    self.priority = priority
  }

  /// Runs `body` on the slots and the queue of values waiting for them, under the owner's lock.
  func withSlots<Result>(_ body: (inout SlotScheduler, inout ValueQueue<SlotValue>) -> Result) -> Result {
    preconditionFailure("\(Self.self) must override withSlots(_:)")
  }

  /// Runs `value`'s work in slot `id` and returns what the task does next: normally
  /// ``TaskSlots/workDone(_:)``'s answer, asked in the owner's last critical section of the work
  /// with ``take(after:from:into:)`` putting the value it hands out in `next`.
  func runWork(_ value: SlotValue, inSlot id: Int, next: inout SlotValue?) async -> SlotScheduler.Step {
    preconditionFailure("\(Self.self) must override runWork(_:inSlot:next:)")
  }

  /// Runs the ending in slot `id`.
  func runEnding(inSlot id: Int) async {
    preconditionFailure("\(Self.self) must override runEnding(inSlot:)")
  }
  /// How many slots' tasks are parked or parking (for tests: parking is no event they can await).
  final var parkedSlots: Int { withSlots { slots, _ in slots.parkedCount } }

  /// Acts on what ``TaskSlots/offer()`` answered for `value` (the queue was updated with the
  /// answer): creates, wakes or cancels a task. Returns whether the value was dropped by the busy
  /// rule (for the owner's count).
  final func perform(_ offer: SlotScheduler.Offer, for value: consuming SlotValue) -> Bool {
    switch offer {
    case .ignore, .wait:
      break
    case .start(let id):
      startTask(id, from: .runNext, with: value)
    case .wake(let parked):
      parked?.resume()
    case .replace(let task):
      task?.cancel()
    case .drop:
      return true
    }
    return false
  }

  /// Resumes and cancels what ``TaskSlots/end()`` or ``TaskSlots/close(keeping:)`` let go, then
  /// creates the ending's task if it asked for one.
  final func perform(_ release: SlotScheduler.Release) {
    for parked in release.resume { parked.resume() }
    for task in release.cancel { task.cancel() }
    if let id = release.ending { startTask(id, from: .runEnding, with: nil) }
  }

  /// Creates slot `id`'s task, starting at `first` (``TaskSlots/Step/runNext`` with its first
  /// value, the ending, or ``TaskSlots/Step/park`` for a slot opened with no work), and registers
  /// it.
  final func startTask(_ id: Int, from first: SlotScheduler.Step, with value: consuming SlotValue?) {
    let task = Task(priority: priority) { [value] in await self.runSlot(id, from: first, with: value) }
    withSlots { slots, _ in slots.started(id, handle: task) }?.cancel()
  }

  /// Takes from `queue` the value `step` hands out (to this task, or to the task it starts) into
  /// `value`; called in the critical section that answered `step`.
  static func take(
    after step: SlotScheduler.Step, from queue: inout ValueQueue<SlotValue>, into value: inout SlotValue?
  ) {
    switch step {
    case .runNext, .end(.start):
      value = queue.popFirst()
    case .runEnding, .park, .end(.none), .end(.end):
      break
    }
  }

  /// Asks the slots `event` under the lock, and takes the value its answer hands out into `value`.
  final func ask(
    _ value: inout SlotValue?, _ event: (inout SlotScheduler) -> SlotScheduler.Step
  ) -> SlotScheduler.Step {
    withSlots { slots, queue in
      let step = event(&slots)
      Self.take(after: step, from: &queue, into: &value)
      return step
    }
  }

  /// The body of slot `id`'s task.
  private func runSlot(_ id: Int, from first: SlotScheduler.Step, with firstValue: SlotValue?) async {
    var step = first
    var value = firstValue
    if case .park = first {
      // Opened with no work: `park` finds out whether it was let go meanwhile.
    } else if Task.isCancelled || !withSlots({ slots, _ in slots.mayRun(id) }) {
      value = nil
      step = ask(&value) { .end($0.finished(id)) }
    }
    while true {
      switch step {
      case .runNext:
        guard let work = value.take() else { preconditionFailure("slot \(id) runs no value") }
        step = await runWork(work, inSlot: id, next: &value)
      case .runEnding:
        await runEnding(inSlot: id)
        step = ask(&value) { .end($0.finished(id)) }
      case .park:
        await park(id)
        step = ask(&value) { $0.resumed(id) }
      case .end(let next):
        switch next {
        case .none: break
        case .start(let newID): startTask(newID, from: .runNext, with: value.take())
        case .end(let newID): startTask(newID, from: .runEnding, with: nil)
        }
        return
      }
    }
  }

  /// Parks slot `id`'s task until a value, the ending or its release is handed to it.
  private func park(_ id: Int) async {
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (wakeUp: SlotWakeUp) in
        if !withSlots({ slots, _ in slots.park(id, wakeUp) }) { wakeUp.resume() }
      }
    } onCancel: {
      withSlots { slots, _ in slots.cancelParked(id) }?.resume()
    }
  }
}

/// The slots as the storages keep them: their tasks, and the continuations their parked tasks
/// wait on (resumed with nothing, outside the owner's lock).
typealias SlotScheduler = TaskSlots<Task<Void, Never>, SlotWakeUp>

/// What wakes a parked slot's task.
typealias SlotWakeUp = UnsafeContinuation<Void, Never>
