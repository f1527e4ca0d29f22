// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct LastTests {
  @Test func lastKeepsTheContract() {
    checkOperatorContract { $0.last() }
  }

  @Test func lastWhereKeepsTheContract() {
    checkOperatorContract { $0.last { $0 < 3 } }
  }

  @Test func tryLastKeepsTheContract() {
    checkOperatorContract { $0.tryLast { $0 < 3 }.mapError { $0 as! TestError } }
  }

  @Test func lastDeliversTheLastValueOnCompletion() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.last().subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    #expect(recorder.events == [.subscription])
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(2), .completion(.finished)])
  }

  @Test func lastWhereKeepsTheLastMatch() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.last { $0.isMultiple(of: 2) }.subscribe(recorder)
    for value in [2, 4, 5] { upstream.send(value) }
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(4), .completion(.finished)])
  }

  @Test func tryLastFailsWithTheThrownError() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.tryLast { _ in throw TestError(id: 8) }.mapError { $0 as! TestError }.subscribe(recorder)
    upstream.send(1)
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 8)))])
    #expect(upstream.subscription.isCancelled)
  }
}
