// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

struct ReplaceEmptyTests {
  @Test func replaceEmptyKeepsTheContract() {
    checkOperatorContract { $0.replaceEmpty(with: 0) }
  }

  @Test func valuesPassThroughAndNoReplacementFollows() {
    let recorder = TestSubscriber<Int, Never>()
    [1, 2].publisher.replaceEmpty(with: 0).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test func emptyUpstreamIsReplacedWhenDemandIsThere() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    upstream.replaceEmpty(with: 7).subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.max(1))])
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(7), .completion(.finished)])
  }

  @Test func replacementWaitsForDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.replaceEmpty(with: 7).subscribe(recorder)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(7), .completion(.finished)])
    recorder.request(.max(1))
    #expect(recorder.events.count == 3)
    #expect(upstream.subscription.events.isEmpty)
  }

  @Test func cancelWhileTheReplacementWaitsDropsIt() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.replaceEmpty(with: 7).subscribe(recorder)
    upstream.send(completion: .finished)
    recorder.cancel()
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription])
  }

  @Test func failureIsForwardedNotReplaced() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.replaceEmpty(with: 7).subscribe(recorder)
    upstream.send(completion: .failure(TestError(id: 2)))
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 2)))])
  }
}
