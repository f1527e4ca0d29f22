// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
import SignalsTesting
import Testing

struct PrefixUntilOutputTests {
  @Test func prefixUntilOutputKeepsTheContract() {
    checkOperatorContract { $0.prefix(untilOutputFrom: PassthroughSubject<Void, Never>()) }
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
    #expect(trigger.subscription.isCancelled)
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

  @Test func aTriggerThatFiresBeforeTheUpstreamSubscribesFinishesAfterTheSubscription() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.prefix(untilOutputFrom: Just(())).subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
    #expect(upstream.subscription.isCancelled)
  }

  @Test func aTriggerFiredFromInsideReceiveFinishesAfterThatValue() {
    let upstream = PassthroughSubject<Int, Never>()
    let trigger = PassthroughSubject<Void, Never>()
    let recorder = TestSubscriber<Int, Never>(onValue: { value in
      if value == 2 { trigger.send() }
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
      let events = recorder.events
      #expect(events.last == .completion(.finished))
      #expect(events.filter { if case .completion = $0 { true } else { false } }.count == 1)
    }
  }
}
