// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct ReplaceEmptyTests {
  // Not `checkOperatorContract`'s demand accounting: as in Combine, `replaceEmpty` asks upstream
  // for `.unlimited` and forwards every value.

  @Test func asksUpstreamForEverythingAfterForwardingTheFirstRequest() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    upstream.replaceEmpty(with: 0).subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.max(1)), .requested(.unlimited)])
    upstream.send(1)
    upstream.send(2)
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    recorder.request(.max(3))
    #expect(upstream.subscription.events == [.requested(.max(1)), .requested(.unlimited), .requested(.max(3))])
  }

  @Test func cancelBeforeTheSubscriptionIsNotRemembered() throws {
    let upstream = HoldingPublisher<Int, TestError>()
    upstream.replaceEmpty(with: 0).subscribe(TestSubscriber<Int, TestError>(initialDemand: .none))
    try #require(upstream.inner).cancel()
    let subscription = TestSubscription()
    upstream.send(subscription: subscription)
    #expect(subscription.events == [.requested(.unlimited)])
  }

  @Test func subscriptionShowsNoChildren() throws {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.replaceEmpty(with: 0).subscribe(recorder)
    let subscription = try #require(recorder.subscription)
    #expect(Mirror(reflecting: subscription).children.isEmpty)
  }

  @Test func valuesPassThroughAndNoReplacementFollows() {
    let recorder = TestSubscriber<Int, Never>()
    [1, 2].publisher.replaceEmpty(with: 0).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test func emptyUpstreamIsReplacedWhenDemandIsThere() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    upstream.replaceEmpty(with: 7).subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.max(1)), .requested(.unlimited)])
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(7), .completion(.finished)])
  }

  @Test func replacementWaitsForDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.replaceEmpty(with: 7).subscribe(recorder)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(7), .completion(.finished)])
    recorder.request(.max(1))
    #expect(recorder.events.count == 3)
    #expect(upstream.subscription.events == [.requested(.unlimited)])
  }

  @Test func cancelWhileTheReplacementWaitsDropsIt() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.replaceEmpty(with: 7).subscribe(recorder)
    upstream.send(completion: .finished)
    recorder.cancel()
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription])
  }

  @Test func failureIsForwardedNotReplaced() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.replaceEmpty(with: 7).subscribe(recorder)
    upstream.send(completion: .failure(TestError(id: 2)))
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 2)))])
  }

  #if compiler(>=6.2)
  @Test func requestingNoneStops() async {
    await #expect(processExitsWith: .failure) {
      let upstream = TestPublisher<Int, TestError>()
      let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
      upstream.replaceEmpty(with: 0).subscribe(recorder)
      recorder.request(.none)
    }
  }
  #endif
}
