// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct FilterTests {
  @Test func filterKeepsTheContract() {
    checkOperatorContract(skipping: .passThrough) { $0.filter { $0 != 3 } }
  }

  @Test func tryFilterKeepsTheContract() {
    checkOperatorContract(skipping: .filtering) { $0.tryFilter { $0 != 3 }.mapError { $0 as! TestError } }
  }

  @Test func filterDropsRejectedValuesAndAsksForOneMore() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(2))
    upstream.filter { $0.isMultiple(of: 2) }.subscribe(recorder)
    #expect(upstream.send(1) == .max(1))
    #expect(upstream.send(2) == .none)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(2), .completion(.finished)])
  }

  @Test func filterAfterFilterFusesAndRequiresBoth() {
    let subject = PassthroughSubject<Int, Never>()
    let fused: Publishers.Filter<PassthroughSubject<Int, Never>> = subject.filter { $0 > 1 }.filter { $0 < 4 }
    let recorder = TestSubscriber<Int, Never>()
    fused.subscribe(recorder)
    for value in 0...5 { subject.send(value) }
    #expect(recorder.values == [2, 3])
  }

  @Test func tryFilterFusesAndFailsWithTheThrownError() {
    let upstream = TestPublisher<Int, TestError>()
    let fused: Publishers.TryFilter<TestPublisher<Int, TestError>> =
      upstream.filter { $0 > 0 }.tryFilter { value in
        if value == 3 { throw TestError(id: 3) }
        return true
      }
      .filter { $0 != 2 }
    let recorder = TestSubscriber<Int, TestError>()
    fused.mapError { $0 as! TestError }.subscribe(recorder)
    #expect(upstream.send(0) == .max(1))
    upstream.send(1)
    #expect(upstream.send(2) == .max(1))
    upstream.send(3)
    upstream.send(4)
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(TestError(id: 3)))])
    #expect(upstream.subscription.isCancelled)
  }

  /// As Combine's, `filter` does not count values against the demand: a value a (misbehaving)
  /// upstream sends beyond it is still tested, and forwarded or replaced.
  @Test func aValueBeyondTheDemandIsStillTestedAsCombineDoes() {
    let upstream = TestPublisher<Int, TestError>()
    let log = CallLog()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    upstream.filter(even(log)).subscribe(recorder)
    #expect(upstream.send(1) == .max(1))
    #expect(upstream.send(2) == .none)
    #expect(upstream.send(3) == .max(1))
    #expect(upstream.send(4) == .none)
    #expect(recorder.events == [.subscription, .value(2), .value(4)])
    #expect(log.calls == ["even(1)", "even(2)", "even(3)", "even(4)"])
  }

  // MARK: Fused overloads

  @Test func tryFilterAfterFilterFusesIntoOneTryFilter() {
    let subject = PassthroughSubject<Int, Never>()
    let fused: Publishers.TryFilter<PassthroughSubject<Int, Never>> = subject.filter { $0 > 1 }.tryFilter { $0 < 4 }
    let recorder = TestSubscriber<Int, TestError>()
    fused.mapError { $0 as! TestError }.subscribe(recorder)
    for value in 0...5 { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(2), .value(3)])
  }

  @Test func filterAfterTryFilterFusesIntoOneTryFilter() {
    let subject = PassthroughSubject<Int, Never>()
    let fused: Publishers.TryFilter<PassthroughSubject<Int, Never>> = subject.tryFilter { $0 > 1 }.filter { $0 < 4 }
    let recorder = TestSubscriber<Int, TestError>()
    fused.mapError { $0 as! TestError }.subscribe(recorder)
    for value in 0...5 { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(2), .value(3)])
  }

  @Test func tryFilterAfterTryFilterFusesIntoOneTryFilter() {
    let subject = PassthroughSubject<Int, Never>()
    let fused: Publishers.TryFilter<PassthroughSubject<Int, Never>> =
      subject.tryFilter { $0 > 1 }.tryFilter { $0 < 4 }
    let recorder = TestSubscriber<Int, TestError>()
    fused.mapError { $0 as! TestError }.subscribe(recorder)
    for value in 0...5 { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(2), .value(3)])
  }

  @Test func overloadResolutionPicksTheFusedFiltersOnConcreteTypes() {
    let subject = PassthroughSubject<Int, Never>()
    let log = CallLog()
    #expect(
      type(of: subject.filter { $0 > 1 }.filter(even(log))) == Publishers.Filter<PassthroughSubject<Int, Never>>.self)
    #expect(
      type(of: subject.filter { $0 > 1 }.tryFilter { $0 < 4 })
        == Publishers.TryFilter<PassthroughSubject<Int, Never>>.self)
    #expect(
      type(of: subject.tryFilter { $0 > 1 }.filter(even(log)))
        == Publishers.TryFilter<PassthroughSubject<Int, Never>>.self)
    #expect(
      type(of: subject.tryFilter { $0 > 1 }.tryFilter { $0 < 4 })
        == Publishers.TryFilter<PassthroughSubject<Int, Never>>.self)
    // Through a generic parameter, `filter` wraps whatever it is given, as in Combine.
    let nested = filterEven(subject.filter { $0 > 1 }, log)
    #expect(type(of: nested) == Publishers.Filter<Publishers.Filter<PassthroughSubject<Int, Never>>>.self)
  }

  @Test func fusedFiltersKeepTheContract() {
    checkOperatorContract(skipping: .passThrough) { $0.filter { $0 != 2 }.filter { $0 != 4 } }
    checkOperatorContract(skipping: .passThrough) {
      $0.filter { $0 != 2 }.tryFilter { $0 != 4 }.mapError { $0 as! TestError }
    }
    checkOperatorContract(skipping: .passThrough) {
      $0.tryFilter { $0 != 2 }.filter { $0 != 4 }.mapError { $0 as! TestError }
    }
    checkOperatorContract(skipping: .filtering) {
      $0.tryFilter { $0 != 2 }.tryFilter { $0 != 4 }.mapError { $0 as! TestError }
    }
  }

  @Test func filterAfterFilterBehavesAsTheNestedFilters() {
    checkFusedMatchesNested(
      inputs: Array(1...20), upstreamFailure: TestError(id: 99),
      fused: { upstream, log in upstream.filter(even(log)).filter(multipleOfThree(log)) },
      nested: { upstream, log in
        Publishers.Filter(
          upstream: Publishers.Filter(upstream: upstream, isIncluded: even(log)), isIncluded: multipleOfThree(log))
      })
  }

  @Test func tryFilterAfterFilterBehavesAsTheNestedPair() {
    checkFusedMatchesNested(
      inputs: Array(1...20), upstreamFailure: TestError(id: 99),
      fused: { upstream, log in upstream.filter(even(log)).tryFilter(multipleOfThreeThrowing(log, on: 8)) },
      nested: { upstream, log in
        Publishers.TryFilter(
          upstream: Publishers.Filter(upstream: upstream, isIncluded: even(log)),
          isIncluded: multipleOfThreeThrowing(log, on: 8))
      })
  }

  @Test func filterAfterTryFilterBehavesAsTheNestedPair() {
    checkFusedMatchesNested(
      inputs: Array(1...20), upstreamFailure: TestError(id: 99),
      fused: { upstream, log in upstream.tryFilter(evenThrowing(log, on: 9)).filter(multipleOfThree(log)) },
      nested: { upstream, log in
        Publishers.Filter(
          upstream: Publishers.TryFilter(upstream: upstream, isIncluded: evenThrowing(log, on: 9)),
          isIncluded: multipleOfThree(log))
      })
  }

  @Test(arguments: [(9, 8), (9, 7), (5, 10), (21, 21)])
  func tryFilterAfterTryFilterBehavesAsTheNestedPair(throwingFirstOn: Int, throwingSecondOn: Int) {
    checkFusedMatchesNested(
      inputs: Array(1...20), upstreamFailure: TestError(id: 99),
      fused: { upstream, log in
        upstream.tryFilter(evenThrowing(log, on: throwingFirstOn))
          .tryFilter(multipleOfThreeThrowing(log, on: throwingSecondOn))
      },
      nested: { upstream, log in
        Publishers.TryFilter(
          upstream: Publishers.TryFilter(upstream: upstream, isIncluded: evenThrowing(log, on: throwingFirstOn)),
          isIncluded: multipleOfThreeThrowing(log, on: throwingSecondOn))
      })
  }

  // MARK: Combine's pass-through

  @Test func filterHandsItsSubscriberTheUpstreamsOwnSubscription() {
    expectUpstreamSubscriptionPassedThrough { $0.filter { $0 > 0 } }
  }

  /// `tryFilter` does not count values against the demand, as Combine's does: what upstream sends
  /// is tested and forwarded.
  @Test func tryFilterForwardsAValueBeyondTheDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, any Error>(initialDemand: .max(1))
    upstream.tryFilter { $0 > 0 }.subscribe(recorder)
    #expect(upstream.send(1) == .none)
    #expect(upstream.send(-1) == .max(1))
    #expect(upstream.send(2) == .none)
    #expect(recorder.values == [1, 2])
  }
}

/// `filter` on a generic publisher, which resolves to ``Publisher/filter(_:)`` whatever `P` is.
private func filterEven<P: Publisher>(_ publisher: P, _ log: CallLog) -> Publishers.Filter<P> where P.Output == Int {
  publisher.filter(even(log))
}

private func even(_ log: CallLog) -> (Int) -> Bool {
  { value in
    log.record("even(\(value))")
    return value.isMultiple(of: 2)
  }
}

private func multipleOfThree(_ log: CallLog) -> (Int) -> Bool {
  { value in
    log.record("multipleOfThree(\(value))")
    return value.isMultiple(of: 3)
  }
}

private func evenThrowing(_ log: CallLog, on failing: Int) -> (Int) throws -> Bool {
  { value in
    log.record("even(\(value))")
    if value == failing { throw TestError(id: value) }
    return value.isMultiple(of: 2)
  }
}

private func multipleOfThreeThrowing(_ log: CallLog, on failing: Int) -> (Int) throws -> Bool {
  { value in
    log.record("multipleOfThree(\(value))")
    if value == failing { throw TestError(id: value) }
    return value.isMultiple(of: 3)
  }
}
