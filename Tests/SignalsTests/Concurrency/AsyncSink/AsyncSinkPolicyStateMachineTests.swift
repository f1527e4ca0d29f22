// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Testing

@testable import Signals
@testable import SignalsConcurrency

struct AsyncSinkPolicyStateMachineTests {
  private typealias Machine = AsyncSinkPolicyStateMachine<Int, TestError, String>

  /// The action as text, so that tests compare whole actions.
  private func text(_ action: Machine.ValueAction) -> String {
    switch action {
    case .none: "none"
    case .start(let id, let value): "start \(id) \(value)"
    case .cancel(let handle): "cancel \(handle)"
    case .drop: "drop"
    }
  }

  private func text(_ action: Machine.NextAction) -> String {
    switch action {
    case .none: "none"
    case .start(let id, let value): "start \(id) \(value)"
    case .complete(let id, let completion): "complete \(id) \(completion)"
    }
  }

  private func text(_ action: Machine.AfterWorkAction) -> String {
    switch action {
    case .runNext(let value): "run next \(value)"
    case .end(let next): "end, then \(text(next))"
    }
  }

  @Test func aTaskWhoseWorkIsDoneTakesTheOldestWaitingValue() {
    var machine = Machine(mode: .concurrent(maxTasks: 2))
    _ = machine.receive(1)
    _ = machine.receive(2)
    _ = machine.receive(3)
    _ = machine.receive(completion: .finished)
    _ = machine.started(0, handle: "t0")
    _ = machine.started(1, handle: "t1")
    #expect(text(machine.workDone(1)) == "run next 3")
    #expect(text(machine.workDone(1)) == "end, then none")
    #expect(text(machine.workDone(0)) == "end, then complete 2 finished")
  }

  @Test func aCancelledTaskEndsInsteadOfTakingTheNextValue() {
    var machine = Machine(mode: .latest)
    _ = machine.receive(1)
    _ = machine.started(0, handle: "t0")
    _ = machine.receive(2)
    #expect(text(machine.workDone(0)) == "end, then start 1 2")
  }

  @Test func concurrentStartsUpToMaxTasksThenQueuesInArrivalOrder() {
    var machine = Machine(mode: .concurrent(maxTasks: 2))
    #expect(text(machine.receive(1)) == "start 0 1")
    #expect(text(machine.receive(2)) == "start 1 2")
    #expect(text(machine.receive(3)) == "none")
    #expect(text(machine.receive(4)) == "none")
    #expect(machine.waitingValues == [3, 4])
    #expect(machine.started(0, handle: "t0") == nil)
    #expect(machine.started(1, handle: "t1") == nil)
    #expect(text(machine.finished(1)) == "start 2 3")
    #expect(text(machine.finished(0)) == "start 3 4")
    #expect(machine.waitingValues.isEmpty)
  }

  @Test func concurrentCompletesOnlyAfterTheQueueAndTheLastTask() {
    var machine = Machine(mode: .concurrent(maxTasks: 1))
    _ = machine.receive(1)
    _ = machine.receive(2)
    #expect(text(machine.receive(completion: .finished)) == "none")
    #expect(text(machine.finished(0)) == "start 1 2")
    #expect(text(machine.finished(1)) == "complete 2 finished")
    #expect(text(machine.finished(2)) == "none")
  }

  @Test func completionWithNothingRunningCompletesAtOnce() {
    var machine = Machine(mode: .latest)
    #expect(
      text(machine.receive(completion: .failure(TestError(id: 1))))
        == "complete 0 failure(SignalsTests.TestError(id: 1))")
    #expect(text(machine.receive(5)) == "none", "a value after the completion is ignored")
  }

  @Test func latestCancelsTheRunningTaskAndKeepsOnlyTheNewestWaiting() {
    var machine = Machine(mode: .latest)
    #expect(text(machine.receive(1)) == "start 0 1")
    #expect(machine.started(0, handle: "t0") == nil)
    #expect(text(machine.receive(2)) == "cancel t0")
    #expect(text(machine.receive(3)) == "none", "the running task is already cancelled")
    #expect(machine.waitingValues == [3])
    #expect(!machine.mayRun(0))
    #expect(text(machine.finished(0)) == "start 1 3")
    #expect(machine.mayRun(1))
  }

  @Test func latestCancelsATaskStillStartingWhenItRegisters() {
    var machine = Machine(mode: .latest)
    _ = machine.receive(1)
    #expect(text(machine.receive(2)) == "none")
    #expect(!machine.mayRun(0))
    #expect(machine.started(0, handle: "t0") == "t0")
  }

  @Test func dropWhileBusyDropsWhileATaskRuns() {
    var machine = Machine(mode: .dropWhileBusy)
    #expect(text(machine.receive(1)) == "start 0 1")
    #expect(text(machine.receive(2)) == "drop")
    #expect(text(machine.receive(3)) == "drop")
    #expect(text(machine.finished(0)) == "none")
    #expect(text(machine.receive(4)) == "start 1 4")
  }

  @Test func cancelReturnsEveryRunningHandleAndStopsEverything() {
    var machine = Machine(mode: .concurrent(maxTasks: 3))
    _ = machine.receive(1)
    _ = machine.receive(2)
    _ = machine.receive(3)
    _ = machine.receive(4)
    _ = machine.started(0, handle: "t0")
    _ = machine.started(1, handle: "t1")
    #expect(machine.cancel().sorted() == ["t0", "t1"])
    #expect(machine.cancel().isEmpty, "a second cancel does nothing")
    #expect(!machine.mayRun(0) && !machine.mayRun(2))
    #expect(machine.started(2, handle: "t2") == "t2", "a task registered after cancel is cancelled at once")
    #expect(machine.waitingValues.isEmpty)
    #expect(text(machine.finished(0)) == "none")
    #expect(text(machine.receive(5)) == "none")
    #expect(text(machine.receive(completion: .finished)) == "none")
  }

  @Test func cancelDuringCompletionCancelsTheCompletionTask() {
    var machine = Machine(mode: .dropWhileBusy)
    _ = machine.receive(completion: .finished)
    _ = machine.started(0, handle: "completion")
    #expect(machine.cancel() == ["completion"])
  }
}
