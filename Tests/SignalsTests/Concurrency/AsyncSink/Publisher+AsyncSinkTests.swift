// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct PublisherAsyncSinkTests {
  @Test(timeLimit(minutes: 1))
  func processesValuesInOrderOneAtATime() async {
    let subject = PassthroughSubject<Int, Never>()
    let processed = Recorder<Int>()
    let done = Checkpoint()
    let inFlight = LockedState.make((current: 0, highest: 0))
    let cancellable = subject.asyncSink { value in
      inFlight.withLock { state in
        state.current += 1
        state.highest = max(state.highest, state.current)
      }
      await Task.yield()
      processed.append(value)
      inFlight.withLock { $0.current -= 1 }
      done.signal()
    }
    for value in 1...200 { subject.send(value) }
    await done.wait(for: 200)
    #expect(processed.elements == Array(1...200))
    #expect(inFlight.withLock { $0.highest } == 1)
    withExtendedLifetime(cancellable) {}
  }

  @Test(timeLimit(minutes: 1))
  func noValueIsLostWhileTheClosureAwaits() async {
    let subject = PassthroughSubject<Int, Never>()
    let started = Checkpoint()
    let gate = Checkpoint()
    let done = Checkpoint()
    let processed = Recorder<Int>()
    let cancellable = subject.asyncSink { value in
      started.signal()
      if value == 1 { await gate.wait(for: 1) }
      processed.append(value)
      done.signal()
    }
    subject.send(1)
    await started.wait(for: 1)
    for value in 2...10 { subject.send(value) }
    gate.signal()
    await done.wait(for: 10)
    #expect(processed.elements == Array(1...10))
    withExtendedLifetime(cancellable) {}
  }

  @Test(timeLimit(minutes: 1), arguments: [TaskPriority.low, .medium, .high])
  func runsWithTheRequestedPriority(priority: TaskPriority) async {
    let subject = CurrentValueSubject<Int, Never>(0)
    let priorities = Recorder<TaskPriority>()
    let done = Checkpoint()
    let cancellable = subject.asyncSink(priority: priority) { _ in
      priorities.append(Task.currentPriority)
      done.signal()
    }
    await done.wait(for: 1)
    #expect(priorities.elements == [priority])
    withExtendedLifetime(cancellable) {}
  }

  @Test(timeLimit(minutes: 1))
  func cancelReachesTheClosureInFlightAndStopsLaterValues() async {
    let subject = PassthroughSubject<Int, Never>()
    let started = Checkpoint()
    let gate = Checkpoint()
    let released = Checkpoint()
    let processed = Recorder<Int>()
    let sawCancellation = Recorder<Bool>()
    let probe = ReleaseProbe(released)
    var cancellable: AnyCancellable? = subject.asyncSink { [probe] value in
      withExtendedLifetime(probe) {}
      processed.append(value)
      started.signal()
      await gate.wait(for: 1)
      sawCancellation.append(Task.isCancelled)
    }
    _ = consume probe
    subject.send(1)
    await started.wait(for: 1)
    subject.send(2)
    subject.send(3)
    cancellable?.cancel()
    cancellable = nil
    gate.signal()
    // The task ends (and releases its closure) only after the closure in flight returned.
    await released.wait(for: 1)
    #expect(processed.elements == [1])
    #expect(sawCancellation.elements == [true])
  }

  @Test(timeLimit(minutes: 1))
  func releasingTheCancellableCancels() async {
    let subject = PassthroughSubject<Int, Never>()
    let spy = SubscriberSpy(upstream: subject)
    let done = Checkpoint()
    var cancellables = Set<AnyCancellable>()
    spy.asyncSink { _ in done.signal() }.store(in: &cancellables)
    subject.send(1)
    await done.wait(for: 1)
    #expect(spy.box.object != nil, "the stored cancellable keeps the subscription alive")
    cancellables.removeAll()
    #expect(spy.box.object == nil)
  }

  @Test(timeLimit(minutes: 1))
  func receiveCompletionRunsAfterTheLastValue() async {
    let subject = PassthroughSubject<Int, TestError>()
    let events = Recorder<String>()
    let done = Checkpoint()
    let cancellable = subject.asyncSink { completion in
      events.append("\(completion)")
      done.signal()
    } receiveValue: { value in
      await Task.yield()
      events.append("\(value)")
    }
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(TestError(id: 4)))
    await done.wait(for: 1)
    #expect(events.elements == ["1", "2", "failure(SignalsTests.TestError(id: 4))"])
    withExtendedLifetime(cancellable) {}
  }
}

/// `asyncSink` called inside an actor runs its closures on that actor.
@Suite(timeLimit(minutes: 1))
struct AsyncSinkIsolationTests {
  @MainActor final class Inbox {
    var items: [Int] = []
    var ranOnMainActor = true
    var subscriptions = Set<AnyCancellable>()
    let received = Checkpoint()

    func listen(to events: PassthroughSubject<Int, Never>) {
      events.asyncSink { value in
        // Main-actor state, touched with no `await`: the closure is the main actor's.
        self.ranOnMainActor = self.ranOnMainActor && MainActorContext.isCurrent
        self.items.append(value)
        self.received.signal()
      }
      .store(in: &subscriptions)
    }
  }

  actor Tally {
    var total = 0
    var values: [Int] = []
    var cancellable: AnyCancellable?

    func listen(to events: PassthroughSubject<Int, Never>, received: Checkpoint) {
      cancellable = events.asyncSink { value in
        self.total += value  // the actor's state, no `await`
        self.values.append(value)
        received.signal()
      }
    }
  }

  @MainActor @Test func aMainActorCallerGetsItsClosureRunOnTheMainActorInOrder() async {
    let events = PassthroughSubject<Int, Never>()
    let inbox = Inbox()
    inbox.listen(to: events)
    await Task.detached { for value in 1...20 { events.send(value) } }.value
    await inbox.received.wait(for: 20)
    #expect(inbox.items == Array(1...20))
    #expect(inbox.ranOnMainActor)
  }

  @MainActor @Test func everyPolicyRunsAMainActorCallersClosureOnTheMainActor() async {
    let events = PassthroughSubject<Int, Never>()
    let inbox = Inbox()
    let cancellable = events.asyncSink(policy: .concurrent(maxTasks: 2)) { value in
      inbox.ranOnMainActor = inbox.ranOnMainActor && MainActorContext.isCurrent
      inbox.items.append(value)  // main-actor state, no `await`
      inbox.received.signal()
    }
    await Task.detached { for value in 1...6 { events.send(value) } }.value
    await inbox.received.wait(for: 6)
    #expect(inbox.items.sorted() == Array(1...6))
    #expect(inbox.ranOnMainActor)
    cancellable.cancel()
  }

  @Test func anActorCallerGetsItsClosureRunOnThatActor() async {
    let events = PassthroughSubject<Int, Never>()
    let tally = Tally()
    let received = Checkpoint()
    await tally.listen(to: events, received: received)
    for value in 1...10 { events.send(value) }
    await received.wait(for: 10)
    #expect(await tally.total == 55)
    #expect(await tally.values == Array(1...10))
  }

  @MainActor @Test func cancellingAMainActorAsyncSinkCancelsTheClosureInFlight() async {
    let events = PassthroughSubject<Int, Never>()
    let started = Checkpoint()
    let release = Checkpoint()
    let ended = Checkpoint()
    var sawCancellation = false
    var processed: [Int] = []
    let cancellable = events.asyncSink { value in
      processed.append(value)
      started.signal()
      await release.wait(for: 1)
      sawCancellation = Task.isCancelled
      ended.signal()
    }
    events.send(1)
    events.send(2)
    await started.wait(for: 1)
    cancellable.cancel()
    release.signal()
    await ended.wait(for: 1)
    #expect(sawCancellation)
    #expect(processed == [1])
  }
}
