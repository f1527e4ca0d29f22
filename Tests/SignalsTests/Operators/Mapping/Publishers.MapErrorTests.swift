// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct MapErrorTests {
  @Test func mapErrorKeepsTheContract() {
    checkOperatorContract(skipping: .passThrough) { $0.mapError { TestError(id: $0.id + 1) } }
  }

  @Test func mapErrorRewritesOnlyTheFailure() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(3))
    upstream.mapError { TestError(id: $0.id * 10) }.subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(TestError(id: 4)))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(TestError(id: 40)))])
    #expect(upstream.subscription.events == [.requested(.max(3))])
  }

  // MARK: Combine's pass-through

  @Test func mapErrorHandsItsSubscriberTheUpstreamsOwnSubscription() {
    expectUpstreamSubscriptionPassedThrough { $0.mapError { TestError(id: $0.id + 1) } }
  }
}
