// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
import SignalsExt
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct WithLatestFromTests {
  @Test func withLatestFromKeepsTheContract() {
    checkOperatorContract { $0.withLatestFrom(CurrentValueSubject<Int, TestError>(10)) { $0 + $1 } }
    checkOperatorContract { $0.withLatestFrom(CurrentValueSubject<Int, TestError>(10)) }
  }

  @Test func onlyTheTriggerMakesOutputs() {
    let taps = PassthroughSubject<Int, Never>()
    let text = PassthroughSubject<String, Never>()
    let recorder = TestSubscriber<String, Never>()
    taps.withLatestFrom(text) { "\($0):\($1)" }.subscribe(recorder)
    text.send("a")
    text.send("b")
    taps.send(1)
    text.send("c")
    taps.send(2)
    taps.send(3)
    #expect(recorder.events == [.subscription, .value("1:b"), .value("2:c"), .value("3:c")])
  }

  @Test func theTriggerIsSubscribedOnceTheOtherPublisherHasAValue() {
    let other = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    Just(1).withLatestFrom(other) { $0 + $1 }.subscribe(recorder)
    #expect(recorder.events == [.subscription], "the trigger waits for a latest value")
    other.send(10)
    #expect(recorder.events == [.subscription, .value(11), .completion(.finished)])
  }

  @Test func demandGoesToTheTriggerAndTheOtherIsAskedForEverything() {
    let trigger = TestPublisher<Int, Never>()
    let other = TestPublisher<Int, Never>()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(2))
    trigger.withLatestFrom(other).subscribe(recorder)
    #expect(trigger.subscriberCount == 0)
    other.send(5)
    #expect(trigger.subscription.events == [.requested(.max(2))])
    #expect(other.subscription.events == [.requested(.unlimited)])
    trigger.send(1)
    trigger.send(2)
    trigger.send(3)
    #expect(recorder.values == [5, 5], "no more than asked for")
  }

  @Test func severalOthersAreCombinedFirst() {
    let trigger = PassthroughSubject<Int, Never>()
    let a = CurrentValueSubject<String, Never>("a")
    let b = CurrentValueSubject<Int, Never>(1)
    let c = CurrentValueSubject<Bool, Never>(true)
    let pairs = TestSubscriber<String, Never>()
    let triples = TestSubscriber<String, Never>()
    let selected2 = TestSubscriber<String, Never>()
    let selected3 = TestSubscriber<String, Never>()
    trigger.withLatestFrom(a, b).map { "\($0)\($1)" }.subscribe(pairs)
    trigger.withLatestFrom(a, b, c).map { "\($0)\($1)\($2)" }.subscribe(triples)
    trigger.withLatestFrom(a, b) { "\($0)\($1.0)\($1.1)" }.subscribe(selected2)
    trigger.withLatestFrom(a, b, c) { "\($0)\($1.0)\($1.1)\($1.2)" }.subscribe(selected3)
    b.send(2)
    trigger.send(0)
    #expect(pairs.values == ["a2"])
    #expect(triples.values == ["a2true"])
    #expect(selected2.values == ["0a2"])
    #expect(selected3.values == ["0a2true"])
  }

  @Test func finishesWithTheTriggerAndCancelsTheOther() {
    let trigger = TestPublisher<Int, Never>()
    let other = TestPublisher<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    trigger.withLatestFrom(other).subscribe(recorder)
    other.send(1)
    other.send(completion: .finished)
    trigger.send(0)
    #expect(recorder.completion == nil, "the other finishing keeps its last value")
    trigger.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])

    let lonely = TestPublisher<Int, Never>()
    let never = TestSubscriber<Int, Never>()
    lonely.withLatestFrom(Empty<Int, Never>()).subscribe(never)
    #expect(never.events == [.subscription, .completion(.finished)], "no value can ever be made")
  }

  @Test func aFailureOfEitherPublisherIsDeliveredAndCancelsTheOther() {
    let trigger = TestPublisher<Int, TestError>()
    let other = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    trigger.withLatestFrom(other).subscribe(recorder)
    other.send(1)
    other.send(completion: .failure(TestError(id: 4)))
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 4)))])
    #expect(trigger.subscription.isCancelled)
  }

  @Test func aTriggerValueNobodyAskedForIsDropped() {
    let trigger = TestPublisher<Int, Never>()
    let other = TestPublisher<Int, Never>()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1))
    trigger.withLatestFrom(other) { $0 + $1 }.subscribe(recorder)
    other.send(10)
    trigger.send(1)
    trigger.send(2)
    #expect(recorder.values == [11])
    recorder.request(.max(1))
    trigger.send(3)
    #expect(recorder.values == [11, 13])
    #expect(trigger.subscription.events == [.requested(.max(1)), .requested(.max(1))])
  }

  @Test func triggersFromManyThreadsArriveOneAtATime() {
    let perSender = 1_000
    let triggers = PassthroughSubject<Int, Never>()
    let other = CurrentValueSubject<Int, Never>(0)
    let probe = SerialityProbe()
    let recorder = TestSubscriber<Int, Never>(onValue: { _ in probe.enterAndLeave() })
    triggers.withLatestFrom(other) { trigger, _ in trigger }.subscribe(recorder)
    DispatchQueue.concurrentPerform(iterations: 4) { sender in
      if sender == 0 {
        for value in 0..<perSender { other.send(value) }
      } else {
        for index in 0..<perSender { triggers.send(sender * perSender + index) }
      }
    }
    #expect(probe.overlaps == 0)
    let values = recorder.values
    #expect(values.count == 3 * perSender)
    #expect(Set(values).count == 3 * perSender)
  }
}
