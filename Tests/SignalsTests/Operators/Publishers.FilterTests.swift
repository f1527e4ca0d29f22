// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

struct FilterTests {
  @Test func filterKeepsTheContract() {
    checkOperatorContract { $0.filter { $0 != 3 } }
  }

  @Test func tryFilterKeepsTheContract() {
    checkOperatorContract { $0.tryFilter { $0 != 3 }.mapError { $0 as! TestError } }
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
}
