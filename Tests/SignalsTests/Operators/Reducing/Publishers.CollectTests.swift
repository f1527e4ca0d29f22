// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct CollectTests {
  @Test func collectKeepsTheContract() {
    checkOperatorContract { $0.collect() }
  }

  @Test func collectAsksForEverythingAndWaitsForDemandBeforeDelivering() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<[Int], TestError>(initialDemand: .none)
    upstream.collect().subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.unlimited)])
    #expect(upstream.send(1) == .none)
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value([1, 2]), .completion(.finished)])
  }

  @Test func collectForwardsFailureWithoutDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<[Int], TestError>(initialDemand: .none)
    upstream.collect().subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(TestError(id: 1)))
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 1)))])
  }

  @Test func mirrorShowsHowManyValuesAreCollected() throws {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<[Int], TestError>()
    upstream.collect().subscribe(recorder)
    let subscription = try #require(recorder.subscription)
    func count() -> String {
      Mirror(reflecting: subscription).children.map { "\($0.label ?? ""): \($0.value)" }.joined()
    }
    #expect(count() == "count: 0")
    upstream.send(1)
    upstream.send(2)
    #expect(count() == "count: 2")
  }
}
