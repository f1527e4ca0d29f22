// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct IgnoreOutputTests {
  @Test func ignoreOutputKeepsTheContract() {
    checkOperatorContract(skipping: .passThrough) { $0.ignoreOutput() }
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

  // MARK: Combine's pass-through

  @Test func ignoreOutputAsksTheUpstreamForEverythingAfterHandingItsSubscriptionOn() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Never, TestError>(initialDemand: .max(1))
    upstream.ignoreOutput().subscribe(recorder)
    #expect((recorder.subscription as? TestSubscription) === upstream.subscription)
    #expect(upstream.subscription.events == [.requested(.max(1)), .requested(.unlimited)])
  }
}
