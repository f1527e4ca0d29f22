// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

struct ReplaceErrorTests {
  @Test func replaceErrorKeepsTheContract() {
    checkOperatorContract { $0.replaceError(with: 0) }
  }

  @Test func failureBecomesTheReplacementAndFinished() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(5))
    upstream.replaceError(with: -1).subscribe(recorder)
    #expect(upstream.send(1) == .none)
    upstream.send(completion: .failure(TestError()))
    #expect(recorder.events == [.subscription, .value(1), .value(-1), .completion(.finished)])
    #expect(upstream.subscription.events == [.requested(.max(5))])
  }

  @Test func replacementIsHeldUntilDownstreamAsks() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1))
    upstream.replaceError(with: -1).subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(TestError()))
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.request(.max(3))
    #expect(recorder.events == [.subscription, .value(1), .value(-1), .completion(.finished)])
    #expect(upstream.subscription.events == [.requested(.max(1))])
  }

  @Test func demandReturnedByTheLastValueCountsForTheReplacement() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
    upstream.replaceError(with: -1).subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(TestError()))
    #expect(recorder.events == [.subscription, .value(1), .value(-1), .completion(.finished)])
  }

  @Test func finishedPassesThrough() {
    let recorder = TestSubscriber<Int, Never>()
    Just(3).setFailureType(to: TestError.self).replaceError(with: 0).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(3), .completion(.finished)])
  }

  @Test func requestFromInsideTheReplacementDoesNotDeliverItTwice() {
    let upstream = TestPublisher<Int, TestError>()
    let box = SubscriberBox<Int>()
    let recorder = TestSubscriber<Int, Never>(
      initialDemand: .none,
      onValue: { _ in box.subscriber?.request(.max(1)) })
    box.subscriber = recorder
    upstream.replaceError(with: -1).subscribe(recorder)
    upstream.send(completion: .failure(TestError()))
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(-1), .completion(.finished)])
  }
}
