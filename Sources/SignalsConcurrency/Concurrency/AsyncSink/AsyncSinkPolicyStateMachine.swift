// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

/// The pure state machine behind `asyncSink(policy:…)` for the policies that run a task per
/// run of work (``AsyncSinkPolicy/latest``, ``AsyncSinkPolicy/dropWhileBusy`` and
/// ``AsyncSinkPolicy/concurrent(maxTasks:)``; ``AsyncSinkPolicy/serial`` keeps its one-task storage).
///
/// It never locks, awaits, starts a task or calls a closure: each event returns what the storage
/// must do once it has released the lock. `Handle` is what cancels a task (a `Task` in the
/// storage, anything in tests). A task is first *starting* (the storage is creating it), then
/// *running* once the storage has registered its handle.
struct AsyncSinkPolicyStateMachine<Value, Failure: Error, Handle> {
  /// How many closures may run at once and what a value arriving while busy does.
  enum Mode {
    /// One at a time; a new value cancels the running one and waits (replacing any older waiter).
    case latest
    /// One at a time; a value arriving while one runs is dropped.
    case dropWhileBusy
    /// Up to `maxTasks` at once; further values wait in arrival order.
    case concurrent(maxTasks: Int)
  }

  /// One task of ours, value work or the completion.
  enum Slot {
    /// The storage is creating the task; `isCancelled` records a cancel that came first.
    case starting(isCancelled: Bool)
    /// The task runs; `isCancelled` says its handle was already cancelled.
    case running(Handle, isCancelled: Bool)
  }

  enum State {
    /// Accepting values; `completion` is set once upstream has finished and work remains.
    case active(completion: Subscribers.Completion<Failure>?)
    /// Completion work was started; nothing else will start.
    case completing
    /// Cancelled by the user; nothing starts any more.
    case cancelled
  }

  /// What the storage does after a value arrived.
  enum ValueAction {
    /// Nothing now (the value waits, or the sink is over).
    case none
    /// Create a task with this id for this value, then call ``started(_:handle:)``.
    case start(id: Int, Value)
    /// Cancel the work in flight (the value waits for it to return).
    case cancel(Handle)
    /// The value was dropped by policy: count it.
    case drop
  }

  /// What the storage does after a task ended or the upstream completed.
  enum NextAction {
    /// Nothing now.
    case none
    /// Create a task with this id for this value, then call ``started(_:handle:)``.
    case start(id: Int, Value)
    /// Create the task that runs `receiveCompletion`, with this id, then call ``started(_:handle:)``.
    case complete(id: Int, Subscribers.Completion<Failure>)
  }

  /// What a task does after its closure returned.
  enum AfterWorkAction {
    /// Run the closure again, in the same task, with this waiting value (saves creating a task).
    case runNext(Value)
    /// End; then do what the ``NextAction`` says (start another task, or the completion).
    case end(NextAction)
  }

  let mode: Mode
  private(set) var state = State.active(completion: nil)
  /// Tasks that have not ended, by id.
  private(set) var slots: [Int: Slot] = [:]
  /// Values waiting for a free task, oldest first.
  private var waiting = ValueQueue<Value>()
  private var nextID = 0

  init(mode: Mode) {
    self.mode = mode
  }

  /// The values waiting, oldest first.
  var waitingValues: [Value] { waiting.elements }

  private var maxTasks: Int {
    if case .concurrent(let maxTasks) = mode { return maxTasks }
    return 1
  }

  private mutating func makeID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  /// A value arrived from upstream.
  mutating func receive(_ value: Value) -> ValueAction {
    guard case .active(nil) = state else { return .none }
    if slots.count < maxTasks && waiting.isEmpty {
      let id = makeID()
      slots[id] = .starting(isCancelled: false)
      return .start(id: id, value)
    }
    switch mode {
    case .concurrent:
      waiting.append(value)
      return .none
    case .dropWhileBusy:
      return .drop
    case .latest:
      _ = waiting.removeAll()
      waiting.append(value)
      // One slot at most: cancel it unless already cancelled.
      guard let (id, slot) = slots.first else { return .none }
      switch slot {
      case .starting:
        slots[id] = .starting(isCancelled: true)
        return .none
      case .running(let handle, let isCancelled):
        guard !isCancelled else { return .none }
        slots[id] = .running(handle, isCancelled: true)
        return .cancel(handle)
      }
    }
  }

  /// The storage created the task `id`: returns the handle to cancel at once if a cancel came
  /// first (the task must then not run its closure).
  mutating func started(_ id: Int, handle: Handle) -> Handle? {
    guard case .starting(let isCancelled) = slots[id] else { return nil }
    let cancelled = isCancelled || isOver
    slots[id] = .running(handle, isCancelled: cancelled)
    return cancelled ? handle : nil
  }

  private var isOver: Bool {
    if case .cancelled = state { return true }
    return false
  }

  /// Asked by task `id` before it runs its closure: `false` once the sink, or this task, was
  /// cancelled.
  func mayRun(_ id: Int) -> Bool {
    guard !isOver else { return false }
    switch slots[id] {
    case .starting(let isCancelled)?, .running(_, let isCancelled)?: return !isCancelled
    case nil: return false
    }
  }

  /// Upstream completed.
  mutating func receive(completion: Subscribers.Completion<Failure>) -> NextAction {
    guard case .active(nil) = state else { return .none }
    state = .active(completion: completion)
    return nextWork()
  }

  /// Task `id` ended (its closure returned, or it skipped the closure).
  mutating func finished(_ id: Int) -> NextAction {
    slots[id] = nil
    return nextWork()
  }

  /// Task `id`'s closure returned: the task takes the oldest waiting value itself unless it, or
  /// the sink, was cancelled (a cancelled task cannot run work any more); otherwise it ends.
  mutating func workDone(_ id: Int) -> AfterWorkAction {
    if case .active = state, case .running(_, isCancelled: false)? = slots[id], let value = waiting.popFirst() {
      return .runNext(value)
    }
    return .end(finished(id))
  }

  private mutating func nextWork() -> NextAction {
    guard case .active(let completion) = state else { return .none }
    if slots.count < maxTasks, let value = waiting.popFirst() {
      let id = makeID()
      slots[id] = .starting(isCancelled: false)
      return .start(id: id, value)
    }
    guard let completion, slots.isEmpty, waiting.isEmpty else { return .none }
    state = .completing
    let id = makeID()
    slots[id] = .starting(isCancelled: false)
    return .complete(id: id, completion)
  }

  /// The user cancelled: returns the handles to cancel. Nothing starts afterwards.
  mutating func cancel() -> [Handle] {
    guard !isOver else { return [] }
    state = .cancelled
    _ = waiting.removeAll()
    var handles: [Handle] = []
    for (id, slot) in slots {
      switch slot {
      case .starting:
        slots[id] = .starting(isCancelled: true)
      case .running(let handle, let isCancelled):
        slots[id] = .running(handle, isCancelled: true)
        if !isCancelled { handles.append(handle) }
      }
    }
    return handles
  }
}
