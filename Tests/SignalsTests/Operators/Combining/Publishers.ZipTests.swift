// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct ZipTests {
  @Test func zipKeepsTheContract() {
    checkOperatorContract { $0.zip(CurrentValueSubject<Int, TestError>(10)) { $0 + $1 } }
    checkOperatorContract { CurrentValueSubject<Int, TestError>(10).zip($0).map { $0.0 + $0.1 } }
  }

  @Test func zip3And4KeepTheContract() {
    let other = PassthroughSubject<Int, TestError>()
    checkOperatorContract { $0.zip(other, other) { $0 + $1 + $2 } }
    checkOperatorContract { $0.zip(other, other, other) { $0 + $1 + $2 + $3 } }
  }

  @Test func theTransformOverloadHandsOnTheZipsSubscription() {
    // As in Combine, `zip(_:_:)` with a transform is a `map` over the zip, and the map relays
    // the zip's own subscription.
    let zipped = TestSubscriber<Int, Never>()
    let combined = TestSubscriber<Int, Never>()
    PassthroughSubject<Int, Never>().zip(PassthroughSubject<Int, Never>()) { $0 + $1 }.subscribe(zipped)
    PassthroughSubject<Int, Never>().combineLatest(PassthroughSubject<Int, Never>()) { $0 + $1 }.subscribe(combined)
    #expect(zipped.subscription.map { String(describing: $0) } == "Zip")
    #expect(combined.subscription.map { String(describing: $0) } == "CombineLatest")
  }

  @Test func pairsValuesInOrderWhileTheFasterUpstreamWaits() {
    let letters = PassthroughSubject<String, Never>()
    let numbers = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<String, Never>()
    letters.zip(numbers) { "\($0)\($1)" }.subscribe(recorder)
    letters.send("a")
    letters.send("b")
    letters.send("c")
    numbers.send(1)
    numbers.send(2)
    #expect(recorder.events == [.subscription, .value("a1"), .value("b2")])
  }

  @Test func tupleFormsGroupTheNthValueOfEachUpstream() {
    let recorder3 = TestSubscriber<String, Never>()
    let recorder4 = TestSubscriber<String, Never>()
    [1, 2].publisher.zip(["a", "b"].publisher, [true, false].publisher).map { "\($0)\($1)\($2)" }
      .subscribe(recorder3)
    [1, 2].publisher.zip([3, 4].publisher, [5, 6].publisher, [7].publisher).map { "\($0)\($1)\($2)\($3)" }
      .subscribe(recorder4)
    #expect(recorder3.events == [.subscription, .value("1atrue"), .value("2bfalse"), .completion(.finished)])
    #expect(recorder4.events == [.subscription, .value("1357"), .completion(.finished)])
  }

  @Test func transformFormsReturnAMapOverTheArityType() {
    let a = Just(1)
    let map2: Publishers.Map<Publishers.Zip<Just<Int>, Just<Int>>, Int> = a.zip(a) { $0 + $1 }
    let map3: Publishers.Map<Publishers.Zip3<Just<Int>, Just<Int>, Just<Int>>, Int> = a.zip(a, a) { $0 + $1 + $2 }
    let map4: Publishers.Map<Publishers.Zip4<Just<Int>, Just<Int>, Just<Int>, Just<Int>>, Int> =
      a.zip(a, a, a) { $0 + $1 + $2 + $3 }
    let recorder = TestSubscriber<Int, Never>()
    map2.merge(with: map3).merge(with: map4).subscribe(recorder)
    #expect(recorder.values.sorted() == [2, 3, 4])
    #expect(Publishers.Zip(a, a) == Publishers.Zip(a, a))
  }

  @Test func oneTuplePerUnitOfDemandAndEachRequestGoesToEveryUpstream() {
    let first = TestPublisher<Int, Never>()
    let second = TestPublisher<Int, Never>()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1))
    first.zip(second) { $0 * 10 + $1 }.subscribe(recorder)
    first.send(1)
    first.send(2)
    second.send(1)
    second.send(2)
    #expect(recorder.values == [11])
    recorder.request(.max(5))
    #expect(recorder.values == [11, 22], "the waiting pair goes out with the next request")
    #expect(first.subscription.events == [.requested(.max(1)), .requested(.max(5))])
    #expect(second.subscription.events == first.subscription.events)
  }

  @Test func finishesWhenAFinishedUpstreamHasNoValueLeftToPair() {
    let first = TestPublisher<Int, Never>()
    let second = TestPublisher<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    first.zip(second) { $0 * 10 + $1 }.subscribe(recorder)
    first.send(1)
    first.send(2)
    first.send(completion: .finished)
    #expect(recorder.completion == nil, "two values still wait for partners")
    second.send(1)
    #expect(recorder.completion == nil)
    second.send(2)
    #expect(recorder.events == [.subscription, .value(11), .value(22), .completion(.finished)])
    #expect(second.subscription.isCancelled)
  }

  @Test func finishesAtOnceWhenAnUpstreamFinishesWithNothingWaiting() {
    let first = TestPublisher<Int, Never>()
    let second = TestPublisher<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    first.zip(second) { $0 + $1 }.subscribe(recorder)
    second.send(5)
    first.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
    #expect(second.subscription.isCancelled)
  }

  @Test func theEndReleasesTheValuesStillWaitingForAPartner() {
    final class Token {}
    weak var weakToken: Token?
    let first = TestPublisher<Token, Never>()
    let second = TestPublisher<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    first.zip(second) { _, number in number }.subscribe(recorder)
    do {
      let token = Token()
      weakToken = token
      first.send(token)
    }
    #expect(weakToken != nil, "the value waits for its partner")
    second.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
    #expect(weakToken == nil, "the completion releases it")
  }

  @Test func theFirstFailureCancelsTheOtherUpstreams() {
    let first = TestPublisher<Int, TestError>()
    let second = TestPublisher<Int, TestError>()
    let third = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    first.zip(second, third) { $0 + $1 + $2 }.subscribe(recorder)
    first.send(1)
    third.send(completion: .failure(TestError(id: 9)))
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 9)))])
    #expect(first.subscription.isCancelled)
    #expect(second.subscription.isCancelled)
  }

  @Test func requestingFromInsideReceiveDeliversTheNextTupleAfterThatCall() {
    let box = SubscriberBox<Int>()
    let recorder = TestSubscriber<Int, Never>(
      initialDemand: .max(1),
      onValue: { _ in box.subscriber?.request(.max(1)) })
    box.subscriber = recorder
    (1...3).publisher.zip((1...3).publisher) { $0 + $1 }.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(2), .value(4), .value(6), .completion(.finished)])
  }

  @Test func valuesFromManyThreadsArriveOneAtATimeWithoutLossOrDuplicates() {
    let perSender = 1_000
    let subjects = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
    let probe = SerialityProbe()
    let recorder = TestSubscriber<[Int], Never>(onValue: { _ in probe.enterAndLeave() })
    subjects[0].zip(subjects[1], subjects[2]) { [$0, $1, $2] }.subscribe(recorder)
    DispatchQueue.concurrentPerform(iterations: subjects.count) { sender in
      for value in 0..<perSender { subjects[sender].send(value) }
    }
    subjects[0].send(completion: .finished)
    #expect(probe.overlaps == 0, "the subscriber must never be called from two threads at once")
    let expected = (0..<perSender).map { [$0, $0, $0] }
    #expect(recorder.values == expected, "every n-th value of each upstream is paired, once, in order")
    #expect(recorder.events.last == .completion(.finished))
  }

  @Test func theInputCompletingAPairGetsTheSubscribersDemandAsItsReturn() {
    // As in Combine: every request reaches every input (even once unlimited), and what the
    // subscriber asks for while an input's value is being handled is returned to that input
    // instead of requested from it.
    let first = TestPublisher<Int, Never>()
    let second = TestPublisher<Int, Never>()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .unlimited, demandPerValue: .max(4))
    first.zip(second) { $0 + $1 }.subscribe(recorder)
    #expect(first.send(1) == .none)
    #expect(second.send(2) == .max(4))
    recorder.request(.max(2))
    #expect(recorder.values == [3])
    #expect(first.subscription.events == [.requested(.unlimited), .requested(.max(4)), .requested(.max(2))])
    #expect(second.subscription.events == [.requested(.unlimited), .requested(.max(2))])
  }

  @Test func aFailureCancelsEveryInputIncludingTheFailedOne() {
    // As in Combine (zip and combineLatest alike).
    for combine in [true, false] {
      let first = TestPublisher<Int, TestError>()
      let second = TestPublisher<Int, TestError>()
      let recorder = TestSubscriber<Int, TestError>()
      if combine {
        first.combineLatest(second) { $0 + $1 }.subscribe(recorder)
      } else {
        first.zip(second) { $0 + $1 }.subscribe(recorder)
      }
      first.send(completion: .failure(TestError(id: 3)))
      #expect(first.subscription.isCancelled)
      #expect(second.subscription.isCancelled)
      #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 3)))])
    }
  }

  #if compiler(>=6.2)
  @Test func askingForNoValuesStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let recorder = TestSubscriber<(Int, Int), Never>(initialDemand: .none)
      PassthroughSubject<Int, Never>().zip(PassthroughSubject<Int, Never>()).subscribe(recorder)
      recorder.request(.none)
    }
  }
  #endif
}
