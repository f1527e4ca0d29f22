// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The one task-slot scheduler: which values run in tasks of their own, how many at once, which
/// task runs them, and when the ending runs. It serves `asyncSink(policy:)` and
/// `asyncMap`/`flatMap(maxTasks:)`; the loop each slot's task runs is ``TaskSlotOwner``'s.
///
/// A plain value the owner keeps inside its `LockedState`; it never locks, starts or resumes a
/// task or calls a closure. `Handle` is what cancels a task and `Parked` what wakes a parked one
/// (a `Task` and a continuation in the storages, anything in tests). It holds no values: it
/// counts the owner's queue of waiting values and says, in each answer, what the owner does with
/// it (append the value offered, take the oldest, empty it), in the same critical section. So it
/// is generic over no type the operator's user chooses and is specialised where it is used.
///
/// The rules, once:
/// 1. At most `maxTasks` slots exist at once. A value goes to a parked slot if there is one
///    (``Offer/wake(_:)``), else to a new slot while there is room and nothing waits
///    (``Offer/start(id:)``); otherwise ``WhenBusy`` decides: it waits (in arrival order,
///    unbounded), replaces the waiting value and cancels the one slot, or is dropped.
/// 2. A slot is *starting* until the owner registers its task (``started(_:handle:)``). A cancel
///    that comes first is recorded and returned at registration.
/// 3. A new task asks ``mayRun(_:)`` before its first work: `false` once its slot or the whole
///    scheduler was cancelled. Every later value is handed over under the lock (``workDone(_:)``,
///    ``resumed(_:)``), so no work starts after ``close(keeping:)``.
/// 4. A task whose work returned takes the oldest waiting value itself unless its slot was
///    cancelled (then it ends, and the oldest waiting value gets a new task). With nothing waiting
///    it *parks* (``Step/park``, then ``park(_:_:)``) while values may still come: the next value
///    wakes it instead of creating a task, so a slot's task lives from its first value to the end.
///    A value handed to a parked slot waits in the queue, kept for it: another slot whose work
///    returned meanwhile takes only values beyond those kept.
/// 5. ``end()`` stops new values; waiting values still run. Parked slots are let go, and the last
///    slot to finish its work runs the ending (``Step/runEnding``), exactly once; only when no slot
///    is left does the ending get a task of its own (``Next/end(id:)``).
/// 6. ``close(keeping:)`` forgets the waiting values, cancels every working slot and lets every
///    parked one go: nothing starts afterwards, and no parked task is left behind.
///
/// Invariant: a slot is idle (parked or parking) only while no value waits beyond those kept.
struct TaskSlots<Handle, Parked> {
  /// What a value does when every slot is taken (or values wait already).
  enum WhenBusy {
    /// It waits, in arrival order.
    case wait
    /// It replaces the waiting value and cancels the running slot (for one slot).
    case replace
    /// It is dropped.
    case drop
  }

  /// The answer to ``offer()``: what becomes of the value offered.
  enum Offer {
    /// The scheduler no longer takes values: the owner lets it go.
    case ignore
    /// Create a task for slot `id` with this value, then call ``started(_:handle:)``.
    case start(id: Int)
    /// Append it to the owner's queue: it waits.
    case wait
    /// Append it to the owner's queue, kept for a parked slot: resume this (or, `nil`, the slot is
    /// still parking and finds it in ``park(_:_:)``). The task then asks ``resumed(_:)``.
    case wake(Parked?)
    /// Empty the owner's queue (releasing what it held after unlocking), then append it; cancel
    /// this task, whose slot it replaces, if any.
    case replace(cancel: Handle?)
    /// The value is dropped.
    case drop
  }

  /// What starts once a slot ended, or the ending was asked for.
  enum Next {
    /// Nothing.
    case none
    /// Take the oldest waiting value from the owner's queue and create a task for slot `id` with
    /// it, then call ``started(_:handle:)``.
    case start(id: Int)
    /// Create the ending's task for slot `id`, then call ``started(_:handle:)``.
    case end(id: Int)
  }

  /// What a slot's task does next.
  enum Step {
    /// Take the oldest waiting value from the owner's queue and run its work, then ask
    /// ``workDone(_:)``.
    case runNext
    /// Run the ending, then ask ``finished(_:)``.
    case runEnding
    /// Nothing to do yet: park with ``park(_:_:)``.
    case park
    /// The task ends, after doing what ``Next`` says.
    case end(Next)
  }

  /// What ``end()`` and ``close(keeping:)`` ask the owner to do after unlocking.
  struct Release {
    /// Create the ending's task for this slot, when no slot was left to run it.
    var ending: Int?
    /// Resume these parked tasks: each asks ``resumed(_:)`` and runs the ending or ends.
    var resume: [Parked] = []
    /// Cancel these tasks.
    var cancel: [Handle] = []
  }

  private enum Phase {
    /// The task runs its work, or is about to (a new task with its first value).
    case working
    /// No work: the task parks; `Parked` once it stored what wakes it.
    case idle(Parked?)
    /// Handed a value (kept in the queue) while idle; the task has yet to take it.
    case handed
    /// Handed the ending while idle.
    case handedEnding
  }

  private struct Slot {
    /// The task, once registered.
    var handle: Handle?
    /// Cancelled by the scheduler: its work ends and it takes no other.
    var isCancelled = false
    var phase: Phase
  }

  private enum Lifecycle {
    /// Values are taken.
    case open
    /// ``end()`` was asked: waiting values run, then the ending.
    case ending
    /// The ending was handed out: nothing else starts.
    case ended
    /// ``close(keeping:)``: nothing starts, every slot is cancelled or let go.
    case closed
  }

  let maxTasks: Int
  let whenBusy: WhenBusy
  /// The slots whose task has not ended or been let go, by id.
  private var slots: [Int: Slot] = [:]
  /// The idle slots, most recently parked last.
  private var idle: [Int] = []
  /// Values in the owner's queue, and how many of them are kept for slots handed one.
  private var waitingCount = 0
  private var keptCount = 0
  private var nextID = 0
  private var lifecycle = Lifecycle.open

  init(maxTasks: Int, whenBusy: WhenBusy) {
    precondition(maxTasks > 0, "task slots need at least one slot, not \(maxTasks)")
    precondition(whenBusy == .wait || maxTasks == 1, "only the wait rule takes more than one slot")
    self.maxTasks = maxTasks
    self.whenBusy = whenBusy
  }

  /// How many values the owner's queue holds.
  var waiting: Int { waitingCount }

  /// Slots whose task has not ended or been let go.
  var occupied: Int { slots.count }

  /// Slots whose task is parked or parking.
  var parkedCount: Int { idle.count }

  /// Whether ``close(keeping:)`` was called.
  var isClosed: Bool {
    if case .closed = lifecycle { return true }
    return false
  }

  private mutating func occupySlot(_ phase: Phase) -> Int {
    defer { nextID += 1 }
    slots[nextID] = Slot(phase: phase)
    return nextID
  }

  /// A value to run (rule 1).
  mutating func offer() -> Offer {
    guard case .open = lifecycle else { return .ignore }
    let nothingWaits = waitingCount == keptCount
    if nothingWaits, let id = idle.popLast() {
      guard case .idle(let parked) = slots[id]?.phase else { preconditionFailure("idle slot \(id) is not idle") }
      slots[id]?.phase = .handed
      waitingCount += 1
      keptCount += 1
      return .wake(parked)
    }
    if nothingWaits && slots.count < maxTasks {
      return .start(id: occupySlot(.working))
    }
    switch whenBusy {
    case .wait:
      waitingCount += 1
      return .wait
    case .drop:
      return .drop
    case .replace:
      guard let (id, slot) = slots.first else { preconditionFailure("the replace rule found no slot") }
      waitingCount = 1
      if case .handed = slot.phase {
        // Its task has not taken the kept value yet: the newest replaces it there.
        return .replace(cancel: nil)
      }
      guard !slot.isCancelled else { return .replace(cancel: nil) }
      slots[id]?.isCancelled = true
      return .replace(cancel: slot.handle)
    }
  }

  /// A slot with no work yet, whose task parks at once (``Step/park``): the transforms open one at
  /// the first request, so their first task is created in the requester's context. `nil` when a
  /// slot exists already or no values come any more.
  mutating func open() -> Int? {
    guard case .open = lifecycle, slots.isEmpty else { return nil }
    let id = occupySlot(.idle(nil))
    idle.append(id)
    return id
  }

  /// The owner created slot `id`'s task: returns the handle to cancel at once if a cancel came
  /// first (rule 2).
  mutating func started(_ id: Int, handle: Handle) -> Handle? {
    guard let slot = slots[id], slot.handle == nil else { return nil }
    slots[id]?.handle = handle
    return slot.isCancelled ? handle : nil
  }

  /// Whether slot `id`'s new task may run its first work (rule 3).
  func mayRun(_ id: Int) -> Bool {
    guard !isClosed, let slot = slots[id] else { return false }
    return !slot.isCancelled
  }

  /// Slot `id`'s work returned (rule 4): the next value, the ending, parking, or the end.
  mutating func workDone(_ id: Int) -> Step {
    guard let slot = slots[id] else { preconditionFailure("slot \(id) worked without a slot") }
    guard !slot.isCancelled else { return .end(finished(id)) }
    switch lifecycle {
    case .open, .ending:
      if waitingCount > keptCount {
        waitingCount -= 1
        return .runNext
      }
      if case .open = lifecycle {
        slots[id]?.phase = .idle(nil)
        idle.append(id)
        return .park
      }
      if slots.count == 1 {
        lifecycle = .ended
        return .runEnding
      }
    case .ended, .closed:
      break
    }
    return .end(finished(id))
  }

  /// Slot `id`'s task is parking: stores what wakes it and returns `true`, or returns `false` when
  /// it was handed work or let go meanwhile (resume it at once; it then asks ``resumed(_:)``).
  mutating func park(_ id: Int, _ parked: Parked) -> Bool {
    guard let slot = slots[id] else { return false }
    switch slot.phase {
    case .idle(nil):
      slots[id]?.phase = .idle(parked)
      return true
    case .handed, .handedEnding:
      return false
    case .working, .idle(.some):
      preconditionFailure("slot \(id) parks twice or while working")
    }
  }

  /// Slot `id`'s parked task woke: what it was handed, or its end once it was let go.
  mutating func resumed(_ id: Int) -> Step {
    guard let slot = slots[id] else { return .end(.none) }
    switch slot.phase {
    case .handed:
      slots[id]?.phase = .working
      waitingCount -= 1
      keptCount -= 1
      return .runNext
    case .handedEnding:
      slots[id]?.phase = .working
      return .runEnding
    case .working, .idle:
      preconditionFailure("slot \(id) woke with nothing handed")
    }
  }

  /// Slot `id`'s parked task was cancelled (by no rule here: a safety net): the slot is let go,
  /// returning what wakes its task, if it parked already. A slot handed work keeps it.
  mutating func cancelParked(_ id: Int) -> Parked? {
    guard case .idle(let parked) = slots[id]?.phase else { return nil }
    slots[id] = nil
    if let index = idle.firstIndex(of: id) { idle.remove(at: index) }
    return parked
  }

  /// Slot `id`'s task ended, having run its work, skipped it, or failed (rule 4).
  mutating func finished(_ id: Int) -> Next {
    guard slots.removeValue(forKey: id) != nil else { return .none }
    return next()
  }

  /// No more values; the ending runs once nothing runs or waits (rule 5).
  mutating func end() -> Release {
    guard case .open = lifecycle else { return Release() }
    lifecycle = .ending
    var release = Release()
    // Only idle slots left: the most recently parked runs the ending, the others go.
    let runsEnding = slots.count == idle.count ? idle.last : nil
    for id in idle {
      guard case .idle(let parked) = slots[id]?.phase else { preconditionFailure("idle slot \(id) is not idle") }
      if id == runsEnding {
        slots[id]?.phase = .handedEnding
        lifecycle = .ended
      } else {
        slots[id] = nil
      }
      if let parked { release.resume.append(parked) }
    }
    idle = []
    // Idle slots exist only while nothing waits beyond the kept values, so `next()` starts no
    // value here: it hands out the ending, or nothing.
    if case .end(let id) = next() { release.ending = id }
    return release
  }

  private mutating func next() -> Next {
    switch lifecycle {
    case .open, .ending:
      if slots.count < maxTasks && waitingCount > keptCount {
        waitingCount -= 1
        return .start(id: occupySlot(.working))
      }
      guard case .ending = lifecycle, slots.isEmpty else { return .none }
      lifecycle = .ended
      return .end(id: occupySlot(.working))
    case .ended, .closed:
      return .none
    }
  }

  /// Cancels everything (rule 6): the owner empties its queue; returns the handles to cancel,
  /// except `keeping`'s (a task that closes the scheduler itself and goes on to end it), and the
  /// parked tasks to resume, which then end.
  mutating func close(keeping: Int? = nil) -> Release {
    guard !isClosed else { return Release() }
    lifecycle = .closed
    waitingCount = 0
    keptCount = 0
    idle = []
    var release = Release()
    for (id, slot) in slots where id != keeping {
      switch slot.phase {
      case .idle(let parked):
        slots[id] = nil
        if let parked { release.resume.append(parked) }
      case .handed, .handedEnding:
        // Its waker resumes it, or it finds out in `park`: either way it asks `resumed` and ends.
        slots[id] = nil
      case .working:
        guard !slot.isCancelled else { continue }
        slots[id]?.isCancelled = true
        if let handle = slot.handle { release.cancel.append(handle) }
      }
    }
    return release
  }
}

extension TaskSlots.Next: Sendable {}

extension TaskSlots.Step: Sendable {}
