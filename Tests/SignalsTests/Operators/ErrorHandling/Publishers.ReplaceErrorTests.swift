// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct ReplaceErrorTests {
  // Not `checkOperatorContract`: as in Combine, a value sent beyond the demand stops the program
  // (see `valueBeyondTheDemandStops`); the rest of the contract is checked here.

  @Test func replaceErrorCancelsASecondSubscriptionAndForwardsNothingAfterCancel() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, Never>()
    upstream.replaceError(with: 0).subscribe(recorder)
    let second = TestSubscription()
    upstream.sendSubscription(second)
    #expect(second.events == [.cancelled])
    recorder.cancel()
    upstream.send(1)
    upstream.send(completion: .failure(TestError()))
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.events == [.requested(.unlimited), .cancelled])
  }

  @Test func aCompletionAfterTheHeldReplacementIsIgnored() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    upstream.replaceError(with: 42).subscribe(recorder)
    upstream.send(completion: .failure(TestError()))
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(42), .completion(.finished)])
  }

  @Test func cancelBeforeTheSubscriptionIsNotRemembered() throws {
    let upstream = HoldingPublisher<Int, TestError>()
    upstream.replaceError(with: 0).subscribe(TestSubscriber<Int, Never>(initialDemand: .max(2)))
    try #require(upstream.inner).cancel()
    let subscription = TestSubscription()
    upstream.send(subscription: subscription)
    #expect(subscription.events == [.requested(.max(2))])
  }

  @Test func subscriptionShowsNoChildren() throws {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, Never>()
    upstream.replaceError(with: 0).subscribe(recorder)
    let subscription = try #require(recorder.subscription)
    #expect(Mirror(reflecting: subscription).children.isEmpty)
  }

  #if compiler(>=6.2)
  @Test func valueBeyondTheDemandStops() async {
    await #expect(processExitsWith: .failure) {
      let upstream = TestPublisher<Int, TestError>()
      upstream.replaceError(with: 0).subscribe(TestSubscriber<Int, Never>(initialDemand: .none))
      upstream.send(1)
    }
  }
  #endif

  @Test func failureBecomesTheReplacementAndFinished() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(5))
    upstream.replaceError(with: -1).subscribe(recorder)
    #expect(upstream.send(1) == .none)
    upstream.send(completion: .failure(TestError()))
    #expect(recorder.events == [.subscription, .value(1), .value(-1), .completion(.finished)])
    #expect(upstream.subscription.events == [.requested(.max(5))])
  }

  @Test func replacementIsHeldUntilDownstreamAsks() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1))
    upstream.replaceError(with: -1).subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(TestError()))
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.request(.max(3))
    #expect(recorder.events == [.subscription, .value(1), .value(-1), .completion(.finished)])
    #expect(upstream.subscription.events == [.requested(.max(1))])
  }

  @Test func demandReturnedByTheLastValueCountsForTheReplacement() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
    upstream.replaceError(with: -1).subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(TestError()))
    #expect(recorder.events == [.subscription, .value(1), .value(-1), .completion(.finished)])
  }

  @Test func finishedPassesThrough() {
    let recorder = TestSubscriber<Int, Never>()
    Just(3).setFailureType(to: TestError.self).replaceError(with: 0).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(3), .completion(.finished)])
  }

  @Test func requestFromInsideTheReplacementDoesNotDeliverItTwice() {
    let upstream = TestPublisher<Int, TestError>()
    let box = SubscriberBox<Int>()
    let recorder = TestSubscriber<Int, Never>(
      initialDemand: .none,
      onValue: { _ in box.subscriber?.request(.max(1)) })
    box.subscriber = recorder
    upstream.replaceError(with: -1).subscribe(recorder)
    upstream.send(completion: .failure(TestError()))
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(-1), .completion(.finished)])
  }
}
