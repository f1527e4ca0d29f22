// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport

/// The one task-slot scheduler: which values run in tasks of their own, how many at once, and
/// when the ending runs. It serves `asyncSink(policy:)` and `asyncMap`/`flatMap(maxTasks:)`.
///
/// A plain value the owner keeps inside its `LockedState`; it never locks, starts a task or calls
/// a closure. `Handle` is what cancels a task (a `Task` in the storages, anything in tests). The
/// rules, once:
/// 1. At most `maxTasks` slots run at once. A value that finds a free slot and nobody waiting
///    starts a task (``Offer/start(id:_:)``); otherwise ``WhenBusy`` decides: it waits (in arrival
///    order, unbounded), replaces the waiting value and cancels the one slot, or is dropped.
/// 2. A slot is *starting* until the owner registers its task (``started(_:handle:)``), then
///    *running*. A cancel that comes first is recorded and returned at registration.
/// 3. Before each run of work the task asks ``mayRun(_:)``: `false` once its slot or the whole
///    scheduler was cancelled, so no work starts after ``close()``.
/// 4. A task whose work returned takes the oldest waiting value itself (``workDone(_:)``) unless
///    its slot was cancelled; otherwise it ends (``finished(_:)``), freeing the slot for the oldest
///    waiting value, in a new task.
/// 5. ``end()`` stops new values; waiting values still run. Once no slot runs and nothing waits,
///    the ending gets a slot of its own (``Next/end(id:)``), exactly once.
/// 6. ``close()`` forgets the waiting values and cancels every slot: nothing starts afterwards.
struct TaskSlots<Value, Handle> {
  /// What a value does when every slot is taken (or values wait already).
  enum WhenBusy {
    /// It waits, in arrival order.
    case wait
    /// It replaces the waiting value and cancels the running slot (for one slot).
    case replace
    /// It is dropped.
    case drop
  }

  /// The answer to ``offer(_:)``.
  enum Offer {
    /// Nothing to do: the value waits, or the scheduler no longer takes values.
    case none
    /// Create a task for slot `id` with this value, then call ``started(_:handle:)``.
    case start(id: Int, Value)
    /// The value waits; cancel this task, whose slot it replaces.
    case cancel(Handle)
    /// The value was dropped.
    case drop
  }

  /// What starts once a slot ended, or the ending was asked for.
  enum Next {
    /// Nothing.
    case none
    /// Create a task for slot `id` with this value, then call ``started(_:handle:)``.
    case start(id: Int, Value)
    /// Create the ending's task for slot `id`, then call ``started(_:handle:)``.
    case end(id: Int)
  }

  /// What a task does once its work returned.
  enum AfterWork {
    /// Run again, in the same task, with this waiting value.
    case runNext(Value)
    /// The slot ended; then do what ``Next`` says.
    case end(Next)
  }

  private enum Slot {
    /// The owner is creating the task; `isCancelled` records a cancel that came first.
    case starting(isCancelled: Bool)
    /// The task runs; `isCancelled` says its handle was cancelled already.
    case running(Handle, isCancelled: Bool)

    var isCancelled: Bool {
      switch self {
      case .starting(let isCancelled), .running(_, let isCancelled): isCancelled
      }
    }
  }

  private enum Lifecycle {
    /// Values are taken.
    case open
    /// ``end()`` was asked: waiting values run, then the ending.
    case ending
    /// The ending's slot was handed out: nothing else starts.
    case ended
    /// ``close()``: nothing starts, every slot is cancelled.
    case closed
  }

  let maxTasks: Int
  let whenBusy: WhenBusy
  /// The slots that have not ended, by id.
  private var slots: [Int: Slot] = [:]
  /// Values waiting for a free slot, oldest first.
  private var waiting = ValueQueue<Value>()
  private var nextID = 0
  private var lifecycle = Lifecycle.open

  init(maxTasks: Int, whenBusy: WhenBusy) {
    precondition(maxTasks > 0, "task slots need at least one slot, not \(maxTasks)")
    precondition(whenBusy == .wait || maxTasks == 1, "only the wait rule takes more than one slot")
    self.maxTasks = maxTasks
    self.whenBusy = whenBusy
  }

  /// The values waiting, oldest first.
  var waitingValues: [Value] { waiting.elements }

  /// Slots that have not ended.
  var occupied: Int { slots.count }

  /// Whether ``close()`` was called.
  var isClosed: Bool {
    if case .closed = lifecycle { return true }
    return false
  }

  private mutating func occupySlot() -> Int {
    defer { nextID += 1 }
    slots[nextID] = .starting(isCancelled: false)
    return nextID
  }

  /// A value to run (rule 1).
  mutating func offer(_ value: Value) -> Offer {
    guard case .open = lifecycle else { return .none }
    if slots.count < maxTasks && waiting.isEmpty {
      return .start(id: occupySlot(), value)
    }
    switch whenBusy {
    case .wait:
      waiting.append(value)
      return .none
    case .drop:
      return .drop
    case .replace:
      _ = waiting.removeAll()
      waiting.append(value)
      guard let (id, slot) = slots.first, !slot.isCancelled else { return .none }
      switch slot {
      case .starting:
        slots[id] = .starting(isCancelled: true)
        return .none
      case .running(let handle, _):
        slots[id] = .running(handle, isCancelled: true)
        return .cancel(handle)
      }
    }
  }

  /// The owner created slot `id`'s task: returns the handle to cancel at once if a cancel came
  /// first (rule 2).
  mutating func started(_ id: Int, handle: Handle) -> Handle? {
    guard case .starting(let isCancelled) = slots[id] else { return nil }
    slots[id] = .running(handle, isCancelled: isCancelled)
    return isCancelled ? handle : nil
  }

  /// Whether slot `id`'s task may run its work now (rule 3).
  func mayRun(_ id: Int) -> Bool {
    guard !isClosed, let slot = slots[id] else { return false }
    return !slot.isCancelled
  }

  /// Slot `id`'s work returned (rule 4).
  mutating func workDone(_ id: Int) -> AfterWork {
    switch lifecycle {
    case .open, .ending:
      if slots[id]?.isCancelled == false, let value = waiting.popFirst() { return .runNext(value) }
    case .ended, .closed:
      break
    }
    return .end(finished(id))
  }

  /// Slot `id`'s task ended, having run its work or skipped it (rule 4).
  mutating func finished(_ id: Int) -> Next {
    slots[id] = nil
    return next()
  }

  /// No more values; the ending runs once nothing runs or waits (rule 5).
  mutating func end() -> Next {
    guard case .open = lifecycle else { return .none }
    lifecycle = .ending
    return next()
  }

  private mutating func next() -> Next {
    switch lifecycle {
    case .open, .ending:
      if slots.count < maxTasks, let value = waiting.popFirst() { return .start(id: occupySlot(), value) }
      guard case .ending = lifecycle, slots.isEmpty else { return .none }
      lifecycle = .ended
      return .end(id: occupySlot())
    case .ended, .closed:
      return .none
    }
  }

  /// Cancels everything (rule 6): returns the handles to cancel, except `keeping`'s (a task that
  /// closes the scheduler itself and goes on to end it).
  mutating func close(keeping: Int? = nil) -> [Handle] {
    guard !isClosed else { return [] }
    lifecycle = .closed
    _ = waiting.removeAll()
    var handles: [Handle] = []
    for (id, slot) in slots where !slot.isCancelled && id != keeping {
      switch slot {
      case .starting:
        slots[id] = .starting(isCancelled: true)
      case .running(let handle, _):
        slots[id] = .running(handle, isCancelled: true)
        handles.append(handle)
      }
    }
    return handles
  }
}
