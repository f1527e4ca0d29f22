// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// An owner of ``TaskSlots`` (the storages of `asyncSink(policy:)` and the async transforms): it
/// says how to reach its slots under its lock and what a value's work and the ending are; the
/// tasks, their loop and their parking are written once, here.
///
/// A slot's task runs ``TaskSlots/Step``s until one ends it: work, then what ``TaskSlots/workDone(_:)``
/// says; parked, what ``TaskSlots/resumed(_:)`` says once woken. A parked task waits on an unsafe
/// continuation stored in the slots, inside a task-cancellation handler whose path is an event too
/// (``TaskSlots/cancelParked(_:)``). Whoever wakes it took the continuation out under the lock and
/// resumes it after unlocking, with nothing: the woken task takes what it was handed under the
/// lock, which also orders the waker's writes before its reads (for ThreadSanitizer too, which does
/// not see the order the runtime gives when a continuation is resumed before its task has finished
/// suspending).
protocol TaskSlotOwner: AnyObject, Sendable {
  /// What one slot's work takes.
  associatedtype SlotValue: Sendable

  /// The priority every slot's task is created with.
  var priority: TaskPriority? { get }

  /// Runs `body` on the slots, under the owner's lock.
  func withSlots<Result>(_ body: (inout TaskSlots<SlotValue, Task<Void, Never>, SlotWakeUp>) -> Result) -> Result

  /// Runs `value`'s work in slot `id`; returns what the task does next, normally
  /// ``TaskSlots/workDone(_:)``'s answer (asked in the owner's last critical section of the work).
  func runWork(_ value: SlotValue, inSlot id: Int) async -> TaskSlots<SlotValue, Task<Void, Never>, SlotWakeUp>.Step

  /// Runs the ending in slot `id`.
  func runEnding(inSlot id: Int) async
}

/// What wakes a parked slot's task: resumed with nothing, outside the owner's lock.
typealias SlotWakeUp = UnsafeContinuation<Void, Never>

extension TaskSlotOwner {
  typealias SlotStep = TaskSlots<SlotValue, Task<Void, Never>, SlotWakeUp>.Step

  /// How many slots' tasks are parked or parking (for tests: parking is no event they can await).
  var parkedSlots: Int { withSlots { $0.parkedCount } }

  /// Creates a task for what ``TaskSlots/Next`` asks, if anything.
  func perform(_ next: TaskSlots<SlotValue, Task<Void, Never>, SlotWakeUp>.Next) {
    switch next {
    case .none:
      break
    case .start(let id, let value):
      startTask(id, from: .run(value))
    case .end(let id):
      startTask(id, from: .runEnding)
    }
  }

  /// Resumes and cancels what ``TaskSlots/end()`` or ``TaskSlots/close(keeping:)`` let go, then
  /// creates the ending's task if it asked for one.
  func perform(_ release: TaskSlots<SlotValue, Task<Void, Never>, SlotWakeUp>.Release) {
    for parked in release.resume { parked.resume() }
    for task in release.cancel { task.cancel() }
    perform(release.next)
  }

  /// Creates slot `id`'s task, starting at `first` (a value, the ending, or ``TaskSlots/Step/park``
  /// for a slot opened with no work), and registers it.
  func startTask(_ id: Int, from first: SlotStep) {
    let task = Task(priority: priority) { await self.runSlot(id, from: first) }
    withSlots { $0.started(id, handle: task) }?.cancel()
  }

  /// The body of slot `id`'s task.
  private func runSlot(_ id: Int, from first: SlotStep) async {
    var step = first
    if case .park = first {
      // Opened with no work: `park` finds out whether it was let go meanwhile.
    } else if Task.isCancelled || !withSlots({ $0.mayRun(id) }) {
      step = .end(withSlots { $0.finished(id) })
    }
    while true {
      switch step {
      case .run(let value):
        step = await runWork(value, inSlot: id)
      case .runEnding:
        await runEnding(inSlot: id)
        step = .end(withSlots { $0.finished(id) })
      case .park:
        step = await park(id)
      case .end(let next):
        perform(next)
        return
      }
    }
  }

  /// Parks slot `id`'s task until a value, the ending or its release is handed to it.
  private func park(_ id: Int) async -> SlotStep {
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (wakeUp: SlotWakeUp) in
        if !withSlots({ $0.park(id, wakeUp) }) { wakeUp.resume() }
      }
    } onCancel: {
      withSlots { $0.cancelParked(id) }?.resume()
    }
    return withSlots { $0.resumed(id) }
  }
}
