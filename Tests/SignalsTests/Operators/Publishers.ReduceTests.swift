// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

struct ReduceTests {
  @Test func reduceKeepsTheContract() {
    checkOperatorContract { $0.reduce(0, +) }
  }

  @Test func tryReduceKeepsTheContract() {
    checkOperatorContract { $0.tryReduce(0, +).mapError { $0 as! TestError } }
  }

  @Test func reduceFoldsAndDeliversTheInitialResultWhenEmpty() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<String, TestError>()
    upstream.reduce("") { $0 + "\($1)" }.subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value("12"), .completion(.finished)])

    let empty = TestPublisher<Int, TestError>()
    let emptyRecorder = TestSubscriber<Int, TestError>()
    empty.reduce(7, +).subscribe(emptyRecorder)
    empty.send(completion: .finished)
    #expect(emptyRecorder.events == [.subscription, .value(7), .completion(.finished)])
  }

  @Test func tryReduceFailsWithTheThrownErrorAndCancelsUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.tryReduce(0) { sum, value in
      if value == 3 { throw TestError(id: 3) }
      return sum + value
    }
    .mapError { $0 as! TestError }
    .subscribe(recorder)
    upstream.send(1)
    upstream.send(3)
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 3)))])
    #expect(upstream.subscription.events == [.requested(.unlimited), .cancelled])
  }
}
