// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

struct DropUntilOutputTests {
  @Test func dropUntilOutputKeepsTheContract() {
    checkOperatorContract { $0.drop(untilOutputFrom: Just(()).mapError { never -> TestError in }) }
  }

  @Test func valuesBeforeTheTriggerAreDropped() {
    let upstream = PassthroughSubject<Int, TestError>()
    let trigger = PassthroughSubject<String, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.drop(untilOutputFrom: trigger).subscribe(recorder)
    upstream.send(1)
    trigger.send("go")
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(2), .completion(.finished)])
  }

  @Test func theTriggerIsAskedForOneValueAndCancelledAfterIt() {
    let upstream = TestPublisher<Int, TestError>()
    let trigger = TestPublisher<String, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(2))
    upstream.drop(untilOutputFrom: trigger).subscribe(recorder)
    #expect(trigger.subscription.events == [.requested(.max(1))])
    #expect(upstream.subscription.events == [.requested(.max(2))], "the demand requested before it subscribed")
    #expect(trigger.send("go") == .none)
    #expect(trigger.subscription.events == [.requested(.max(1)), .cancelled])
    recorder.request(.max(3))
    #expect(upstream.subscription.events == [.requested(.max(2)), .requested(.max(3))])
  }

  @Test func aDroppedValueCountsAgainstTheDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let trigger = PassthroughSubject<Void, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(2))
    upstream.drop(untilOutputFrom: trigger).subscribe(recorder)
    upstream.send(1)
    trigger.send()
    upstream.send(2)
    upstream.send(3)
    #expect(recorder.values == [2], "Combine spends demand on dropped values")
  }

  @Test func aTriggerThatCompletesWithoutAValueEndsEverything() {
    let upstream = TestPublisher<Int, TestError>()
    let trigger = PassthroughSubject<Void, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.drop(untilOutputFrom: trigger).subscribe(recorder)
    trigger.send(completion: .failure(TestError(id: 6)))
    #expect(upstream.subscription.isCancelled)
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 6)))])
  }

  @Test func theTriggersCompletionAfterItsValueIsIgnored() {
    let upstream = PassthroughSubject<Int, TestError>()
    let trigger = PassthroughSubject<Void, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.drop(untilOutputFrom: trigger).subscribe(recorder)
    trigger.send()
    trigger.send(completion: .failure(TestError()))
    upstream.send(1)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func cancelReachesTheUpstreamAndTheTrigger() {
    let upstream = TestPublisher<Int, TestError>()
    let trigger = TestPublisher<Void, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.drop(untilOutputFrom: trigger).subscribe(recorder)
    recorder.cancel()
    #expect(upstream.subscription.isCancelled)
    #expect(trigger.subscription.isCancelled)
  }

  @Test func theUpstreamsCompletionCancelsAWaitingTrigger() {
    let upstream = PassthroughSubject<Int, TestError>()
    let trigger = TestPublisher<Void, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.drop(untilOutputFrom: trigger).subscribe(recorder)
    upstream.send(completion: .finished)
    #expect(trigger.subscription.isCancelled)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func theTriggersSubscriptionIsReleasedAfterItsValue() {
    let tracker = SubscriptionTracker()
    let upstream = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    upstream.drop(untilOutputFrom: tracker.publisher()).subscribe(recorder)
    #expect(tracker.alive == 1)
    recorder.cancel()
    #expect(tracker.alive == 0)
  }
}
