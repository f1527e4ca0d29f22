// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

struct PublisherFirstValueTests {
  @Test(.timeLimit(.minutes(1)))
  func returnsTheFirstValueAndCancels() async {
    let requests = Checkpoint()
    let publisher = TestPublisher<Int, Never>(onRequest: { _ in requests.signal() })
    let waiter = Task { await publisher.firstValue }
    await requests.wait(for: 1)
    publisher.send(5)
    #expect(await waiter.value == 5)
    #expect(publisher.subscription.events == [.requested(.max(1)), .cancelled])
  }

  @Test(.timeLimit(.minutes(1)))
  func currentValueSubjectGivesItsValue() async {
    let subject = CurrentValueSubject<String, Never>("now")
    #expect(await subject.firstValue == "now")
  }

  @Test(.timeLimit(.minutes(1)))
  func finishingWithoutAValueGivesNil() async {
    let subject = PassthroughSubject<Int, Never>()
    subject.send(completion: .finished)
    #expect(await subject.firstValue == nil)
  }

  @Test(.timeLimit(.minutes(1)))
  func cancellingTheWaitingTaskGivesNil() async {
    let requests = Checkpoint()
    let publisher = TestPublisher<Int, Never>(onRequest: { _ in requests.signal() })
    let waiter = Task { await publisher.firstValue }
    await requests.wait(for: 1)
    waiter.cancel()
    #expect(await waiter.value == nil)
    #expect(publisher.subscription.isCancelled)
  }

  @Test(.timeLimit(.minutes(1)))
  func throwingFormThrowsTheFailure() async {
    let subject = PassthroughSubject<Int, TestError>()
    subject.send(completion: .failure(TestError(id: 2)))
    await #expect(throws: TestError(id: 2)) { try await subject.firstValue }
  }

  @Test(.timeLimit(.minutes(1)))
  func throwingFormGivesNilWhenCancelled() async throws {
    let requests = Checkpoint()
    let publisher = TestPublisher<Int, TestError>(onRequest: { _ in requests.signal() })
    let waiter = Task { try await publisher.firstValue }
    await requests.wait(for: 1)
    waiter.cancel()
    #expect(try await waiter.value == nil)
  }
}
