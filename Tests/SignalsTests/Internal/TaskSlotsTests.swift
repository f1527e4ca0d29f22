// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Testing

@testable import SignalsConcurrency

/// `TaskSlots`, the one task-slot scheduler behind `asyncSink(policy:)` and `asyncMap`/
/// `flatMap(maxTasks:)`: each rule once. `TaskSlotsModelTests` runs random events against a plain
/// reference, with the owner's queue of values.
struct TaskSlotsTests {
  /// Handles are `"t…"` and what wakes a parked task `"p…"`.
  typealias Slots = TaskSlots<String, String>

  static func text(_ offer: Slots.Offer) -> String {
    switch offer {
    case .ignore: "ignore"
    case .start(let id): "start \(id)"
    case .wait: "wait"
    case .wake(let parked): "wake \(parked ?? "parking")"
    case .replace(let handle): "replace, cancel \(handle ?? "none")"
    case .drop: "drop"
    }
  }

  static func text(_ next: Slots.Next) -> String {
    switch next {
    case .none: "none"
    case .start(let id): "start \(id)"
    case .end(let id): "end \(id)"
    }
  }

  static func text(_ step: Slots.Step) -> String {
    switch step {
    case .runNext: "run"
    case .runEnding: "ending"
    case .park: "park"
    case .end(let next): "end, \(text(next))"
    }
  }

  static func text(_ release: Slots.Release) -> String {
    "ending \(release.ending.map(String.init) ?? "none"); resume \(release.resume.sorted()); "
      + "cancel \(release.cancel.sorted())"
  }

  private func text(_ offer: Slots.Offer) -> String { Self.text(offer) }
  private func text(_ next: Slots.Next) -> String { Self.text(next) }
  private func text(_ step: Slots.Step) -> String { Self.text(step) }
  private func text(_ release: Slots.Release) -> String { Self.text(release) }

  private static let nothing = "ending none; resume []; cancel []"

  @Test func upToMaxTasksStartThenValuesWaitInArrivalOrder() {
    var slots = Slots(maxTasks: 2, whenBusy: .wait)
    #expect(text(slots.offer()) == "start 0")
    #expect(text(slots.offer()) == "start 1")
    #expect(text(slots.offer()) == "wait")
    #expect(text(slots.offer()) == "wait")
    #expect(slots.waiting == 2)
    #expect(text(slots.finished(1)) == "start 2", "with the oldest waiting value")
    #expect(text(slots.finished(0)) == "start 3")
    #expect(slots.waiting == 0)
  }

  @Test func aTaskWithNothingWaitingParksAndTheNextValueWakesItInsteadOfANewTask() {
    var slots = Slots(maxTasks: 2, whenBusy: .wait)
    #expect(text(slots.offer()) == "start 0")
    #expect(text(slots.workDone(0)) == "park")
    #expect(slots.parkedCount == 1)
    #expect(slots.park(0, "p0") == true)
    #expect(text(slots.offer()) == "wake p0")
    #expect(slots.waiting == 1 && slots.parkedCount == 0)
    #expect(text(slots.offer()) == "start 1", "slot 0 has its value: room for a second task")
    #expect(text(slots.resumed(0)) == "run")
    #expect(slots.waiting == 0 && slots.occupied == 2)
  }

  @Test func aValueHandedWhileTheTaskIsParkingIsTakenWithoutWaiting() {
    var slots = Slots(maxTasks: 1, whenBusy: .wait)
    _ = slots.offer()
    #expect(text(slots.workDone(0)) == "park")
    #expect(text(slots.offer()) == "wake parking", "nothing to resume yet")
    #expect(slots.park(0, "p0") == false, "the task must not wait: it resumes at once")
    #expect(text(slots.resumed(0)) == "run")
  }

  @Test func aValueKeptForAWokenSlotIsNotTakenByAnother() {
    var slots = Slots(maxTasks: 2, whenBusy: .wait)
    _ = slots.offer()
    _ = slots.offer()
    _ = slots.workDone(0)
    _ = slots.park(0, "p0")
    #expect(text(slots.offer()) == "wake p0")
    #expect(text(slots.workDone(1)) == "park", "the one waiting value is slot 0's")
    #expect(text(slots.resumed(0)) == "run")
  }

  @Test func aTaskWhoseWorkIsDoneTakesTheOldestWaitingValueUnlessCancelled() {
    var slots = Slots(maxTasks: 1, whenBusy: .replace)
    _ = slots.offer()
    #expect(slots.started(0, handle: "t0") == nil)
    #expect(text(slots.offer()) == "replace, cancel t0")
    #expect(text(slots.offer()) == "replace, cancel none", "already cancelled")
    #expect(slots.waiting == 1, "the newest replaces the waiting value")
    #expect(!slots.mayRun(0))
    #expect(text(slots.workDone(0)) == "end, start 1", "a cancelled task neither takes it nor parks")
    var waiting = Slots(maxTasks: 1, whenBusy: .wait)
    _ = waiting.offer()
    _ = waiting.offer()
    #expect(text(waiting.workDone(0)) == "run", "a task still starting takes it too")
    #expect(text(waiting.workDone(0)) == "park")
  }

  @Test func theReplaceRuleReplacesAValueKeptForAParkedTaskNotTakenYet() {
    var slots = Slots(maxTasks: 1, whenBusy: .replace)
    _ = slots.offer()
    _ = slots.started(0, handle: "t0")
    _ = slots.workDone(0)
    #expect(slots.park(0, "p0") == true)
    #expect(text(slots.offer()) == "wake p0")
    #expect(text(slots.offer()) == "replace, cancel none", "nothing runs yet: nothing to cancel")
    #expect(slots.waiting == 1)
    #expect(text(slots.resumed(0)) == "run")
    #expect(slots.waiting == 0)
  }

  @Test func aCancelBeforeRegistrationIsReturnedAtRegistration() {
    var slots = Slots(maxTasks: 1, whenBusy: .replace)
    _ = slots.offer()
    #expect(text(slots.offer()) == "replace, cancel none")
    #expect(!slots.mayRun(0))
    #expect(slots.started(0, handle: "t0") == "t0")
  }

  @Test func aValueFindingEverySlotTakenIsDroppedUnderTheDropRule() {
    var slots = Slots(maxTasks: 1, whenBusy: .drop)
    #expect(text(slots.offer()) == "start 0")
    #expect(text(slots.offer()) == "drop")
    #expect(text(slots.workDone(0)) == "park")
    #expect(slots.park(0, "p0") == true)
    #expect(text(slots.offer()) == "wake p0")
    #expect(text(slots.offer()) == "drop", "handed a value: busy")
  }

  @Test func anOpenedSlotParksBeforeAnyValue() {
    var slots = Slots(maxTasks: 2, whenBusy: .wait)
    #expect(slots.open() == 0)
    #expect(slots.open() == nil, "a slot exists already")
    #expect(slots.park(0, "p0") == true)
    #expect(text(slots.offer()) == "wake p0")
    #expect(text(slots.resumed(0)) == "run")
    var early = Slots(maxTasks: 1, whenBusy: .wait)
    _ = early.open()
    #expect(text(early.offer()) == "wake parking", "handed before the task parked")
    #expect(early.park(0, "p0") == false)
    #expect(text(early.resumed(0)) == "run")
  }

  @Test func theLastSlotRunsTheEndingOnceAfterTheWaitingValues() {
    var slots = Slots(maxTasks: 1, whenBusy: .wait)
    _ = slots.offer()
    _ = slots.offer()
    #expect(text(slots.end()) == Self.nothing)
    #expect(text(slots.offer()) == "ignore", "no value after the ending")
    #expect(text(slots.workDone(0)) == "run")
    #expect(text(slots.workDone(0)) == "ending", "the same task runs the ending")
    #expect(text(slots.finished(0)) == "none")
    #expect(text(slots.end()) == Self.nothing)
    var idle = Slots(maxTasks: 3, whenBusy: .wait)
    #expect(text(idle.end()) == "ending 0; resume []; cancel []", "no task at all: the ending gets one")
  }

  @Test func theEndingWakesAParkedTaskAndLetsTheOtherParkedOnesGo() {
    var slots = Slots(maxTasks: 3, whenBusy: .wait)
    for _ in 1...3 { _ = slots.offer() }
    for id in 0...1 {
      _ = slots.workDone(id)
      _ = slots.park(id, "p\(id)")
    }
    #expect(text(slots.end()) == "ending none; resume [\"p0\", \"p1\"]; cancel []", "slot 2 still works")
    #expect(text(slots.resumed(0)) == "end, none")
    #expect(text(slots.resumed(1)) == "end, none")
    #expect(text(slots.workDone(2)) == "ending")
    var parked = Slots(maxTasks: 2, whenBusy: .wait)
    _ = parked.offer()
    _ = parked.offer()
    for id in 0...1 {
      _ = parked.workDone(id)
      _ = parked.park(id, "p\(id)")
    }
    #expect(text(parked.end()) == "ending none; resume [\"p0\", \"p1\"]; cancel []")
    #expect(text(parked.resumed(0)) == "end, none")
    #expect(text(parked.resumed(1)) == "ending", "the most recently parked runs the ending")
    #expect(parked.occupied == 1)
  }

  @Test func closeCancelsWorkingSlotsButTheKeptOneLetsParkedOnesGoAndStartsNothing() {
    var slots = Slots(maxTasks: 4, whenBusy: .wait)
    for _ in 1...6 { _ = slots.offer() }
    _ = slots.started(0, handle: "t0")
    _ = slots.started(1, handle: "t1")
    _ = slots.started(3, handle: "t3")
    #expect(text(slots.workDone(3)) == "run")
    #expect(text(slots.workDone(3)) == "run")
    #expect(text(slots.workDone(3)) == "park")
    #expect(slots.park(3, "p3") == true)
    #expect(text(slots.close(keeping: 1)) == "ending none; resume [\"p3\"]; cancel [\"t0\"]")
    #expect(text(slots.close()) == Self.nothing, "a second close does nothing")
    #expect(slots.isClosed && slots.waiting == 0 && slots.parkedCount == 0)
    #expect(!slots.mayRun(0) && !slots.mayRun(1) && !slots.mayRun(2))
    #expect(slots.started(2, handle: "t2") == "t2", "a task registered after close is cancelled at once")
    #expect(text(slots.resumed(3)) == "end, none")
    #expect(text(slots.workDone(1)) == "end, none")
    #expect(text(slots.offer()) == "ignore")
    #expect(text(slots.end()) == Self.nothing)
    #expect(slots.open() == nil)
  }

  @Test func closeLetsASlotHandedAValueGoBeforeItTakesIt() {
    var slots = Slots(maxTasks: 1, whenBusy: .wait)
    _ = slots.offer()
    _ = slots.workDone(0)
    _ = slots.park(0, "p0")
    #expect(text(slots.offer()) == "wake p0")
    #expect(text(slots.close()) == Self.nothing, "its waker resumes it")
    #expect(slots.waiting == 0, "the owner forgets the value")
    #expect(text(slots.resumed(0)) == "end, none", "the handed value does not run")
    #expect(slots.occupied == 0)
  }

  @Test func aCancelledParkedTaskIsLetGo() {
    var slots = Slots(maxTasks: 1, whenBusy: .wait)
    _ = slots.offer()
    _ = slots.workDone(0)
    #expect(slots.cancelParked(0) == nil, "still parking: nothing to resume")
    #expect(slots.park(0, "p0") == false)
    #expect(text(slots.resumed(0)) == "end, none")
    #expect(text(slots.offer()) == "start 1")
    _ = slots.workDone(1)
    _ = slots.park(1, "p1")
    #expect(slots.cancelParked(1) == "p1")
    #expect(slots.occupied == 0 && slots.parkedCount == 0)
  }
}
