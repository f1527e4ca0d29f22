// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct ScanTests {
  @Test func scanKeepsTheContract() {
    checkOperatorContract(skipping: .passThrough) { $0.scan(0, +) }
  }

  @Test func tryScanKeepsTheContract() {
    checkOperatorContract(skipping: .passThrough) { $0.tryScan(0, +).mapError { $0 as! TestError } }
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
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(TestError(id: -2)))])
    #expect(upstream.subscription.isCancelled)
    // A value the cancelled upstream sends anyway is still folded and forwarded, as in Combine.
    upstream.send(3)
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(TestError(id: -2))), .value(4)])
  }

  // MARK: Combine's pass-through

  @Test func scanHandsItsSubscriberTheUpstreamsOwnSubscription() {
    expectUpstreamSubscriptionPassedThrough { $0.scan(0, +) }
  }

  /// A `scan` is released with its subscriber once the upstream lets go of it: it holds no
  /// subscription of its own, so there is no cycle to break.
  @Test func scanHoldsNoCycleWithASubscriberThatKeepsItsSubscription() {
    weak var released: TestSubscriber<Int, TestError>?
    let upstream = TestPublisher<Int, TestError>()
    do {
      let recorder = TestSubscriber<Int, TestError>()
      released = recorder
      upstream.scan(0, +).subscribe(recorder)
      upstream.send(2)
      #expect(recorder.values == [2])
    }
    upstream.send(completion: .finished)
    #expect(released != nil, "the upstream still holds the relay and so the subscriber")
  }

  /// Combine's `tryScan` stays open after upstream's completion: a later value is still folded
  /// and forwarded. After a throw has failed the pipeline, another throw is ignored.
  @Test func tryScanForwardsWhatUpstreamSendsAfterItsCompletionAsCombineDoes() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, any Error>()
    upstream.tryScan(0) { total, value in
      if value < 0 { throw TestError(id: value) }
      return total + value
    }
    .subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .finished)
    upstream.send(2)
    #expect(recorder.values == [1, 3])
    upstream.send(-1)
    upstream.send(-2)
    #expect(recorder.events.count == 5)
    #expect(upstream.subscription.events == [.requested(.unlimited), .cancelled])
  }

  // MARK: Mirror

  // Combine's mirror shows the running result. Any thread may ask for a mirror while the result
  // changes on the delivery path, so Signals shows the starting value, as its reducing operators
  // do (CombineCompatibility.md).

  @Test func scanShowsTheStartingValueInItsMirror() throws {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.scan(10, +).subscribe(recorder)
    // The relay hands the upstream's subscription through: the upstream holds the relay.
    let relay = try #require(upstream.subscriber)
    #expect(Mirror(reflecting: relay).children.map(\.label) == ["downstream", "result"])
    #expect(reflectedResult(of: relay) == "10", "the initial result before any value")
    upstream.send(1)
    upstream.send(2)
    #expect(recorder.values == [11, 13])
    #expect(reflectedResult(of: relay) == "10", "the starting value while values flow")
  }

  @Test func tryScanShowsTheStartingValueInItsMirror() throws {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, any Error>()
    upstream.tryScan(10, +).subscribe(recorder)
    let inner = try #require(recorder.subscription)
    #expect(Mirror(reflecting: inner).children.map(\.label) == ["downstream", "status", "result"])
    #expect(reflectedResult(of: inner) == "10", "the initial result before any value")
    upstream.send(1)
    upstream.send(2)
    #expect(recorder.values == [11, 13])
    #expect(reflectedResult(of: inner) == "10", "the starting value while values flow")
  }

  private func reflectedResult(of subject: Any) -> String? {
    Mirror(reflecting: subject).children.first { $0.label == "result" }.map { "\($0.value)" }
  }
}
