// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

/// Suspends until `release` reaches `target`, signalling `cancelled` if the task is cancelled
/// meanwhile; returns whether the task was cancelled.
private func hold(until release: Checkpoint, reaches target: Int, cancelled: Checkpoint) async -> Bool {
  await withTaskCancellationHandler {
    await release.wait(for: target)
  } onCancel: {
    cancelled.signal()
  }
  return Task.isCancelled
}

struct PublisherAsyncSinkPolicyTests {
  static let policies: [AsyncSinkPolicy] = [.serial, .latest, .dropWhileBusy, .concurrent(maxTasks: 2)]

  @Test(timeLimit(minutes: 1))
  func latestCancelsTheWorkInFlightAndRunsTheNewestValueAfterIt() async {
    let subject = PassthroughSubject<Int, Never>()
    let started = Recorder<Int>()
    let startedCount = Checkpoint()
    let release = Checkpoint()
    let cancelled = Checkpoint()
    let sawCancellation = Recorder<Bool>()
    let done = Checkpoint()
    let cancellable = subject.asyncSink(policy: .latest) { value in
      started.append(value)
      startedCount.signal()
      if value == 1 {
        sawCancellation.append(await hold(until: release, reaches: 1, cancelled: cancelled))
      }
      done.signal()
    }
    subject.send(1)
    await startedCount.wait(for: 1)
    subject.send(2)  // cancels 1; waits for 1 to return
    await cancelled.wait(for: 1)
    subject.send(3)  // replaces 2
    release.signal()
    await done.wait(for: 2)
    #expect(started.elements == [1, 3])
    #expect(sawCancellation.elements == [true])
    withExtendedLifetime(cancellable) {}
  }

  @Test(timeLimit(minutes: 1))
  func dropWhileBusyDropsAndCountsValuesThatArriveDuringWork() async {
    let subject = PassthroughSubject<Int, Never>()
    let drops = DropCounter()
    let processed = Recorder<Int>()
    let startedCount = Checkpoint()
    let release = Checkpoint()
    let cancelled = Checkpoint()
    let done = Checkpoint()
    let cancellable = subject.asyncSink(policy: .dropWhileBusy(countingDropsIn: drops)) { value in
      processed.append(value)
      startedCount.signal()
      if value == 1 { _ = await hold(until: release, reaches: 1, cancelled: cancelled) }
      done.signal()
    }
    subject.send(1)
    await startedCount.wait(for: 1)
    subject.send(2)
    subject.send(3)
    #expect(drops.count == 2)
    release.signal()
    await done.wait(for: 1)
    // `done` is signalled inside the closure: wait until the task has really ended.
    var sent = 3
    while processed.elements.count < 2 {
      sent += 1
      subject.send(sent)
      await Task.yield()
    }
    await done.wait(for: 2)
    #expect(processed.elements == [1, sent])
    #expect(drops.count == sent - 2)
    withExtendedLifetime(cancellable) {}
  }

  @Test(timeLimit(minutes: 1))
  func concurrentRunsAtMostMaxTasksAndStartsValuesInArrivalOrder() async {
    let subject = PassthroughSubject<Int, Never>()
    let started = Recorder<Int>()
    let startedCount = Checkpoint()
    let release = Checkpoint()
    let cancelled = Checkpoint()
    let done = Checkpoint()
    let inFlight = LockedState.make((current: 0, highest: 0))
    let cancellable = subject.asyncSink(policy: .concurrent(maxTasks: 2)) { value in
      inFlight.withLock { state in
        state.current += 1
        state.highest = max(state.highest, state.current)
      }
      started.append(value)
      startedCount.signal()
      // Value v returns once `release` reached v: 1 first, then 2, …
      _ = await hold(until: release, reaches: value, cancelled: cancelled)
      inFlight.withLock { $0.current -= 1 }
      done.signal()
    }
    for value in 1...5 { subject.send(value) }
    await startedCount.wait(for: 2)
    #expect(Set(started.elements) == [1, 2])
    release.signal()  // 1 returns: 3 starts
    await startedCount.wait(for: 3)
    #expect(started.elements.last == 3)
    release.signal()  // 2 returns: 4 starts
    await startedCount.wait(for: 4)
    #expect(started.elements.last == 4)
    for _ in 3...5 { release.signal() }
    await done.wait(for: 5)
    #expect(Set(started.elements) == [1, 2, 3, 4, 5])
    #expect(inFlight.withLock { $0.highest } == 2)
    withExtendedLifetime(cancellable) {}
  }

  @Test(timeLimit(minutes: 1), arguments: policies)
  func cancelReachesTheWorkInFlightAndNothingRunsAfter(policy: AsyncSinkPolicy) async {
    let subject = PassthroughSubject<Int, Never>()
    let processed = Recorder<Int>()
    let startedCount = Checkpoint()
    let release = Checkpoint()
    let cancelled = Checkpoint()
    let released = Checkpoint()
    let sawCancellation = Recorder<Bool>()
    let completions = Recorder<String>()
    let probe = ReleaseProbe(released)
    var cancellable: AnyCancellable? = subject.asyncSink(policy: policy) { [probe] completion in
      withExtendedLifetime(probe) {}
      completions.append("\(completion)")
    } receiveValue: { value in
      processed.append(value)
      startedCount.signal()
      sawCancellation.append(await hold(until: release, reaches: 1, cancelled: cancelled))
    }
    _ = consume probe
    subject.send(1)
    await startedCount.wait(for: 1)
    cancellable?.cancel()
    await cancelled.wait(for: 1)
    subject.send(2)
    subject.send(completion: .finished)
    cancellable = nil
    release.signal()
    // The storage, which owns the closures, is released once the last task has ended.
    await released.wait(for: 1)
    #expect(processed.elements == [1])
    #expect(sawCancellation.elements == [true])
    #expect(completions.elements.isEmpty)
  }

  @Test(timeLimit(minutes: 1), arguments: policies)
  func releasingTheCancellableCancelsAndReleasesTheSubscriber(policy: AsyncSinkPolicy) async {
    let subject = PassthroughSubject<Int, Never>()
    let spy = SubscriberSpy(upstream: subject)
    let released = Checkpoint()
    let done = Checkpoint()
    let probe = ReleaseProbe(released)
    var cancellables = Set<AnyCancellable>()
    spy.asyncSink(policy: policy) { [probe] _ in
      withExtendedLifetime(probe) {}
      done.signal()
    }.store(in: &cancellables)
    _ = consume probe
    subject.send(1)
    await done.wait(for: 1)
    #expect(spy.box.object != nil, "the stored cancellable keeps the subscription alive")
    cancellables.removeAll()
    await released.wait(for: 1)
    #expect(spy.box.object == nil)
  }

  @Test(timeLimit(minutes: 1), arguments: policies)
  func receiveCompletionRunsAfterTheLastWorkEnds(policy: AsyncSinkPolicy) async {
    let subject = PassthroughSubject<Int, TestError>()
    let events = Recorder<String>()
    let startedCount = Checkpoint()
    let release = Checkpoint()
    let cancelled = Checkpoint()
    let done = Checkpoint()
    let cancellable = subject.asyncSink(policy: policy) { completion in
      events.append("\(completion)")
      done.signal()
    } receiveValue: { value in
      startedCount.signal()
      _ = await hold(until: release, reaches: 1, cancelled: cancelled)
      events.append("\(value)")
    }
    subject.send(1)
    await startedCount.wait(for: 1)
    subject.send(completion: .failure(TestError(id: 4)))
    release.signal()
    await done.wait(for: 1)
    #expect(events.elements == ["1", "failure(SignalsTests.TestError(id: 4))"])
    #expect(cancelled.count == 0)
    withExtendedLifetime(cancellable) {}
  }

  @Test(timeLimit(minutes: 1), arguments: policies)
  func everyTaskRunsWithTheRequestedPriority(policy: AsyncSinkPolicy) async {
    let subject = PassthroughSubject<Int, Never>()
    let priorities = Recorder<TaskPriority>()
    let done = Checkpoint()
    let cancellable = subject.asyncSink(policy: policy, priority: .high) { _ in
      priorities.append(Task.currentPriority)
      done.signal()
    } receiveValue: { _ in
      priorities.append(Task.currentPriority)
    }
    subject.send(1)
    subject.send(completion: .finished)
    await done.wait(for: 1)
    #expect(priorities.elements == [.high, .high])
    withExtendedLifetime(cancellable) {}
  }

  @Test(timeLimit(minutes: 1))
  func serialPolicyProcessesEveryValueInOrder() async {
    let subject = PassthroughSubject<Int, Never>()
    let processed = Recorder<Int>()
    let done = Checkpoint()
    let cancellable = subject.asyncSink(policy: .serial) { value in
      await Task.yield()
      processed.append(value)
      done.signal()
    }
    for value in 1...50 { subject.send(value) }
    await done.wait(for: 50)
    #expect(processed.elements == Array(1...50))
    withExtendedLifetime(cancellable) {}
  }

  @Test func policiesDescribeThemselves() {
    #expect(Self.policies.map(\.description) == ["serial", "latest", "dropWhileBusy", "concurrent(maxTasks: 2)"])
    #expect(AsyncSinkPolicy.concurrent(maxTasks: 1).description == "serial")
  }
}
