// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct CompactMapTests {
  @Test func compactMapKeepsTheContract() {
    checkOperatorContract(skipping: .passThrough) { $0.compactMap { $0 == 2 ? nil : $0 } }
  }

  @Test func tryCompactMapKeepsTheContract() {
    checkOperatorContract(skipping: .filtering) {
      $0.tryCompactMap { $0 == 2 ? nil : $0 }.mapError { $0 as! TestError }
    }
  }

  @Test func compactMapSkipsNilAndAsksForOneMore() {
    let upstream = TestPublisher<String, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    upstream.compactMap { Int($0) }.subscribe(recorder)
    #expect(upstream.send("x") == .max(1))
    #expect(upstream.send("4") == .none)
    #expect(recorder.events == [.subscription, .value(4)])
  }

  @Test func compactMapFusesWithMapAndCompactMap() {
    let subject = PassthroughSubject<String, Never>()
    let fused: Publishers.CompactMap<PassthroughSubject<String, Never>, Int> =
      subject.compactMap { Int($0) }.map { $0 * 2 }.compactMap { $0 > 2 ? $0 : nil }
    let recorder = TestSubscriber<Int, Never>()
    fused.subscribe(recorder)
    for text in ["1", "a", "2", "3"] { subject.send(text) }
    #expect(recorder.values == [4, 6])
  }

  @Test func tryCompactMapFailsWithTheThrownError() {
    let upstream = TestPublisher<String, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.tryCompactMap { text -> Int? in
      if text == "!" { throw TestError(id: 1) }
      return Int(text)
    }
    .compactMap { $0 }
    .mapError { $0 as! TestError }
    .subscribe(recorder)
    upstream.send("1")
    upstream.send("x")
    upstream.send("!")
    upstream.send("2")
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(TestError(id: 1)))])
    #expect(upstream.subscription.isCancelled)
  }

  // MARK: Fused overloads

  @Test func compactMapAfterCompactMapFusesIntoOneCompactMap() {
    let subject = PassthroughSubject<String, Never>()
    let fused: Publishers.CompactMap<PassthroughSubject<String, Never>, Int> =
      subject.compactMap { Int($0) }.compactMap { $0 > 1 ? $0 : nil }
    let recorder = TestSubscriber<Int, Never>()
    fused.subscribe(recorder)
    for text in ["1", "a", "2", "3"] { subject.send(text) }
    #expect(recorder.events == [.subscription, .value(2), .value(3)])
  }

  @Test func mapAfterCompactMapFusesIntoOneCompactMap() {
    let subject = PassthroughSubject<String, Never>()
    let fused: Publishers.CompactMap<PassthroughSubject<String, Never>, String> =
      subject.compactMap { Int($0) }.map { "#\($0)" }
    let recorder = TestSubscriber<String, Never>()
    fused.subscribe(recorder)
    for text in ["1", "a", "2"] { subject.send(text) }
    #expect(recorder.events == [.subscription, .value("#1"), .value("#2")])
  }

  @Test func compactMapAfterTryCompactMapFusesIntoOneTryCompactMap() {
    let subject = PassthroughSubject<String, Never>()
    let fused: Publishers.TryCompactMap<PassthroughSubject<String, Never>, Int> =
      subject.tryCompactMap { Int($0) }.compactMap { $0 > 1 ? $0 : nil }
    let recorder = TestSubscriber<Int, TestError>()
    fused.mapError { $0 as! TestError }.subscribe(recorder)
    for text in ["1", "a", "2", "3"] { subject.send(text) }
    #expect(recorder.events == [.subscription, .value(2), .value(3)])
  }

  @Test func compactMapAfterTryCompactMapAcceptsAThrowingTransformAsCombineDoes() {
    let subject = PassthroughSubject<String, Never>()
    let fused: Publishers.TryCompactMap<PassthroughSubject<String, Never>, Int> =
      subject.tryCompactMap { Int($0) }.compactMap { value -> Int? in
        if value == 0 { throw TestError(id: 0) }
        return value > 1 ? value : nil
      }
    let recorder = TestSubscriber<Int, TestError>()
    fused.mapError { $0 as! TestError }.subscribe(recorder)
    for text in ["1", "a", "2", "0", "3"] { subject.send(text) }
    #expect(recorder.events == [.subscription, .value(2), .completion(.failure(TestError(id: 0)))])
  }

  @Test func overloadResolutionPicksTheFusedCompactMapsOnConcreteTypes() {
    let subject = PassthroughSubject<String, Never>()
    let log = CallLog()
    let plain: (Int) -> Int? = { $0 > 1 ? $0 : nil }
    let fromLiteral = subject.tryCompactMap { Int($0) }.compactMap { $0 > 1 ? $0 : nil }
    let fromFunction = subject.tryCompactMap { Int($0) }.compactMap(plain)
    let mapped = subject.compactMap { Int($0) }.map(label(log))
    #expect(type(of: fromLiteral) == Publishers.TryCompactMap<PassthroughSubject<String, Never>, Int>.self)
    #expect(type(of: fromFunction) == Publishers.TryCompactMap<PassthroughSubject<String, Never>, Int>.self)
    #expect(type(of: mapped) == Publishers.CompactMap<PassthroughSubject<String, Never>, String>.self)
  }

  @Test func fusedCompactMapsKeepTheContract() {
    checkOperatorContract(skipping: .passThrough) {
      $0.compactMap { $0 == 2 ? nil : $0 }.compactMap { $0 == 4 ? nil : $0 }
    }
    checkOperatorContract(skipping: .passThrough) { $0.compactMap { $0 == 2 ? nil : $0 }.map { $0 * 2 } }
    checkOperatorContract(skipping: .passThrough) {
      $0.tryCompactMap { $0 == 2 ? nil : $0 }.compactMap { $0 == 4 ? nil : $0 }.mapError { $0 as! TestError }
    }
  }

  @Test func compactMapAfterCompactMapBehavesAsTheNestedPair() {
    checkFusedMatchesNested(
      inputs: Array(1...12), upstreamFailure: TestError(id: 99),
      fused: { upstream, log in upstream.compactMap(halfOfEven(log)).compactMap(thirdOfMultiple(log)) },
      nested: { upstream, log in
        Publishers.CompactMap(
          upstream: Publishers.CompactMap(upstream: upstream, transform: halfOfEven(log)),
          transform: thirdOfMultiple(log))
      })
  }

  @Test func mapAfterCompactMapBehavesAsTheNestedPair() {
    checkFusedMatchesNested(
      inputs: Array(1...12), upstreamFailure: TestError(id: 99),
      fused: { upstream, log in upstream.compactMap(halfOfEven(log)).map(label(log)) },
      nested: { upstream, log in
        Publishers.Map(
          upstream: Publishers.CompactMap(upstream: upstream, transform: halfOfEven(log)), transform: label(log))
      })
  }

  @Test(arguments: [(9, 2), (9, 4), (5, 4), (13, 13)])
  func throwingCompactMapAfterTryCompactMapBehavesAsTheNestedPair(throwingFirstOn: Int, throwingSecondOn: Int) {
    // `compactMap` cannot take a throwing closure on a generic publisher, so the nested form of
    // this chain is a `TryCompactMap` wrapping the `TryCompactMap`.
    checkFusedMatchesNested(
      inputs: Array(1...12), upstreamFailure: TestError(id: 99),
      fused: { upstream, log in
        upstream.tryCompactMap(halfOfEvenThrowing(log, on: throwingFirstOn))
          .compactMap(thirdOfMultipleThrowing(log, on: throwingSecondOn))
      },
      nested: { upstream, log in
        Publishers.TryCompactMap(
          upstream: Publishers.TryCompactMap(
            upstream: upstream, transform: halfOfEvenThrowing(log, on: throwingFirstOn)),
          transform: thirdOfMultipleThrowing(log, on: throwingSecondOn))
      })
  }

  @Test(arguments: [7, 13])
  func plainCompactMapAfterTryCompactMapBehavesAsTheNestedPair(throwingFirstOn: Int) {
    checkFusedMatchesNested(
      inputs: Array(1...12), upstreamFailure: TestError(id: 99),
      fused: { upstream, log in
        upstream.tryCompactMap(halfOfEvenThrowing(log, on: throwingFirstOn)).compactMap(thirdOfMultiple(log))
      },
      nested: { upstream, log in
        Publishers.CompactMap(
          upstream: Publishers.TryCompactMap(
            upstream: upstream, transform: halfOfEvenThrowing(log, on: throwingFirstOn)),
          transform: thirdOfMultiple(log))
      })
  }

  // MARK: Combine's pass-through

  @Test func compactMapHandsItsSubscriberTheUpstreamsOwnSubscription() {
    expectUpstreamSubscriptionPassedThrough { $0.compactMap { $0 > 0 ? $0 : nil } }
  }

  @Test func tryCompactMapIgnoresValuesAfterACancel() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, any Error>()
    upstream.tryCompactMap { $0 }.subscribe(recorder)
    upstream.send(1)
    recorder.cancel()
    #expect(upstream.send(2) == .none)
    upstream.send(completion: .finished)
    #expect(recorder.events.count == 2)
    #expect(recorder.values == [1])
  }
}

private func halfOfEven(_ log: CallLog) -> (Int) -> Int? {
  { value in
    log.record("halfOfEven(\(value))")
    return value.isMultiple(of: 2) ? value / 2 : nil
  }
}

private func thirdOfMultiple(_ log: CallLog) -> (Int) -> Int? {
  { value in
    log.record("thirdOfMultiple(\(value))")
    return value.isMultiple(of: 3) ? value / 3 : nil
  }
}

private func label(_ log: CallLog) -> (Int) -> String {
  { value in
    log.record("label(\(value))")
    return "#\(value)"
  }
}

private func halfOfEvenThrowing(_ log: CallLog, on failing: Int) -> (Int) throws -> Int? {
  { value in
    log.record("halfOfEven(\(value))")
    if value == failing { throw TestError(id: value) }
    return value.isMultiple(of: 2) ? value / 2 : nil
  }
}

private func thirdOfMultipleThrowing(_ log: CallLog, on failing: Int) -> (Int) throws -> Int? {
  { value in
    log.record("thirdOfMultiple(\(value))")
    if value == failing { throw TestError(id: value) }
    return value.isMultiple(of: 3) ? value / 3 : nil
  }
}
