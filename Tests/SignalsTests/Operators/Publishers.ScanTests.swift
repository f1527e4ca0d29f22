// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

struct ScanTests {
  @Test func scanKeepsTheContract() {
    checkOperatorContract { $0.scan(0, +) }
  }

  @Test func tryScanKeepsTheContract() {
    checkOperatorContract { $0.tryScan(0, +).mapError { $0 as! TestError } }
  }

  @Test func scanPublishesEachRunningResultAndPassesDemandThrough() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(3))
    upstream.scan(10, +).subscribe(recorder)
    #expect(upstream.send(1) == .none)
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(11), .value(13), .completion(.finished)])
    #expect(upstream.subscription.events == [.requested(.max(3))])
  }

  @Test func tryScanFailsWithTheThrownErrorAndCancelsUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.tryScan(0) { sum, value in
      if value < 0 { throw TestError(id: value) }
      return sum + value
    }
    .mapError { $0 as! TestError }
    .subscribe(recorder)
    upstream.send(1)
    upstream.send(-2)
    upstream.send(3)
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(TestError(id: -2)))])
    #expect(upstream.subscription.isCancelled)
  }
}
