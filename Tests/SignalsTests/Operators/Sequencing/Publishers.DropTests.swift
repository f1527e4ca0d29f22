// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct DropTests {
  @Test func dropFirstKeepsTheContract() {
    checkOperatorContract(skipping: .passThrough) { $0.dropFirst(2) }
  }

  @Test func downstreamIsSubscribedBeforeUpstreamAndAsksCountPlusDemand() {
    let upstream = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(3))
    upstream.dropFirst(2).subscribe(recorder)
    #expect(recorder.events == [.subscription])
    upstream.sendSubscription()
    #expect(upstream.subscription.events == [.requested(.max(5))])
    #expect(upstream.send(1) == .none)
    #expect(upstream.send(2) == .none)
    #expect(upstream.send(3) == .none)
    recorder.request(.max(1))
    #expect(upstream.subscription.events == [.requested(.max(5)), .requested(.max(1))])
    #expect(recorder.values == [3])
  }

  @Test func noDemandAndNoCountAsksForNothing() {
    let upstream = TestPublisher<Int, TestError>(subscribesImmediately: false)
    upstream.dropFirst(0).subscribe(TestSubscriber<Int, TestError>(initialDemand: .none))
    upstream.sendSubscription()
    #expect(upstream.subscription.events.isEmpty)
  }

  @Test func skipsTheFirstValuesOfASequence() {
    let recorder = TestSubscriber<Int, Never>()
    (1...5).publisher.dropFirst().subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(2), .value(3), .value(4), .value(5), .completion(.finished)])
  }

  // MARK: Combine's behaviour

  /// Demand asked for before the upstream subscribes waits, and is requested with the values to
  /// skip when the subscription arrives.
  @Test func dropFirstRequestsTheWaitingDemandPlusTheCountOnSubscription() {
    let upstream = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(3))
    upstream.dropFirst(2).subscribe(recorder)
    #expect(recorder.subscription != nil)
    upstream.sendSubscription()
    #expect(upstream.subscription.events == [.requested(.max(5))])
  }

  /// After a cancel, `dropFirst` lets go of the subscription and takes the next one as new,
  /// asking it for the values it still has to skip.
  @Test func dropFirstTakesANewSubscriptionAfterACancel() {
    let upstream = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.dropFirst(2).subscribe(recorder)
    upstream.sendSubscription()
    #expect(upstream.send(1) == .none)
    recorder.cancel()
    let next = TestSubscription()
    upstream.sendSubscription(next)
    recorder.subscription?.request(.max(4))
    #expect(upstream.subscription.events == [.requested(.max(2)), .cancelled])
    #expect(next.events == [.requested(.max(1)), .requested(.max(4))])
  }

  @Test func dropFirstForwardsACompletionThatComesBeforeTheSubscription() {
    let upstream = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let recorder = TestSubscriber<Int, TestError>()
    upstream.dropFirst().subscribe(recorder)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }
}
