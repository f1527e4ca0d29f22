// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct AsyncPublisherTests {
  @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
  @Test(timeLimit(minutes: 1))
  func valuesRequestsOneValuePerNext() async {
    let requests = Checkpoint()
    let publisher = TestPublisher<Int, Never>(onRequest: { _ in requests.signal() })
    let consumer = Task {
      var received: [Int] = []
      for await value in publisher.values { received.append(value) }
      return received
    }
    await requests.wait(for: 1)
    #expect(publisher.subscription.events == [.requested(.max(1))])
    publisher.send(1)
    await requests.wait(for: 2)
    #expect(publisher.subscription.events == [.requested(.max(1)), .requested(.max(1))])
    publisher.send(2)
    await requests.wait(for: 3)
    publisher.send(completion: .finished)
    #expect(await consumer.value == [1, 2])
    #expect(publisher.subscription.events == [.requested(.max(1)), .requested(.max(1)), .requested(.max(1))])
  }

  @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
  @Test(timeLimit(minutes: 1))
  func valuesSubscribesWhenTheIteratorIsMadeAndAsksForNothingUntilNext() {
    let publisher = TestPublisher<Int, Never>()
    let iterator = publisher.values.makeAsyncIterator()
    #expect(publisher.subscriberCount == 1)
    #expect(publisher.subscription.events.isEmpty)
    withExtendedLifetime(iterator) {}
  }

  @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
  @Test(timeLimit(minutes: 1))
  func cancellingTheIteratingTaskCancelsTheSubscription() async {
    let requests = Checkpoint()
    let publisher = TestPublisher<Int, Never>(onRequest: { _ in requests.signal() })
    let consumer = Task {
      var received: [Int] = []
      for await value in publisher.values { received.append(value) }
      return received
    }
    await requests.wait(for: 1)
    consumer.cancel()
    #expect(await consumer.value == [])
    #expect(publisher.subscription.events == [.requested(.max(1)), .cancelled])
  }

  @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
  @Test(timeLimit(minutes: 1))
  func leavingTheLoopEarlyCancelsTheSubscription() async {
    let subject = CurrentValueSubject<Int, Never>(1)
    let spy = SubscriberSpy(upstream: subject)
    for await value in spy.values {
      #expect(value == 1)
      break
    }
    #expect(spy.box.object == nil)
  }

  @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
  @Test(timeLimit(minutes: 1))
  func finishedPublisherEndsTheLoop() async {
    let subject = PassthroughSubject<Int, Never>()
    subject.send(completion: .finished)
    var received: [Int] = []
    for await value in subject.values { received.append(value) }
    #expect(received.isEmpty)
  }

  @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
  @Test(timeLimit(minutes: 1))
  func throwingValuesThrowTheFailureAfterTheValues() async {
    let requests = Checkpoint()
    let publisher = TestPublisher<Int, TestError>(onRequest: { _ in requests.signal() })
    let consumer = Task {
      var received: [Int] = []
      do {
        for try await value in publisher.values { received.append(value) }
      } catch {
        return (received, error as? TestError)
      }
      return (received, nil)
    }
    await requests.wait(for: 1)
    publisher.send(1)
    await requests.wait(for: 2)
    publisher.send(completion: .failure(TestError(id: 7)))
    let (received, error) = await consumer.value
    #expect(received == [1])
    #expect(error == TestError(id: 7))
  }

  @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
  @Test(timeLimit(minutes: 1))
  func throwingValuesReturnNilWhenCancelled() async throws {
    let requests = Checkpoint()
    let publisher = TestPublisher<Int, TestError>(onRequest: { _ in requests.signal() })
    let consumer = Task {
      var iterator = publisher.values.makeAsyncIterator()
      return try await iterator.next()
    }
    await requests.wait(for: 1)
    consumer.cancel()
    #expect(try await consumer.value == nil)
    #expect(publisher.subscription.isCancelled)
  }

  @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
  @Test(timeLimit(minutes: 1))
  func completionBeforeNextIsReportedByTheNextCall() async throws {
    let subject = CurrentValueSubject<Int, TestError>(3)
    var iterator = subject.values.makeAsyncIterator()
    #expect(try await iterator.next() == 3)
    subject.send(completion: .failure(TestError(id: 1)))
    await #expect(throws: TestError(id: 1)) { try await iterator.next() }
    #expect(try await iterator.next() == nil)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  @Test(timeLimit(minutes: 1))
  func concurrentNextCallsOnOneIteratorAreQueuedAndServedInOrder() async throws {
    let requests = Checkpoint()
    let publisher = TestPublisher<Int, Never>(onRequest: { _ in requests.signal() })
    let iterator = SharedIterator(publisher.values.makeAsyncIterator())
    let first = Task { await iterator.next() }
    await requests.wait(for: 1)
    let second = Task { await iterator.next() }
    await requests.wait(for: 2)
    #expect(publisher.subscription.events == [.requested(.max(1)), .requested(.max(1))])
    publisher.send(10)
    publisher.send(20)
    #expect(await first.value == 10)
    #expect(await second.value == 20)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  @Test(timeLimit(minutes: 1))
  func aFailureGoesToTheOldestWaitingCallAndTheOthersEnd() async throws {
    let requests = Checkpoint()
    let publisher = TestPublisher<Int, TestError>(onRequest: { _ in requests.signal() })
    let iterator = SharedThrowingIterator(publisher.values.makeAsyncIterator())
    let first = Task { try await iterator.next() }
    await requests.wait(for: 1)
    let second = Task { try await iterator.next() }
    await requests.wait(for: 2)
    publisher.send(completion: .failure(TestError(id: 3)))
    await #expect(throws: TestError(id: 3)) { try await first.value }
    #expect(try await second.value == nil)
  }

  @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
  @Test func aValueNobodyAskedForStops() async {
    await #expect(processExitsWith: .failure) {
      let publisher = TestPublisher<Int, Never>()
      let iterator = publisher.values.makeAsyncIterator()
      _ = publisher.send(1)
      withExtendedLifetime(iterator) {}
    }
  }
}

/// One iterator shared by several tasks, as Combine allows.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
private actor SharedIterator {
  private var iterator: AsyncPublisher<TestPublisher<Int, Never>>.Iterator

  init(_ iterator: AsyncPublisher<TestPublisher<Int, Never>>.Iterator) {
    self.iterator = iterator
  }

  func next() async -> Int? {
    var copy = iterator
    return await copy.next(isolation: self)
  }
}

/// One throwing iterator shared by several tasks.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
private actor SharedThrowingIterator {
  private var iterator: AsyncThrowingPublisher<TestPublisher<Int, TestError>>.Iterator

  init(_ iterator: AsyncThrowingPublisher<TestPublisher<Int, TestError>>.Iterator) {
    self.iterator = iterator
  }

  func next() async throws -> Int? {
    var copy = iterator
    return try await copy.next(isolation: self)
  }
}
