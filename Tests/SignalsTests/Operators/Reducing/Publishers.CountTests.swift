// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct CountTests {
  @Test func countKeepsTheContract() {
    checkOperatorContract { $0.count() }
  }

  @Test func countDeliversTheNumberOfValuesOnCompletion() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.count().subscribe(recorder)
    for value in 1...4 { upstream.send(value) }
    #expect(recorder.events == [.subscription])
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(4), .completion(.finished)])
  }
}
