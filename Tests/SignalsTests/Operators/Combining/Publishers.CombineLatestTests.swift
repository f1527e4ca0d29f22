// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct CombineLatestTests {
  @Test func combineLatestKeepsTheContract() {
    checkOperatorContract { $0.combineLatest(CurrentValueSubject<Int, TestError>(10)) { $0 + $1 } }
    checkOperatorContract { CurrentValueSubject<Int, TestError>(10).combineLatest($0).map { $0.0 + $0.1 } }
  }

  @Test func combineLatest3And4KeepTheContract() {
    let other = CurrentValueSubject<Int, TestError>(10)
    checkOperatorContract { $0.combineLatest(other, other) { $0 + $1 + $2 } }
    checkOperatorContract { $0.combineLatest(other, other, other) { $0 + $1 + $2 + $3 } }
  }

  @Test func emitsOnceEveryUpstreamHasAValueThenOnEachValue() {
    let letters = PassthroughSubject<String, Never>()
    let numbers = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<String, Never>()
    letters.combineLatest(numbers) { "\($0)\($1)" }.subscribe(recorder)
    letters.send("a")
    letters.send("b")
    numbers.send(1)
    letters.send("c")
    numbers.send(2)
    #expect(recorder.events == [.subscription, .value("b1"), .value("c1"), .value("c2")])
  }

  @Test func tupleFormsCarryEveryLatestValue() {
    let a = CurrentValueSubject<Int, Never>(1)
    let b = CurrentValueSubject<String, Never>("x")
    let c = CurrentValueSubject<Bool, Never>(true)
    let d = CurrentValueSubject<Double, Never>(0.5)
    let pairs = TestSubscriber<String, Never>()
    let triples = TestSubscriber<String, Never>()
    let quads = TestSubscriber<String, Never>()
    a.combineLatest(b).map { "\($0.0)\($0.1)" }.subscribe(pairs)
    a.combineLatest(b, c).map { "\($0.0)\($0.1)\($0.2)" }.subscribe(triples)
    a.combineLatest(b, c, d).map { "\($0.0)\($0.1)\($0.2)\($0.3)" }.subscribe(quads)
    b.send("y")
    #expect(pairs.values == ["1x", "1y"])
    #expect(triples.values == ["1xtrue", "1ytrue"])
    #expect(quads.values == ["1xtrue0.5", "1ytrue0.5"])
  }

  @Test func transformFormsReturnAMapOverTheArityType() {
    let a = Just(1)
    let map2: Publishers.Map<Publishers.CombineLatest<Just<Int>, Just<Int>>, Int> = a.combineLatest(a) { $0 + $1 }
    let map3: Publishers.Map<Publishers.CombineLatest3<Just<Int>, Just<Int>, Just<Int>>, Int> =
      a.combineLatest(a, a) { $0 + $1 + $2 }
    let map4: Publishers.Map<Publishers.CombineLatest4<Just<Int>, Just<Int>, Just<Int>, Just<Int>>, Int> =
      a.combineLatest(a, a, a) { $0 + $1 + $2 + $3 }
    let recorder = TestSubscriber<Int, Never>()
    map2.merge(with: map3).merge(with: map4).subscribe(recorder)
    #expect(recorder.values.sorted() == [2, 3, 4])
    #expect(Publishers.CombineLatest(a, a) == Publishers.CombineLatest(a, a))
  }

  @Test func synchronousUpstreamsDeliverAfterTheSubscriptionAndFinishOnce() {
    let recorder = TestSubscriber<String, Never>()
    Just(1).combineLatest(Just(2)) { "\($0)+\($1)" }.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value("1+2"), .completion(.finished)])
  }

  @Test func everyRequestIsForwardedWholeToEveryUpstream() {
    let first = TestPublisher<Int, TestError>()
    let second = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(2), demandPerValue: .max(1))
    first.combineLatest(second) { $0 + $1 }.subscribe(recorder)
    first.send(1)
    second.send(10)
    recorder.request(.max(3))
    #expect(first.subscription.events == [.requested(.max(2)), .requested(.max(1)), .requested(.max(3))])
    #expect(second.subscription.events == first.subscription.events)
  }

  @Test func aValueWithoutDemandUpdatesTheLatestButMakesNoOutput() {
    // A `TestPublisher` ignores demand, as a subject would not.
    let first = TestPublisher<Int, Never>()
    let second = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1))
    first.combineLatest(second) { $0 * 10 + $1 }.subscribe(recorder)
    first.send(1)
    second.send(1)
    first.send(2)
    recorder.request(.max(1))
    #expect(recorder.values == [11], "a request does not replay the combination it missed")
    second.send(3)
    #expect(recorder.values == [11, 23], "the next value carries the latest of the other upstream")
  }

  @Test func finishesOnlyOnceEveryUpstreamFinished() {
    let first = PassthroughSubject<Int, TestError>()
    let second = PassthroughSubject<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    first.combineLatest(second) { $0 + $1 }.subscribe(recorder)
    first.send(1)
    second.send(2)
    first.send(completion: .finished)
    second.send(5)
    #expect(recorder.completion == nil)
    second.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(3), .value(6), .completion(.finished)])
  }

  @Test func theFirstFailureCancelsEveryUpstream() {
    let first = TestPublisher<Int, TestError>()
    let second = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    first.combineLatest(second) { $0 + $1 }.subscribe(recorder)
    first.send(1)
    second.send(completion: .failure(TestError(id: 3)))
    first.send(2)
    first.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 3)))])
    #expect(first.subscription.isCancelled)
    #expect(second.subscription.isCancelled, "the failed upstream is cancelled too, as in Combine's zip")
  }

  @Test func cancellingReleasesTheOperatorAndCancelsEveryUpstream() {
    let first = TestPublisher<Int, Never>()
    let second = TestPublisher<Int, Never>()
    let spy = SubscriberSpy(upstream: first)
    let recorder = TestSubscriber<Int, Never>()
    spy.combineLatest(second) { $0 + $1 }.subscribe(recorder)
    recorder.cancel()
    #expect(first.subscription.isCancelled)
    #expect(second.subscription.isCancelled)
  }

  @Test func cancelReleasesTheLatestValuesAndTheUpstreams() {
    final class Token {}
    weak var weakToken: Token?
    weak var weakSubject: PassthroughSubject<Token, Never>?
    // The recorder keeps its subscription (the operator) alive after the cancel.
    let recorder = TestSubscriber<Int, Never>()
    do {
      let subject = PassthroughSubject<Token, Never>()
      let other = PassthroughSubject<Int, Never>()
      weakSubject = subject
      subject.combineLatest(other) { _, number in number }.subscribe(recorder)
      let token = Token()
      weakToken = token
      subject.send(token)
    }
    #expect(weakToken != nil, "the latest value is held")
    recorder.cancel()
    #expect(weakToken == nil, "the cancel releases the held values")
    #expect(weakSubject == nil, "and the upstreams")
  }

  @Test func aValueSentFromInsideReceiveIsDeliveredRightAfterThatCall() {
    let first = PassthroughSubject<Int, Never>()
    let second = CurrentValueSubject<Int, Never>(0)
    // Sent to only from inside receive(_:), which this test's own send runs on its thread.
    let secondInside = UnsafeTransfer(second)
    let recorder = TestSubscriber<Int, Never>(onValue: { value in
      if value == 1 { secondInside.wrapped.send(5) }
    })
    first.combineLatest(second) { $0 + $1 }.subscribe(recorder)
    first.send(1)
    first.send(10)
    #expect(recorder.values == [1, 6, 15])
  }

  @Test func valuesFromManyThreadsArriveOneAtATimeWithoutLossOrDuplicates() {
    let perSender = 500
    let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
    let probe = SerialityProbe()
    let recorder = TestSubscriber<[Int], Never>(onValue: { _ in probe.enterAndLeave() })
    subjects[0].combineLatest(subjects[1], subjects[2], subjects[3]) { [$0, $1, $2, $3] }.subscribe(recorder)
    for subject in subjects { subject.send(-1) }
    DispatchQueue.concurrentPerform(iterations: subjects.count) { sender in
      for value in 0..<perSender { subjects[sender].send(value) }
      subjects[sender].send(completion: .finished)
    }
    #expect(probe.overlaps == 0, "the subscriber must never be called from two threads at once")
    let values = recorder.values
    // One output per value once all had one: the 3 sends that completed the first set of latest
    // values make one output (the last of them), then every value makes its own.
    #expect(values.count == 1 + subjects.count * perSender)
    for sender in subjects.indices {
      let seen = values.map { $0[sender] }
      #expect(seen == seen.sorted(), "each upstream's values keep their order")
      #expect(seen.last == perSender - 1)
    }
    #expect(recorder.events.last == .completion(.finished))
    #expect(recorder.events.filter { if case .completion = $0 { true } else { false } }.count == 1)
  }
}
