// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct MapTests {
  @Test func mapKeepsTheContract() {
    checkOperatorContract(skipping: .passThrough) { $0.map { $0 * 2 } }
  }

  @Test func tryMapKeepsTheContract() {
    checkOperatorContract(skipping: .passThrough) { $0.tryMap { $0 * 2 }.mapError { $0 as! TestError } }
  }

  @Test func replaceNilKeepsTheContract() {
    checkOperatorContract(skipping: .passThrough) { $0.map { $0 == 2 ? nil : $0 }.replaceNil(with: 0) }
  }

  @Test func mapTransformsEachValueAndPassesDemandThrough() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<String, TestError>(initialDemand: .max(2), demandPerValue: .max(1))
    upstream.map { "#\($0)" }.subscribe(recorder)
    #expect(upstream.send(1) == .max(1))
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value("#1"), .completion(.finished)])
    #expect(upstream.subscription.events == [.requested(.max(2))])
  }

  @Test func mapForwardsFailure() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.map { $0 + 1 }.subscribe(recorder)
    upstream.send(completion: .failure(TestError(id: 7)))
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 7)))])
  }

  @Test func mapAfterMapFusesIntoOneMap() {
    let subject = PassthroughSubject<Int, Never>()
    let fused: Publishers.Map<PassthroughSubject<Int, Never>, String> = subject.map { $0 + 1 }.map { "\($0)" }
    let recorder = TestSubscriber<String, Never>()
    fused.subscribe(recorder)
    subject.send(1)
    #expect(recorder.events == [.subscription, .value("2")])
  }

  @Test func tryMapAfterMapFusesIntoOneTryMap() {
    let subject = PassthroughSubject<Int, Never>()
    let fused: Publishers.TryMap<PassthroughSubject<Int, Never>, Int> = subject.map { $0 + 1 }.tryMap { $0 * 2 }
    let again: Publishers.TryMap<PassthroughSubject<Int, Never>, Int> = fused.map { $0 + 1 }.tryMap { $0 }
    let recorder = TestSubscriber<Int, TestError>()
    again.mapError { $0 as! TestError }.subscribe(recorder)
    subject.send(1)
    #expect(recorder.events == [.subscription, .value(5)])
  }

  @Test func tryMapFailsWithTheThrownErrorAndCancelsUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.tryMap { value -> Int in
      if value == 2 { throw TestError(id: 2) }
      return value
    }
    .mapError { $0 as! TestError }
    .subscribe(recorder)
    upstream.send(1)
    #expect(upstream.send(2) == .none)
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(TestError(id: 2)))])
    #expect(upstream.subscription.isCancelled)
    // A value the cancelled upstream sends anyway still goes through, as in Combine.
    upstream.send(3)
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(TestError(id: 2))), .value(3)])
  }

  @Test func replaceNilSubstitutesTheValue() {
    let upstream = TestPublisher<Int?, Never>()
    let recorder = TestSubscriber<Int, Never>()
    upstream.replaceNil(with: 0).subscribe(recorder)
    upstream.send(1)
    upstream.send(nil)
    #expect(recorder.events == [.subscription, .value(1), .value(0)])
  }

  /// As in Combine, `map` does not count values against the demand: the upstream keeps it, and a
  /// value a (misbehaving) upstream sends beyond it still runs the transforms and is forwarded.
  @Test func aValueBeyondTheDemandStillRunsTheTransformsAndIsForwarded() {
    let upstream = TestPublisher<Int, TestError>()
    let log = CallLog()
    let recorder = TestSubscriber<String, TestError>(initialDemand: .max(1))
    upstream.map(first(log)).map(second(log)).subscribe(recorder)
    upstream.send(1)
    #expect(upstream.send(2) == .none)
    #expect(recorder.events == [.subscription, .value("#10"), .value("#20")])
    #expect(log.calls == ["first(1)", "second(10)", "first(2)", "second(20)"])
  }

  // MARK: Combine's pass-through

  @Test func mapHandsItsSubscriberTheUpstreamsOwnSubscription() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(3))
    upstream.map { $0 * 2 }.replaceNil(with: 0).subscribe(recorder)
    #expect((recorder.subscription as? TestSubscription) === upstream.subscription)
    #expect(upstream.subscription.events == [.requested(.max(3))])
  }

  @Test func mapForwardsEventsSentBeforeTheSubscriptionAndAfterTheCompletion() {
    let upstream = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let recorder = TestSubscriber<Int, TestError>()
    upstream.map { $0 * 2 }.subscribe(recorder)
    #expect(upstream.send(1) == .none)
    upstream.send(completion: .finished)
    upstream.send(3)
    #expect(recorder.events == [.value(2), .completion(.finished), .value(6)])
  }

  /// Combine's `tryMap` checks no value either: after a throw has failed the pipeline, a later
  /// value still runs the transform, and a later throw fails downstream again.
  @Test func tryMapKeepsTransformingAfterAThrowAsCombineDoes() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.tryMap { value -> Int in
      if value < 0 { throw TestError(id: value) }
      return value
    }
    .mapError { $0 as! TestError }
    .subscribe(recorder)
    upstream.send(-1)
    upstream.send(5)
    upstream.send(-2)
    upstream.send(completion: .finished)
    #expect(
      recorder.events == [
        .subscription, .completion(.failure(TestError(id: -1))), .value(5), .completion(.failure(TestError(id: -2))),
      ])
    #expect(upstream.subscription.events == [.requested(.unlimited), .cancelled])
  }

  @Test func tryMapShowsItsNameAndNoChildrenAsCombineDoes() throws {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, any Error>()
    upstream.tryMap { $0 }.subscribe(recorder)
    let subscription = try #require(recorder.subscription)
    let inner = try #require(subscription as? any CustomReflectable)
    #expect("\(inner)" == "TryMap")
    #expect(inner.customMirror.children.isEmpty)
  }

  // MARK: Fused overloads

  @Test func mapAfterTryMapFusesIntoOneTryMap() {
    let subject = PassthroughSubject<Int, Never>()
    let fused: Publishers.TryMap<PassthroughSubject<Int, Never>, String> = subject.tryMap { $0 + 1 }.map { "\($0)" }
    let recorder = TestSubscriber<String, TestError>()
    fused.mapError { $0 as! TestError }.subscribe(recorder)
    subject.send(1)
    #expect(recorder.events == [.subscription, .value("2")])
  }

  @Test func tryMapAfterTryMapFusesIntoOneTryMap() {
    let subject = PassthroughSubject<Int, Never>()
    let fused: Publishers.TryMap<PassthroughSubject<Int, Never>, String> =
      subject.tryMap { $0 + 1 }.tryMap { "\($0)" }
    let recorder = TestSubscriber<String, TestError>()
    fused.mapError { $0 as! TestError }.subscribe(recorder)
    subject.send(1)
    #expect(recorder.events == [.subscription, .value("2")])
  }

  @Test func overloadResolutionPicksTheFusedMapsOnConcreteTypes() {
    let subject = PassthroughSubject<Int, Never>()
    let log = CallLog()
    #expect(
      type(of: subject.map { $0 }.map(second(log))) == Publishers.Map<PassthroughSubject<Int, Never>, String>.self)
    #expect(type(of: subject.map { $0 }.tryMap { $0 }) == Publishers.TryMap<PassthroughSubject<Int, Never>, Int>.self)
    #expect(
      type(of: subject.tryMap { $0 }.map(second(log))) == Publishers.TryMap<PassthroughSubject<Int, Never>, String>.self
    )
    #expect(
      type(of: subject.tryMap { $0 }.tryMap { $0 }) == Publishers.TryMap<PassthroughSubject<Int, Never>, Int>.self)
  }

  @Test func fusedMapsKeepTheContract() {
    checkOperatorContract(skipping: .passThrough) { $0.map { $0 + 1 }.map { $0 * 2 } }
    checkOperatorContract(skipping: .passThrough) { $0.map { $0 + 1 }.tryMap { $0 * 2 }.mapError { $0 as! TestError } }
    checkOperatorContract(skipping: .passThrough) { $0.tryMap { $0 + 1 }.map { $0 * 2 }.mapError { $0 as! TestError } }
    checkOperatorContract(skipping: .passThrough) {
      $0.tryMap { $0 + 1 }.tryMap { $0 * 2 }.mapError { $0 as! TestError }
    }
  }

  @Test func mapAfterMapBehavesAsTheNestedMaps() {
    checkFusedMatchesNested(
      inputs: Array(1...6), upstreamFailure: TestError(id: 99),
      fused: { upstream, log in upstream.map(first(log)).map(second(log)) },
      nested: { upstream, log in
        Publishers.Map(upstream: Publishers.Map(upstream: upstream, transform: first(log)), transform: second(log))
      })
  }

  @Test func tryMapAfterMapBehavesAsTheNestedPair() {
    checkFusedMatchesNested(
      inputs: Array(1...6), upstreamFailure: TestError(id: 99),
      fused: { upstream, log in upstream.map(first(log)).tryMap(secondThrowing(log, on: 30)) },
      nested: { upstream, log in
        Publishers.TryMap(
          upstream: Publishers.Map(upstream: upstream, transform: first(log)),
          transform: secondThrowing(log, on: 30))
      })
  }

  @Test func mapAfterTryMapBehavesAsTheNestedPair() {
    checkFusedMatchesNested(
      inputs: Array(1...6), upstreamFailure: TestError(id: 99),
      fused: { upstream, log in upstream.tryMap(firstThrowing(log, on: 4)).map(second(log)) },
      nested: { upstream, log in
        Publishers.Map(
          upstream: Publishers.TryMap(upstream: upstream, transform: firstThrowing(log, on: 4)),
          transform: second(log))
      })
  }

  @Test(arguments: [(4, 30), (4, 20), (7, 50), (7, 70)])
  func tryMapAfterTryMapBehavesAsTheNestedPair(throwingFirstOn: Int, throwingSecondOn: Int) {
    checkFusedMatchesNested(
      inputs: Array(1...6), upstreamFailure: TestError(id: 99),
      fused: { upstream, log in
        upstream.tryMap(firstThrowing(log, on: throwingFirstOn)).tryMap(secondThrowing(log, on: throwingSecondOn))
      },
      nested: { upstream, log in
        Publishers.TryMap(
          upstream: Publishers.TryMap(upstream: upstream, transform: firstThrowing(log, on: throwingFirstOn)),
          transform: secondThrowing(log, on: throwingSecondOn))
      })
  }

  @Test func aGenericUpstreamGetsTheNestingMapAndAConcreteMapTheFusedOne() {
    let subject = PassthroughSubject<Int, Never>()
    let inner = subject.map { $0 + 1 }
    // Through a generic parameter, `map` is `Publisher.map`: it wraps whatever it is given.
    let nested = mapToText(inner)
    let nestedUpstream: Publishers.Map<PassthroughSubject<Int, Never>, Int> = nested.upstream
    // On an opaque upstream too.
    let opaque: some Publisher<Int, Never> = inner
    let fromOpaque = opaque.map { "\($0)" }
    // On the concrete type, the fused overload is chosen, as in Combine.
    let fused = inner.map { "\($0)" }
    #expect(type(of: fused) == Publishers.Map<PassthroughSubject<Int, Never>, String>.self)
    #expect(type(of: nested) == Publishers.Map<Publishers.Map<PassthroughSubject<Int, Never>, Int>, String>.self)
    #expect(type(of: nestedUpstream.upstream) == PassthroughSubject<Int, Never>.self)
    let recorders = (TestSubscriber<String, Never>(), TestSubscriber<String, Never>(), TestSubscriber<String, Never>())
    fused.subscribe(recorders.0)
    nested.subscribe(recorders.1)
    fromOpaque.subscribe(recorders.2)
    subject.send(1)
    #expect(recorders.0.events == [.subscription, .value("2")])
    #expect(recorders.1.events == recorders.0.events)
    #expect(recorders.2.events == recorders.0.events)
  }
}

/// `map` on a generic publisher, which resolves to ``Publisher/map(_:)`` whatever `P` is.
private func mapToText<P: Publisher>(_ publisher: P) -> Publishers.Map<P, String> where P.Output == Int {
  publisher.map { "\($0)" }
}

private func first(_ log: CallLog) -> (Int) -> Int {
  { value in
    log.record("first(\(value))")
    return value * 10
  }
}

private func second(_ log: CallLog) -> (Int) -> String {
  { value in
    log.record("second(\(value))")
    return "#\(value)"
  }
}

private func firstThrowing(_ log: CallLog, on failing: Int) -> (Int) throws -> Int {
  { value in
    log.record("first(\(value))")
    if value == failing { throw TestError(id: value) }
    return value * 10
  }
}

private func secondThrowing(_ log: CallLog, on failing: Int) -> (Int) throws -> String {
  { value in
    log.record("second(\(value))")
    if value == failing { throw TestError(id: value) }
    return "#\(value)"
  }
}
