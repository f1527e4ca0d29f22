// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

struct MapTests {
  @Test func mapKeepsTheContract() {
    checkOperatorContract { $0.map { $0 * 2 } }
  }

  @Test func tryMapKeepsTheContract() {
    checkOperatorContract { $0.tryMap { $0 * 2 }.mapError { $0 as! TestError } }
  }

  @Test func replaceNilKeepsTheContract() {
    checkOperatorContract { $0.map { $0 == 2 ? nil : $0 }.replaceNil(with: 0) }
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
    upstream.send(3)
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(TestError(id: 2)))])
    #expect(upstream.subscription.isCancelled)
  }

  @Test func replaceNilSubstitutesTheValue() {
    let upstream = TestPublisher<Int?, Never>()
    let recorder = TestSubscriber<Int, Never>()
    upstream.replaceNil(with: 0).subscribe(recorder)
    upstream.send(1)
    upstream.send(nil)
    #expect(recorder.events == [.subscription, .value(1), .value(0)])
  }
}
