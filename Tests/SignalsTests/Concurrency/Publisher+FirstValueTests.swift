// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct PublisherFirstValueTests {
  @Test(timeLimit(minutes: 1))
  func returnsTheFirstValueAndCancels() async {
    let requests = Checkpoint()
    let publisher = TestPublisher<Int, Never>(onRequest: { _ in requests.signal() })
    let waiter = Task { await publisher.firstValue }
    await requests.wait(for: 1)
    publisher.send(5)
    #expect(await waiter.value == 5)
    #expect(publisher.subscription.events == [.requested(.max(1)), .cancelled])
  }

  @Test(timeLimit(minutes: 1))
  func currentValueSubjectGivesItsValue() async {
    let subject = CurrentValueSubject<String, Never>("now")
    #expect(await subject.firstValue == "now")
  }

  @Test(timeLimit(minutes: 1))
  func finishingWithoutAValueGivesNil() async {
    let subject = PassthroughSubject<Int, Never>()
    subject.send(completion: .finished)
    #expect(await subject.firstValue == nil)
  }

  @Test(timeLimit(minutes: 1))
  func cancellingTheWaitingTaskGivesNil() async {
    let requests = Checkpoint()
    let publisher = TestPublisher<Int, Never>(onRequest: { _ in requests.signal() })
    let waiter = Task { await publisher.firstValue }
    await requests.wait(for: 1)
    waiter.cancel()
    #expect(await waiter.value == nil)
    #expect(publisher.subscription.isCancelled)
  }

  @Test(timeLimit(minutes: 1))
  func throwingFormThrowsTheFailure() async {
    let subject = PassthroughSubject<Int, TestError>()
    subject.send(completion: .failure(TestError(id: 2)))
    await #expect(throws: TestError(id: 2)) { try await subject.firstValue }
  }

  @Test(timeLimit(minutes: 1))
  func throwingFormGivesNilWhenCancelled() async throws {
    let requests = Checkpoint()
    let publisher = TestPublisher<Int, TestError>(onRequest: { _ in requests.signal() })
    let waiter = Task { try await publisher.firstValue }
    await requests.wait(for: 1)
    waiter.cancel()
    #expect(try await waiter.value == nil)
  }
}

/// `firstValue` awaited on an actor stays on it, so a publisher that is not `Sendable` (most
/// operator chains) can be awaited there.
@Suite(timeLimit(minutes: 1))
struct FirstValueIsolationTests {
  @MainActor final class Counter: ObservableObject {
    @Published var count = 0
  }

  @MainActor @Test func aNonSendableChainIsAwaitedOnTheMainActor() async {
    let counter = Counter()
    counter.count = 3
    // `Publishers.FirstWhere<Published<Int>.Publisher>` is not `Sendable`: awaited here, it stays here.
    #expect(await counter.$count.first { $0 == 3 }.firstValue == 3)
    #expect(MainActorContext.isCurrent)
  }

  @MainActor @Test func theThrowingFormIsAwaitedOnTheMainActorToo() async throws {
    let replies = CurrentValueSubject<Int, TestError>(2)
    #expect(try await replies.map { $0 * 2 }.filter { $0 > 2 }.firstValue == 4)
  }
}
