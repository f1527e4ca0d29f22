// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct ComparisonTests {
  @Test func minKeepsTheContract() {
    checkOperatorContract { $0.min() }
  }

  @Test func tryMaxKeepsTheContract() {
    checkOperatorContract { $0.tryMax(by: <).mapError { $0 as! TestError } }
  }

  @Test(arguments: [([3, 1, 2], 1, 3), ([5], 5, 5)])
  func minAndMaxFindTheExtremes(values: [Int], smallest: Int, largest: Int) {
    let upstream = TestPublisher<Int, TestError>()
    let minimum = TestSubscriber<Int, TestError>()
    let maximum = TestSubscriber<Int, TestError>()
    upstream.min().subscribe(minimum)
    for value in values { upstream.send(value) }
    upstream.send(completion: .finished)
    let other = TestPublisher<Int, TestError>()
    other.max().subscribe(maximum)
    for value in values { other.send(value) }
    other.send(completion: .finished)
    #expect(minimum.events == [.subscription, .value(smallest), .completion(.finished)])
    #expect(maximum.events == [.subscription, .value(largest), .completion(.finished)])
  }

  @Test func minByUsesTheOrderingAndEmptyUpstreamOnlyFinishes() {
    let upstream = TestPublisher<String, TestError>()
    let recorder = TestSubscriber<String, TestError>()
    upstream.min { $0.count < $1.count }.subscribe(recorder)
    for word in ["ccc", "a", "bb"] { upstream.send(word) }
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value("a"), .completion(.finished)])

    let empty = TestPublisher<String, TestError>()
    let emptyRecorder = TestSubscriber<String, TestError>()
    empty.max { $0 < $1 }.subscribe(emptyRecorder)
    empty.send(completion: .finished)
    #expect(emptyRecorder.events == [.subscription, .completion(.finished)])
  }

  @Test func tryMinFailsWithTheThrownError() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.tryMin { _, _ in throw TestError(id: 9) }.mapError { $0 as! TestError }.subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 9)))])
    #expect(upstream.subscription.isCancelled)
  }
}
