// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct DropUntilOutputTests {
  @Test func aSecondUpstreamSubscriptionIsCancelled() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.drop(untilOutputFrom: Just(()).setFailureType(to: TestError.self)).subscribe(recorder)
    let second = TestSubscription()
    upstream.sendSubscription(second)
    #expect(second.isCancelled)
    #expect(!upstream.subscription.isCancelled)
    #expect(recorder.subscriptionCount == 1)
  }

  @Test func aSubscriptionArrivingAfterCancelIsCancelled() {
    let upstream = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let recorder = TestSubscriber<Int, TestError>()
    upstream.drop(untilOutputFrom: PassthroughSubject<Void, TestError>()).subscribe(recorder)
    recorder.cancel()
    upstream.sendSubscription()
    #expect(upstream.subscription.events == [.cancelled])
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

  @Test func theTriggerIsAskedForOneValueAndLeftAloneAfterIt() {
    let upstream = TestPublisher<Int, TestError>()
    let trigger = TestPublisher<String, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(2))
    upstream.drop(untilOutputFrom: trigger).subscribe(recorder)
    #expect(trigger.subscription.events == [.requested(.max(1))])
    #expect(upstream.subscription.events == [.requested(.max(2))], "the demand requested before it subscribed")
    #expect(trigger.send("go") == .none)
    // As in Combine, the trigger that sent its value is not cancelled.
    #expect(trigger.subscription.events == [.requested(.max(1))])
    recorder.request(.max(3))
    #expect(upstream.subscription.events == [.requested(.max(2)), .requested(.max(3))])
  }

  @Test func valuesAfterTheTriggerPassAsTheUpstreamSendsThem() {
    let upstream = TestPublisher<Int, TestError>()
    let trigger = PassthroughSubject<Void, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(2))
    upstream.drop(untilOutputFrom: trigger).subscribe(recorder)
    upstream.send(1)
    trigger.send()
    upstream.send(2)
    upstream.send(3)
    // As in Combine: the dropped value used one unit of the demand, and once triggered the
    // values pass as sent, with no count of their own.
    #expect(recorder.values == [2, 3])
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

  @Test func theUpstreamsCompletionLeavesAWaitingTriggerAlone() {
    // As in Combine: the upstream's completion reaches the subscriber; the trigger is not cancelled.
    let upstream = PassthroughSubject<Int, TestError>()
    let trigger = TestPublisher<Void, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.drop(untilOutputFrom: trigger).subscribe(recorder)
    upstream.send(completion: .finished)
    #expect(!trigger.subscription.isCancelled)
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

  #if compiler(>=6.2)
  @Test func aDroppedValueBeyondTheDemandStopsTheProgram() async {
    // As Combine's does: each dropped value uses one unit of the demand.
    await #expect(processExitsWith: .failure) {
      let upstream = TestPublisher<Int, TestError>()
      let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
      upstream.drop(untilOutputFrom: PassthroughSubject<Void, TestError>()).subscribe(recorder)
      upstream.send(1)
    }
  }
  #endif
}
