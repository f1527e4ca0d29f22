// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct CatchTests {
  @Test func aSecondUpstreamSubscriptionIsCancelled() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.catch { Fail<Int, TestError>(error: $0) }.subscribe(recorder)
    let second = TestSubscription()
    upstream.sendSubscription(second)
    #expect(second.isCancelled)
    #expect(!upstream.subscription.isCancelled)
    #expect(recorder.subscriptionCount == 1)
  }

  @Test func valuesPassThroughEvenAfterCancel() {
    // As in Combine: a value within the demand reaches the subscriber even after a cancel, and
    // what the subscriber returns goes back to the upstream; completions are not forwarded.
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(2), demandPerValue: .max(3))
    upstream.catch { _ in Empty<Int, TestError>() }.subscribe(recorder)
    recorder.cancel()
    #expect(upstream.subscription.isCancelled)
    #expect(upstream.send(1) == .max(3))
    upstream.send(completion: .failure(TestError()))
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func aFinishBeforeTheSubscriptionIsIgnored() {
    let upstream = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let recorder = TestSubscriber<Int, TestError>()
    upstream.catch { _ in Empty<Int, TestError>() }.subscribe(recorder)
    upstream.send(completion: .finished)
    #expect(recorder.events.isEmpty)
  }

  @Test func aCancelWhileTheReplacementSubscribesLeavesItAskedForTheDemand() {
    // As in Combine: the cancel comes before the replacement's subscription, so it does not reach
    // it, and the replacement is asked for the demand left.
    let upstream = TestPublisher<Int, TestError>()
    let replacement = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(3))
    upstream.catch { _ in replacement }.subscribe(recorder)
    upstream.send(completion: .failure(TestError()))
    recorder.cancel()
    replacement.sendSubscription()
    #expect(replacement.subscription.events == [.requested(.max(3))])
    replacement.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func aFailureIsReplacedByTheHandlersPublisher() {
    let recorder = TestSubscriber<Int, Never>()
    Publishers.Sequence<[Int], TestError>(sequence: [1, 2]).append(Fail(error: TestError(id: 5)))
      .catch { error in Just(error.id * 10) }
      .subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(50), .completion(.finished)])
  }

  @Test func aFinishPassesThroughAndTheHandlerIsNotCalled() {
    let called = LockedState<Bool>.make(false)
    let recorder = TestSubscriber<Int, Never>()
    Publishers.Sequence<[Int], TestError>(sequence: [1]).catch { _ -> Just<Int> in
      called.withLock { $0 = true }
      return Just(0)
    }.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
    #expect(!called.withLock { $0 })
  }

  @Test func theReplacementIsAskedForTheDemandLeft() {
    let upstream = TestPublisher<Int, TestError>()
    let replacement = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(3))
    upstream.catch { _ in replacement }.subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.max(3))])
    upstream.send(1)
    upstream.send(completion: .failure(TestError()))
    #expect(replacement.subscription.events == [.requested(.max(2))])
    replacement.send(completion: .failure(TestError(id: 9)))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(TestError(id: 9)))])
    #expect(recorder.subscriptionCount == 1)
  }

  @Test func cancelReachesTheReplacement() {
    let upstream = TestPublisher<Int, TestError>()
    let replacement = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.catch { _ in replacement }.subscribe(recorder)
    upstream.send(completion: .failure(TestError()))
    recorder.cancel()
    #expect(replacement.subscription.isCancelled)
  }

  @Test func theHandlersPublisherIsReleasedAfterCompletion() {
    let tracker = SubscriptionTracker()
    let recorder = TestSubscriber<Int, Never>()
    Fail<Int, TestError>(error: TestError()).catch { _ in tracker.publisher() }.subscribe(recorder)
    #expect(tracker.alive == 1)
    tracker.finish(0)
    #expect(tracker.alive == 0)
    #expect(recorder.completion == .finished)
  }

  #if compiler(>=6.2)
  @Test func aValueBeyondTheDemandStopsTheProgram() async {
    // As Combine's does.
    await #expect(processExitsWith: .failure) {
      let upstream = TestPublisher<Int, TestError>()
      let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
      upstream.catch { _ in Empty<Int, TestError>() }.subscribe(recorder)
      upstream.send(1)
    }
  }

  @Test func aSecondUpstreamFailureStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let upstream = TestPublisher<Int, TestError>()
      let recorder = TestSubscriber<Int, TestError>()
      upstream.catch { _ in Empty<Int, TestError>(completeImmediately: false) }.subscribe(recorder)
      upstream.send(completion: .failure(TestError()))
      upstream.send(completion: .failure(TestError()))
    }
  }
  #endif
}
