// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsExt
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

/// Chains of operators, most of them handing their upstream's subscription through as Combine's
/// do: demand, cancel and completion must still reach the right place.
struct OperatorChainTests {
  @Test func chainsOfOperatorsKeepTheContract() {
    checkOperatorContract(skipping: .passThrough) { $0.map { $0 * 2 }.filter { $0 % 4 == 0 }.map { $0 + 1 } }
    checkOperatorContract(skipping: .passThrough) {
      $0.filter { $0 != 3 }.compactMap { $0 == 2 ? nil : $0 }.removeDuplicates()
    }
    checkOperatorContract(skipping: .passThrough) { $0.map { $0 }.prefix(while: { $0 < 4 }) }
    checkOperatorContract(skipping: .passThrough) { $0.dropFirst().map { $0 * 3 }.output(in: 1..<3) }
    checkOperatorContract(skipping: .passThrough) { $0.handleEvents().scan(0, +).map { $0 } }
    checkOperatorContract(skipping: .passThrough) { $0.map { $0 }.materialize().dematerialize() }
    checkOperatorContract(skipping: .passThrough) { $0.map { $0 }.collect(2).map { $0.count } }
  }

  /// The demand goes straight to the upstream, and the filter asks for one more for each value it
  /// drops; what the upstream sends is forwarded, as in Combine (keeping the demand is its part).
  @Test func aFilterBehindAMapReturnsDemandForWhatItDrops() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(2))
    upstream.map { $0 }.filter { $0 % 2 == 0 }.map { $0 * 10 }.subscribe(recorder)
    let returned = (1...4).map { upstream.send($0) }
    #expect(recorder.values == [20, 40])
    #expect(returned == [.max(1), .none, .max(1), .none])
    #expect(upstream.subscription.events == [.requested(.max(2))])
  }

  @Test func cancellingTheLastStageCancelsTheUpstreamAndASubjectSendsNothingMore() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.map { $0 }.filter { _ in true }.map { $0 }.subscribe(recorder)
    recorder.cancel()
    #expect(upstream.subscription.events == [.requested(.unlimited), .cancelled])

    let subject = PassthroughSubject<Int, TestError>()
    let onSubject = TestSubscriber<Int, TestError>()
    subject.map { $0 }.filter { _ in true }.map { $0 }.subscribe(onSubject)
    subject.send(1)
    onSubject.cancel()
    subject.send(2)
    subject.send(completion: .finished)
    #expect(onSubject.events == [.subscription, .value(1)])
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
