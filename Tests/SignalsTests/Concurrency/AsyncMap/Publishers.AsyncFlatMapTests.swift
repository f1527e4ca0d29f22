// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct PublishersAsyncFlatMapTests {
  @Test func flatMapMaxTasksKeepsTheContract() {
    checkOperatorContract { $0.flatMap(maxTasks: 2) { $0 * 2 } }
  }

  @Test(timeLimit(minutes: 1))
  func runsAtMostMaxTasksAtOnce() async {
    let subject = PassthroughSubject<Int, Never>()
    let started = Checkpoint()
    let gate = Checkpoint()
    let inFlight = LockedState.make((current: 0, highest: 0))
    let received = Checkpoint()
    let values = Recorder<Int>()
    let completed = Checkpoint()
    let cancellable = subject.flatMap(maxTasks: 3) { value in
      inFlight.withLock { state in
        state.current += 1
        state.highest = max(state.highest, state.current)
      }
      started.signal()
      await gate.wait(for: 1)
      inFlight.withLock { $0.current -= 1 }
      return value
    }.sink { _ in
      completed.signal()
    } receiveValue: { value in
      values.append(value)
      received.signal()
    }
    for value in 1...10 { subject.send(value) }
    subject.send(completion: .finished)
    await started.wait(for: 3)
    #expect(inFlight.withLock { $0.highest } == 3)
    gate.signal()
    await completed.wait(for: 1)
    #expect(values.elements.sorted() == Array(1...10))
    #expect(inFlight.withLock { $0.highest } == 3)
    withExtendedLifetime(cancellable) {}
  }

  @Test(timeLimit(minutes: 1))
  func emitsInCompletionOrder() async {
    let subject = PassthroughSubject<Int, Never>()
    let firstMayFinish = Checkpoint()
    let received = Checkpoint()
    let values = Recorder<Int>()
    let cancellable = subject.flatMap(maxTasks: 2) { value in
      if value == 1 { await firstMayFinish.wait(for: 1) }
      return value
    }.sink { value in
      values.append(value)
      received.signal()
    }
    subject.send(1)
    subject.send(2)
    await received.wait(for: 1)
    firstMayFinish.signal()
    await received.wait(for: 2)
    #expect(values.elements == [2, 1])
    withExtendedLifetime(cancellable) {}
  }

  @Test(timeLimit(minutes: 1))
  func childTasksRunWithTheRequestedPriority() async {
    let subject = CurrentValueSubject<Int, Never>(1)
    let received = Checkpoint()
    let priorities = Recorder<TaskPriority>()
    let cancellable = subject.flatMap(maxTasks: 2, priority: .low) { _ in Task.currentPriority }.sink {
      priorities.append($0)
      received.signal()
    }
    await received.wait(for: 1)
    #expect(priorities.elements == [.low])
    withExtendedLifetime(cancellable) {}
  }

  @Test(timeLimit(minutes: 1))
  func cancelReachesEveryTransformInFlight() async {
    let upstream = TestPublisher<Int, Never>()
    let started = Checkpoint()
    let gate = Checkpoint()
    let sawCancellation = Recorder<Bool>()
    let observed = Checkpoint()
    let downstream = TestSubscriber<Int, Never>()
    upstream.flatMap(maxTasks: 2) { value in
      started.signal()
      await gate.wait(for: 1)
      sawCancellation.append(Task.isCancelled)
      observed.signal()
      return value
    }.subscribe(downstream)
    upstream.send(1)
    upstream.send(2)
    await started.wait(for: 2)
    downstream.cancel()
    gate.signal()
    await observed.wait(for: 2)
    #expect(sawCancellation.elements == [true, true])
    #expect(downstream.values.isEmpty)
  }
}
