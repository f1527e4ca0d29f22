// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct FirstTests {
  @Test func firstKeepsTheContract() {
    checkOperatorContract { $0.first() }
  }

  @Test func firstWhereKeepsTheContract() {
    checkOperatorContract { $0.first { $0 > 2 } }
  }

  @Test func tryFirstKeepsTheContract() {
    checkOperatorContract { $0.tryFirst { $0 > 2 }.mapError { $0 as! TestError } }
  }

  @Test func firstDeliversTheFirstValueAndCancelsUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.first().subscribe(recorder)
    upstream.send(7)
    upstream.send(8)
    #expect(upstream.subscription.events == [.requested(.unlimited), .cancelled])
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(7), .completion(.finished)])
  }

  @Test func firstWhereSkipsNonMatchesAndFinishesEmpty() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.first { $0.isMultiple(of: 2) }.subscribe(recorder)
    upstream.send(1)
    upstream.send(4)
    #expect(recorder.events == [.subscription, .value(4), .completion(.finished)])

    let empty = TestPublisher<Int, TestError>()
    let emptyRecorder = TestSubscriber<Int, TestError>()
    empty.first().subscribe(emptyRecorder)
    empty.send(completion: .finished)
    #expect(emptyRecorder.events == [.subscription, .completion(.finished)])
  }

  @Test func firstWhereKeepsTheAnswerSettledByAValueItsPredicateSent() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.first { value in
      if value == 1 { upstream.send(2) }
      return true
    }.subscribe(recorder)
    upstream.send(1)
    recorder.request(.max(1))
    // The nested value settles the answer first; the outer one then finds the answer settled.
    // Which of the two a reducing inner keeps is not specified; exactly one must be delivered.
    #expect(
      recorder.events == [.subscription, .value(2), .completion(.finished)]
        || recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test func tryFirstFailsWithTheThrownError() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.tryFirst { _ in throw TestError(id: 6) }.mapError { $0 as! TestError }.subscribe(recorder)
    upstream.send(1)
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 6)))])
    #expect(upstream.subscription.isCancelled)
  }
}
