// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

struct IgnoreOutputTests {
  @Test func ignoreOutputKeepsTheContract() {
    checkOperatorContract { $0.ignoreOutput() }
  }

  @Test func asksForEverythingAndForwardsOnlyTheCompletion() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Never, TestError>(initialDemand: .none)
    upstream.ignoreOutput().subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.unlimited)])
    #expect(upstream.send(1) == .none)
    #expect(upstream.send(2) == .none)
    upstream.send(completion: .failure(TestError(id: 4)))
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 4)))])
  }
}
