// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

/// An endless sequence 1, 2, 3, … that counts how many times `next()` was called.
private struct CountingSequence: AsyncSequence, Sendable {
  typealias Element = Int
  typealias Failure = Never

  let pulls = LockedState.make(0)

  struct AsyncIterator: AsyncIteratorProtocol {
    typealias Failure = Never
    let pulls: LockedState<Int>

    mutating func next() async -> Int? {
      pulls.withLock { count in
        count += 1
        return count
      }
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(pulls: pulls)
  }
}

/// Subscribes with a sink and waits for the completion.
private func events<P: Publisher>(of publisher: P) async -> [String] where P.Output: Sendable {
  let events = Recorder<String>()
  let done = Checkpoint()
  let cancellable = publisher.sink(
    receiveCompletion: { completion in
      events.append("\(completion)")
      done.signal()
    },
    receiveValue: { events.append("\($0)") })
  await done.wait(for: 1)
  withExtendedLifetime(cancellable) {}
  return events.elements
}

struct AsyncSequencePublisherTests {
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  @Test(timeLimit(minutes: 1))
  func pullsOnlyWhatWasRequested() async {
    let source = CountingSequence()
    let received = Checkpoint()
    let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(3), onValue: { _ in received.signal() })
    source.publisher.subscribe(subscriber)
    await received.wait(for: 3)
    #expect(subscriber.values == [1, 2, 3])
    #expect(source.pulls.withLock { $0 } == 3)
    subscriber.request(.max(1))
    await received.wait(for: 4)
    #expect(subscriber.values == [1, 2, 3, 4])
    #expect(source.pulls.withLock { $0 } == 4)
    subscriber.cancel()
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  @Test(timeLimit(minutes: 1))
  func isLazy() {
    let source = CountingSequence()
    let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
    source.publisher.subscribe(subscriber)
    #expect(subscriber.events == [.subscription])
    #expect(source.pulls.withLock { $0 } == 0)
    subscriber.cancel()
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  @Test(timeLimit(minutes: 1))
  func finishesWhenTheSequenceEnds() async {
    let (stream, input) = AsyncStream.makeStream(of: Int.self)
    for value in 1...3 { input.yield(value) }
    input.finish()
    #expect(await events(of: stream.publisher) == ["1", "2", "3", "finished"])
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  @Test(timeLimit(minutes: 1))
  func failureTypeIsTheSequencesOwn() {
    #expect(AsyncSequencePublisher<AsyncStream<Int>>.Failure.self == Never.self)
    #expect(AsyncSequencePublisher<AsyncThrowingStream<Int, any Error>>.Failure.self == (any Error).self)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  @Test(timeLimit(minutes: 1))
  func errorsBecomeFailures() async {
    let (stream, input) = AsyncThrowingStream.makeStream(of: Int.self)
    input.yield(1)
    input.finish(throwing: TestError(id: 5))
    #expect(await events(of: stream.publisher) == ["1", "failure(SignalsTests.TestError(id: 5))"])
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  @Test(timeLimit(minutes: 1))
  func cancellingTheSubscriptionCancelsTheIteratingTask() async {
    let (stream, input) = AsyncStream.makeStream(of: Int.self)
    let cancelled = Checkpoint()
    input.onTermination = { termination in
      if case .cancelled = termination { cancelled.signal() }
    }
    let received = Checkpoint()
    let subscriber = TestSubscriber<Int, Never>(onValue: { _ in received.signal() })
    stream.publisher.subscribe(subscriber)
    input.yield(1)
    await received.wait(for: 1)
    subscriber.cancel()
    await cancelled.wait(for: 1)
    input.yield(2)
    #expect(subscriber.events == [.subscription, .value(1)])
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  @Test(timeLimit(minutes: 1))
  func cancellingWhileWaitingForDemandStopsTheTask() async {
    let source = CountingSequence()
    let received = Checkpoint()
    let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1), onValue: { _ in received.signal() })
    source.publisher.subscribe(subscriber)
    await received.wait(for: 1)
    subscriber.cancel()
    subscriber.request(.max(5))
    #expect(subscriber.values == [1])
  }
}
