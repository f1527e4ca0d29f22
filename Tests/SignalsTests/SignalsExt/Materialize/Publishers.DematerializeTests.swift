// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsExt
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct DematerializeTests {
  @Test func dematerializeKeepsTheContract() {
    checkOperatorContract { $0.materialize().dematerialize() }
  }

  @Test func roundTripRestoresValuesAndFailure() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(3))
    upstream.materialize().dematerialize().subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(TestError(id: 2)))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(TestError(id: 2)))])
  }

  @Test func finishedEventCancelsUpstreamAndFinishes() {
    let upstream = TestPublisher<Event<Int, TestError>, Never>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(5), demandPerValue: .max(1))
    upstream.dematerialize().subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.max(5))])
    #expect(upstream.send(.value(1)) == .max(1))
    upstream.send(.finished)
    upstream.send(.value(2))
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
    #expect(upstream.subscription.events == [.requested(.max(5)), .cancelled])
  }

  @Test func failureEventCancelsUpstreamAndFails() {
    let upstream = TestPublisher<Event<Int, TestError>, Never>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.dematerialize().subscribe(recorder)
    upstream.send(.failure(TestError(id: 7)))
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 7)))])
    #expect(upstream.subscription.isCancelled)
  }
}
