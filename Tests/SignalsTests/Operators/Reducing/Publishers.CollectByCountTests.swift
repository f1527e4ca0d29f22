// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct CollectByCountTests {
  // Not `checkOperatorContract`: as in Combine, `collect(_:)` forwards every completion upstream
  // sends, even after a cancel or another completion, and sends full arrays whatever the demand.

  @Test func collectByCountIgnoresValuesBeforeItsSubscriptionAndCancelsASecondOne() {
    let late = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let recorder = TestSubscriber<[Int], TestError>()
    late.collect(1).subscribe(recorder)
    #expect(late.send(1) == .none)
    #expect(recorder.events.isEmpty)

    let upstream = TestPublisher<Int, TestError>()
    upstream.collect(1).subscribe(TestSubscriber<[Int], TestError>())
    let second = TestSubscription()
    upstream.sendSubscription(second)
    #expect(second.events == [.cancelled])
    #expect(upstream.subscription.events == [.requested(.unlimited)])
  }

  @Test func everyCompletionIsForwardedEvenAfterCancel() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<[Int], TestError>()
    upstream.collect(2).subscribe(recorder)
    upstream.send(1)
    recorder.cancel()
    upstream.send(2)
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(TestError(id: 1)))
    #expect(
      recorder.events == [.subscription, .completion(.finished), .completion(.failure(TestError(id: 1)))])
    #expect(upstream.subscription.events == [.requested(.unlimited), .cancelled])
  }

  @Test func cancelBeforeTheSubscriptionIsNotRemembered() throws {
    let upstream = HoldingPublisher<Int, TestError>()
    let recorder = TestSubscriber<[Int], TestError>(initialDemand: .max(1))
    upstream.collect(2).subscribe(recorder)
    try #require(upstream.inner).cancel()
    let subscription = TestSubscription()
    upstream.send(subscription: subscription)
    #expect(subscription.events == [.requested(.max(2))])
  }

  @Test func mirrorShowsTheBufferAndTheCount() throws {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<[Int], TestError>()
    upstream.collect(3).subscribe(recorder)
    upstream.send(7)
    let subscription = try #require(recorder.subscription)
    let children = Mirror(reflecting: subscription).children.map { "\($0.label ?? ""): \($0.value)" }
    #expect(children.count == 4)
    #expect(children[0].hasPrefix("downstream: "))
    #expect(children[1].hasPrefix("upstreamSubscription: "))
    #expect(Array(children[2...]) == ["buffer: [7]", "count: 3"])
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

  @Test func partialArrayIsSentOnFinishWhateverTheDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<[Int], TestError>(initialDemand: .max(1))
    upstream.collect(2).subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    upstream.send(3)  // beyond demand
    upstream.send(completion: .finished)
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

  #if compiler(>=6.2)
  @Test func requestingNoneStops() async {
    await #expect(processExitsWith: .failure) {
      let upstream = TestPublisher<Int, TestError>()
      let recorder = TestSubscriber<[Int], TestError>(initialDemand: .none)
      upstream.collect(2).subscribe(recorder)
      recorder.request(.none)
    }
  }
  #endif
}
