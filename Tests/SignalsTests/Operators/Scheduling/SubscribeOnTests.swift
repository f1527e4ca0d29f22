// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct SubscribeOnTests {
  @Test func subscribesToTheUpstreamOnlyWhenTheSchedulerRuns() {
    let scheduler = DispatchQueue.test
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.subscribe(on: scheduler).subscribe(recorder)
    #expect(upstream.subscriberCount == 0)
    #expect(recorder.events == [])
    scheduler.advance()
    #expect(upstream.subscriberCount == 1)
    #expect(recorder.events == [.subscription])
  }

  @Test func requestsAndCancelReachTheUpstreamFromTheScheduler() {
    let scheduler = DispatchQueue.test
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(3))
    upstream.subscribe(on: scheduler).subscribe(recorder)
    // Subscribing runs on the scheduler; the subscriber's request, scheduled from there for the
    // same instant, runs in the same advance.
    scheduler.advance()
    #expect(upstream.subscription.events == [.requested(.max(3))])
    recorder.cancel()
    #expect(upstream.subscription.events == [.requested(.max(3))])
    scheduler.advance()
    #expect(upstream.subscription.events == [.requested(.max(3)), .cancelled])
  }

  @Test func valuesPassStraightThroughOnTheUpstreamThread() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    subject.subscribe(on: scheduler).subscribe(recorder)
    scheduler.advance()
    scheduler.advance()
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test func valuesAfterCancelAreNotForwarded() {
    let scheduler = DispatchQueue.test
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.subscribe(on: scheduler).subscribe(recorder)
    scheduler.advance()
    recorder.cancel()
    upstream.send(1)
    #expect(recorder.events == [.subscription])
  }

  @Test func keepsTheContract() {
    checkOperatorContract(skipping: .demandAccounting) { $0.subscribe(on: ImmediateScheduler.shared) }
  }

  @Test func valuesBeyondDemandAreForwardedAsInCombine() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.subscribe(on: ImmediateScheduler.shared).subscribe(recorder)
    upstream.send(1)
    #expect(recorder.values == [1])
  }

  @Test func cancelBeforeTheSubscriptionDoesNothing() {
    checkCancelBeforeSubscriptionDoesNothing { $0.subscribe(on: ImmediateScheduler.shared) }
  }

  #if compiler(>=6.2)
  @Test func aRequestFromInsideTheUpstreamsRequestTrapsAsInCombine() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let held = LockedState<TestSubscriber<Int, TestError>?>.make(nil)
      let upstream = TestPublisher<Int, TestError>(onRequest: { _ in held.withLock { $0 }?.request(.max(1)) })
      let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
      upstream.subscribe(on: ImmediateScheduler.shared).subscribe(recorder)
      held.withLock { $0 = recorder }
      recorder.request(.max(1))
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("request(_:) was called from inside the upstream's request(_:)"))
  }
  #endif
}
