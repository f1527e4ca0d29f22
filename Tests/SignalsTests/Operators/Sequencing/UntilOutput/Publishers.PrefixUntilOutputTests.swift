// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct PrefixUntilOutputTests {
  @Test func valuesPassThroughAsTheUpstreamSendsThem() {
    // As in Combine, the operator keeps no demand count of its own: the upstream's values pass as
    // sent, and requests, even `.none`, go straight to the upstream.
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1), demandPerValue: .max(7))
    upstream.prefix(untilOutputFrom: PassthroughSubject<Void, TestError>()).subscribe(recorder)
    #expect(upstream.send(1) == .max(7))
    #expect(upstream.send(2) == .max(7))
    recorder.request(.none)
    #expect(recorder.values == [1, 2])
    #expect(upstream.subscription.events == [.requested(.max(1)), .requested(.none)])
  }

  @Test func valuesPassUntilTheTriggerSendsThenItFinishes() {
    let upstream = TestPublisher<Int, TestError>()
    let trigger = TestPublisher<String, Never>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.prefix(untilOutputFrom: trigger).subscribe(recorder)
    #expect(trigger.subscription.events == [.requested(.max(1))])
    upstream.send(1)
    #expect(trigger.send("stop") == .none)
    upstream.send(2)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
    #expect(upstream.subscription.isCancelled)
    // As in Combine, the trigger that sent its value is not cancelled.
    #expect(!trigger.subscription.isCancelled)
  }

  @Test func requestsGoToTheUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(2))
    upstream.prefix(untilOutputFrom: Empty<Void, Never>(completeImmediately: false)).subscribe(recorder)
    recorder.request(.max(1))
    #expect(upstream.subscription.events == [.requested(.max(2)), .requested(.max(1))])
  }

  @Test func aTriggerThatCompletesWithoutAValueLetsTheUpstreamRunOn() {
    let upstream = PassthroughSubject<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.prefix(untilOutputFrom: Fail<Void, TestError>(error: TestError())).subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test func aTriggerThatFiresBeforeTheUpstreamSubscribesFinishesAndTheSubscriptionIsCancelled() {
    // As in Combine: the finish comes at once, and the upstream's subscription, arriving later,
    // is cancelled and never reaches the subscriber.
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.prefix(untilOutputFrom: Just(())).subscribe(recorder)
    #expect(recorder.events == [.completion(.finished)])
    #expect(upstream.subscription.isCancelled)
  }

  @Test func aTriggerFiredFromInsideReceiveFinishesAfterThatValue() {
    let upstream = PassthroughSubject<Int, Never>()
    let trigger = PassthroughSubject<Void, Never>()
    // Sent to only from inside receive(_:), which this test's own send runs on its thread.
    let triggerInside = UnsafeTransfer(trigger)
    let recorder = TestSubscriber<Int, Never>(onValue: { value in
      if value == 2 { triggerInside.wrapped.send() }
    })
    upstream.prefix(untilOutputFrom: trigger).subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    upstream.send(3)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test func aTriggerRacingValuesFinishesOnceAndLast() {
    for _ in 0..<200 {
      let upstream = PassthroughSubject<Int, Never>()
      let trigger = PassthroughSubject<Void, Never>()
      let recorder = TestSubscriber<Int, Never>()
      upstream.prefix(untilOutputFrom: trigger).subscribe(recorder)
      DispatchQueue.concurrentPerform(iterations: 2) { worker in
        if worker == 0 {
          for value in 0..<50 { upstream.send(value) }
        } else {
          trigger.send()
        }
      }
      // As in Combine, a value racing with the trigger may still reach the subscriber after the
      // finish (neither is held back for the other); the finish comes once.
      let events = recorder.events
      #expect(events.filter { if case .completion = $0 { true } else { false } }.count == 1)
    }
  }
}
