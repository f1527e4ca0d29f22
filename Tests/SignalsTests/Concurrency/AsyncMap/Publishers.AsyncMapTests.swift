// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

/// Collects a publisher's values and completion through a sink, and lets a test wait for them.
private final class Collector<Output: Sendable, Failure: Error>: Sendable {
  let values = Recorder<Output>()
  let completions = Recorder<String>()
  let received = Checkpoint()
  let completed = Checkpoint()
  // In an `UnsafeTransfer`: Apple's `AnyCancellable` is not `Sendable`; it is kept and taken under
  // the lock, and Combine's cancel may come from any thread.
  private let cancellable = LockedState<UnsafeTransfer<AnyCancellable>?>.make(nil)

  init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
    let token = publisher.sink(
      receiveCompletion: { [completions, completed] completion in
        completions.append("\(completion)")
        completed.signal()
      },
      receiveValue: { [values, received] value in
        values.append(value)
        received.signal()
      })
    cancellable.withLock { $0 = UnsafeTransfer(token) }
  }

  func cancel() {
    cancellable.withLock { $0 }?.wrapped.cancel()
  }
}

/// A task-local that tells whose context a closure runs in.
private enum Requester {
  @TaskLocal static var name = "none"
}

struct PublishersAsyncMapTests {
  @Test func asyncMapKeepsTheContract() {
    checkOperatorContract { $0.asyncMap { $0 * 2 } }
  }

  @Test(timeLimit(minutes: 1))
  func asyncMapKeepsOrderAndRunsOneAtATime() async {
    let subject = PassthroughSubject<Int, Never>()
    let inFlight = LockedState.make((current: 0, highest: 0))
    let collector = Collector(
      subject.asyncMap { value in
        inFlight.withLock { state in
          state.current += 1
          state.highest = max(state.highest, state.current)
        }
        for _ in 0..<(value % 3) { await Task.yield() }
        inFlight.withLock { $0.current -= 1 }
        return value * 10
      })
    for value in 1...100 { subject.send(value) }
    subject.send(completion: .finished)
    await collector.completed.wait(for: 1)
    #expect(collector.values.elements == (1...100).map { $0 * 10 })
    #expect(collector.completions.elements == ["finished"])
    #expect(inFlight.withLock { $0.highest } == 1)
  }

  @Test(timeLimit(minutes: 1), arguments: [TaskPriority.low, .high])
  func asyncMapRunsWithTheRequestedPriority(priority: TaskPriority) async {
    let subject = CurrentValueSubject<Int, Never>(1)
    let collector = Collector(subject.asyncMap(priority: priority) { _ in Task.currentPriority })
    await collector.received.wait(for: 1)
    #expect(collector.values.elements == [priority])
  }

  @Test(timeLimit(minutes: 1))
  func withoutAPriorityTheTransformAndTheFinishRunInTheFirstRequestersContext() async {
    let subject = PassthroughSubject<Int, Never>()
    let names = Recorder<String>()
    let completed = Checkpoint()
    let cancellable = Requester.$name.withValue("requester") {
      subject.asyncMap { _ in Requester.name }.sink(
        receiveCompletion: { _ in
          names.append("finished in \(Requester.name)")
          completed.signal()
        },
        receiveValue: { names.append($0) })
    }
    Requester.$name.withValue("sender") {
      for value in 1...3 { subject.send(value) }
      subject.send(completion: .finished)
    }
    await completed.wait(for: 1)
    #expect(names.elements == ["requester", "requester", "requester", "finished in requester"])
    withExtendedLifetime(cancellable) {}
  }

  @Test(timeLimit(minutes: 1))
  func asyncMapForwardsDemandOneForOne() async {
    let upstream = TestPublisher<Int, TestError>()
    let received = Checkpoint()
    let downstream = TestSubscriber<Int, TestError>(initialDemand: .max(2), onValue: { _ in received.signal() })
    upstream.asyncMap { $0 + 1 }.subscribe(downstream)
    #expect(upstream.subscription.events == [.requested(.max(2))])
    upstream.send(1)
    upstream.send(2)
    upstream.send(3)  // not requested: dropped
    await received.wait(for: 2)
    #expect(downstream.values == [2, 3])
    downstream.request(.max(1))
    #expect(upstream.subscription.events == [.requested(.max(2)), .requested(.max(1))])
    downstream.cancel()
  }

  @Test(timeLimit(minutes: 1))
  func cancelReachesTheTransformInFlight() async {
    let upstream = TestPublisher<Int, Never>()
    let started = Checkpoint()
    let gate = Checkpoint()
    let sawCancellation = Recorder<Bool>()
    let observed = Checkpoint()
    let downstream = TestSubscriber<Int, Never>()
    upstream.asyncMap { value in
      started.signal()
      await gate.wait(for: 1)
      sawCancellation.append(Task.isCancelled)
      observed.signal()
      return value
    }.subscribe(downstream)
    upstream.send(1)
    await started.wait(for: 1)
    downstream.cancel()
    gate.signal()
    await observed.wait(for: 1)
    #expect(sawCancellation.elements == [true])
    #expect(upstream.subscription.isCancelled)
  }

  @Test(timeLimit(minutes: 1))
  func tryAsyncMapFailsWithTheThrownErrorAndCancelsUpstream() async {
    let upstream = TestPublisher<Int, Never>()
    let completed = Checkpoint()
    let values = Recorder<Int>()
    let failures = Recorder<TestError?>()
    let cancellable = upstream.tryAsyncMap { value -> Int in
      if value == 2 { throw TestError(id: 2) }
      return value
    }.sink { completion in
      if case .failure(let error) = completion { failures.append(error as? TestError) }
      completed.signal()
    } receiveValue: {
      values.append($0)
    }
    upstream.send(1)
    upstream.send(2)
    upstream.send(3)
    await completed.wait(for: 1)
    #expect(values.elements == [1])
    #expect(failures.elements == [TestError(id: 2)])
    #expect(upstream.subscription.isCancelled)
    withExtendedLifetime(cancellable) {}
  }

  @Test(timeLimit(minutes: 1))
  func tryAsyncMapForwardsAnUpstreamFailure() async {
    let subject = PassthroughSubject<Int, TestError>()
    let collector = Collector(subject.tryAsyncMap { $0 })
    subject.send(completion: .failure(TestError(id: 8)))
    await collector.completed.wait(for: 1)
    #expect(collector.completions.elements == ["failure(SignalsTests.TestError(id: 8))"])
  }
}

/// `asyncMap`, `tryAsyncMap` and `flatMap(maxTasks:)` called inside an actor transform on it.
@Suite(timeLimit(minutes: 1))
struct AsyncMapIsolationTests {
  @MainActor final class Labeler {
    var prefix = "item"
    var transformsOnMainActor = true

    func labels(_ ids: PassthroughSubject<Int, Never>) -> AnyPublisher<String, Never> {
      ids.asyncMap { id in
        self.transformsOnMainActor = self.transformsOnMainActor && MainActorContext.isCurrent
        return "\(self.prefix) \(id)"  // main-actor state, no `await`
      }
      .eraseToAnyPublisher()
    }

    func checkedLabels(_ ids: PassthroughSubject<Int, Never>) -> AnyPublisher<String, any Error> {
      ids.tryAsyncMap { id in "\(self.prefix) \(id)" }.eraseToAnyPublisher()
    }

    func concurrentLabels(_ ids: PassthroughSubject<Int, Never>) -> AnyPublisher<String, Never> {
      ids.flatMap(maxTasks: 3) { id in "\(self.prefix) \(id)" }.eraseToAnyPublisher()
    }
  }

  @MainActor @Test func aMainActorCallerGetsItsTransformRunOnTheMainActor() async {
    let ids = PassthroughSubject<Int, Never>()
    let labeler = Labeler()
    let received = Checkpoint()
    var labels: [String] = []
    let cancellable = labeler.labels(ids).receive(on: .mainActor).sink {
      labels.append($0)
      received.signal()
    }
    await Task.detached { for id in 1...5 { ids.send(id) } }.value
    await received.wait(for: 5)
    #expect(labels == (1...5).map { "item \($0)" })
    #expect(labeler.transformsOnMainActor)
    cancellable.cancel()
  }

  @MainActor @Test func tryAsyncMapAndFlatMapTakeTheCallersActorToo() async {
    let ids = PassthroughSubject<Int, Never>()
    let labeler = Labeler()
    let received = Checkpoint()
    let tried = labeler.checkedLabels(ids).sink(receiveCompletion: { _ in }) { @Sendable _ in
      received.signal()
    }
    let concurrent = labeler.concurrentLabels(ids).sink { @Sendable _ in received.signal() }
    ids.send(1)
    ids.send(2)
    await received.wait(for: 4)
    #expect(received.count == 4)
    tried.cancel()
    concurrent.cancel()
  }
}
