// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct ContainsTests {
  @Test func containsKeepsTheContract() {
    checkOperatorContract { $0.contains(3) }
  }

  @Test func tryContainsKeepsTheContract() {
    checkOperatorContract { $0.tryContains { $0 == 3 }.mapError { $0 as! TestError } }
  }

  @Test func containsAnswersTrueAtTheFirstMatchAndCancelsUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Bool, TestError>()
    upstream.contains(2).subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    #expect(recorder.events == [.subscription, .value(true), .completion(.finished)])
    #expect(upstream.subscription.events == [.requested(.unlimited), .cancelled])
  }

  @Test func containsWhereAnswersFalseWhenUpstreamFinishesWithoutAMatch() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Bool, TestError>()
    upstream.contains { $0 > 5 }.subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(false), .completion(.finished)])
  }

  @Test func tryContainsFailsWithTheThrownError() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Bool, TestError>()
    upstream.tryContains { _ in throw TestError(id: 5) }.mapError { $0 as! TestError }.subscribe(recorder)
    upstream.send(1)
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 5)))])
  }
}
