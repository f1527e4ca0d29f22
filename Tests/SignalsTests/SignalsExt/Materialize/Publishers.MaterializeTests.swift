// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsExt
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct MaterializeTests {
  @Test func materializeKeepsTheContract() {
    checkOperatorContract { $0.materialize() }
  }

  @Test func valuesAndFinishedBecomeEvents() {
    let recorder = TestSubscriber<Event<Int, Never>, Never>()
    [1, 2].publisher.materialize().subscribe(recorder)
    #expect(
      recorder.events == [
        .subscription, .value(.value(1)), .value(.value(2)), .value(.finished), .completion(.finished),
      ])
  }

  @Test func failureBecomesAnEventFollowedByFinished() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Event<Int, TestError>, Never>(initialDemand: .max(2))
    upstream.materialize().subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.max(2))])
    upstream.send(1)
    upstream.send(completion: .failure(TestError(id: 4)))
    #expect(
      recorder.events == [.subscription, .value(.value(1)), .value(.failure(TestError(id: 4))), .completion(.finished)])
  }

  @Test func completionEventWaitsForDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Event<Int, TestError>, Never>(initialDemand: .max(1))
    upstream.materialize().subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(.value(1))])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(.value(1)), .value(.finished), .completion(.finished)])
  }

  @Test func onlyTheFirstCompletionBecomesTheCompletionEvent() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Event<Int, TestError>, Never>(initialDemand: .none)
    upstream.materialize().subscribe(recorder)
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(TestError(id: 1)))
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(.finished), .completion(.finished)])
  }

  @Test func cancellingDropsACompletionEventWaitingForDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Event<Int, TestError>, Never>(initialDemand: .none)
    upstream.materialize().subscribe(recorder)
    upstream.send(completion: .failure(TestError(id: 1)))
    recorder.cancel()
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.events.isEmpty, "upstream had completed: nothing to cancel")
  }
}
