// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct AllSatisfyTests {
  @Test func allSatisfyKeepsTheContract() {
    checkOperatorContract { $0.allSatisfy { $0 < 3 } }
  }

  @Test func tryAllSatisfyKeepsTheContract() {
    checkOperatorContract { $0.tryAllSatisfy { $0 < 3 }.mapError { $0 as! TestError } }
  }

  @Test func allSatisfyAnswersFalseEarlyAndCancelsUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Bool, TestError>(initialDemand: .none)
    upstream.allSatisfy { $0 > 0 }.subscribe(recorder)
    upstream.send(1)
    upstream.send(-1)
    #expect(upstream.subscription.events == [.requested(.unlimited), .cancelled])
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(false), .completion(.finished)])
  }

  @Test func allSatisfyAnswersTrueOnCompletion() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Bool, TestError>()
    upstream.allSatisfy { $0 > 0 }.subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(true), .completion(.finished)])
  }

  @Test func tryAllSatisfyFailsWithTheThrownError() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Bool, TestError>()
    upstream.tryAllSatisfy { _ in throw TestError(id: 4) }.mapError { $0 as! TestError }.subscribe(recorder)
    upstream.send(1)
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 4)))])
    #expect(upstream.subscription.isCancelled)
  }
}
