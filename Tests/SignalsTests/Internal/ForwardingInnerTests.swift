// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

/// A stage whose upstream is another operator skips its own per-value check and counting (the
/// upstream keeps the contract towards it); these chains check that nothing changes for the user.
struct ForwardingInnerTests {
  @Test func chainsOfOperatorsKeepTheContract() {
    checkOperatorContract { $0.map { $0 * 2 }.filter { $0 % 4 == 0 }.map { $0 + 1 } }
    checkOperatorContract { $0.filter { $0 != 3 }.compactMap { $0 == 2 ? nil : $0 }.removeDuplicates() }
    checkOperatorContract { $0.map { $0 }.prefix(while: { $0 < 4 }) }
    checkOperatorContract { $0.dropFirst().map { $0 * 3 }.output(in: 1..<3) }
    checkOperatorContract { $0.handleEvents().scan(0, +).map { $0 } }
    checkOperatorContract { $0.map { $0 }.materialize().dematerialize() }
    checkOperatorContract { $0.map { $0 }.collect(2).map { $0.count } }
  }

  @Test func aFilterBehindAMapReturnsDemandForWhatItDropsAndNothingBeyondDemandGetsThrough() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(2))
    upstream.map { $0 }.filter { $0 % 2 == 0 }.map { $0 * 10 }.subscribe(recorder)
    let returned = (1...6).map { upstream.send($0) }
    #expect(recorder.values == [20, 40])
    #expect(returned == [.max(1), .none, .max(1), .none, .none, .none])
    #expect(upstream.subscription.events == [.requested(.max(2))])
  }

  @Test func cancellingTheLastStageStopsTheWholeChain() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.map { $0 }.filter { _ in true }.map { $0 }.subscribe(recorder)
    upstream.send(1)
    recorder.cancel()
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1)])
    #expect(upstream.subscription.isCancelled)
  }

  @Test func aFinalValueBehindAnotherOperatorStillWaitsForDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Event<Int, TestError>, Never>(initialDemand: .max(1))
    upstream.map { $0 }.materialize().subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(.value(1))], "the completion event waits for demand")
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(.value(1)), .value(.finished), .completion(.finished)])
  }

  // A subject's conduit keeps the contract too, so the first stage on a subject skips its own
  // check; the subject's demand accounting is what limits the chain.

  @Test func aChainOnAPassthroughSubjectHonoursBoundedDemandAndTheDemandItsFilterReturns() {
    let subject = PassthroughSubject<Int, TestError>()
    let filtered = Recorder<Int>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(2))
    subject.map { $0 }.filter { value in
      filtered.append(value)
      return value % 2 == 0
    }.map { $0 * 10 }.subscribe(recorder)
    for value in 1...6 { subject.send(value) }
    #expect(recorder.values == [20, 40])
    #expect(filtered.elements == [1, 2, 3, 4], "values beyond the demand stop at the subject, before any closure")
    recorder.request(.max(1))
    subject.send(7)
    subject.send(8)
    subject.send(9)
    #expect(recorder.values == [20, 40, 80])
    #expect(filtered.elements == [1, 2, 3, 4, 7, 8])
  }

  @Test func aChainOnACurrentValueSubjectReplaysTheCurrentValueWhenDemanded() {
    let subject = CurrentValueSubject<Int, TestError>(1)
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    subject.map { $0 * 10 }.filter { _ in true }.subscribe(recorder)
    #expect(recorder.values == [])
    recorder.request(.max(1))
    #expect(recorder.values == [10])
    subject.send(2)
    #expect(recorder.values == [10], "no demand left")
    recorder.request(.max(1))
    #expect(recorder.values == [10, 20], "the value missed for lack of demand is the current one")
  }

  @Test func cancellingAChainOnASubjectStopsItsValuesAndDetachesIt() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    subject.map { $0 }.filter { _ in true }.subscribe(recorder)
    subject.send(1)
    recorder.cancel()
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func aChainOnASequenceHonoursBoundedDemandAndACancelFromInside() {
    // Erased, so that `map` and `filter` are operator stages rather than the sequence's own eager
    // overloads.
    let numbers = (1...10).publisher.eraseToAnyPublisher()
    let bounded = TestSubscriber<Int, Never>(initialDemand: .max(2))
    numbers.map { $0 }.filter { $0 % 2 == 0 }.map { $0 * 10 }.subscribe(bounded)
    #expect(bounded.values == [20, 40])
    bounded.request(.max(1))
    #expect(bounded.values == [20, 40, 60])

    let stopped = StopAfter(2)
    numbers.map { $0 }.filter { _ in true }.subscribe(stopped)
    #expect(stopped.values == [1, 2], "nothing after a cancel from inside receive")
  }
}
