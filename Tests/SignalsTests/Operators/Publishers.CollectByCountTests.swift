// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

struct CollectByCountTests {
  @Test func collectByCountKeepsTheContract() {
    checkOperatorContract { $0.collect(2) }
  }

  @Test func demandIsMultipliedByTheCount() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<[Int], TestError>(initialDemand: .max(2), demandPerValue: .max(1))
    upstream.collect(3).subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.max(6))])
    #expect(upstream.send(1) == .none)
    #expect(upstream.send(2) == .none)
    #expect(upstream.send(3) == .max(3))
    recorder.request(.max(1))
    #expect(upstream.subscription.events == [.requested(.max(6)), .requested(.max(3))])
    #expect(recorder.values == [[1, 2, 3]])
  }

  @Test func partialArrayIsDeliveredOnFinish() {
    let recorder = TestSubscriber<[Int], Never>()
    (1...5).publisher.collect(2).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value([1, 2]), .value([3, 4]), .value([5]), .completion(.finished)])
  }

  @Test func partialArrayWaitsForDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<[Int], TestError>(initialDemand: .max(1))
    upstream.collect(2).subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    upstream.send(3)  // beyond demand: kept in the buffer, not delivered
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value([1, 2])])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value([1, 2]), .value([3]), .completion(.finished)])
  }

  @Test func partialArrayIsDiscardedOnFailure() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<[Int], TestError>()
    upstream.collect(2).subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(TestError(id: 3)))
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 3)))])
  }

  @Test func unlimitedDemandStaysUnlimited() {
    let upstream = TestPublisher<Int, TestError>()
    upstream.collect(4).subscribe(TestSubscriber<[Int], TestError>())
    #expect(upstream.subscription.events == [.requested(.unlimited)])
  }
}
