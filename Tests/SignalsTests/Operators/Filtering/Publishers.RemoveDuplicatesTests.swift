// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct RemoveDuplicatesTests {
  @Test func removeDuplicatesKeepsTheContract() {
    checkOperatorContract(skipping: .filtering) { $0.removeDuplicates() }
  }

  @Test func tryRemoveDuplicatesKeepsTheContract() {
    checkOperatorContract(skipping: .filtering) { $0.tryRemoveDuplicates { $0 == $1 }.mapError { $0 as! TestError } }
  }

  @Test func removeDuplicatesDropsRepeatsAndAsksForOneMore() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(3))
    upstream.removeDuplicates().subscribe(recorder)
    #expect(upstream.send(1) == .none)
    #expect(upstream.send(1) == .max(1))
    #expect(upstream.send(2) == .none)
    #expect(upstream.send(2) == .max(1))
    #expect(upstream.send(1) == .none)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(1), .completion(.finished)])
    #expect(upstream.subscription.events == [.requested(.max(3))])
  }

  @Test func removeDuplicatesByComparesWithTheValueJustBefore() {
    // 1, 2, 3 are each "close" to their predecessor, so only 1 passes although 3 is far from 1.
    let recorder = TestSubscriber<Int, Never>()
    [1, 2, 3, 10].publisher.removeDuplicates { abs($0 - $1) < 2 }.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(10), .completion(.finished)])
  }

  @Test func tryRemoveDuplicatesFailsWithTheThrownErrorAndCancelsUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.tryRemoveDuplicates { old, new in
      if new == 0 { throw TestError(id: 9) }
      return old == new
    }
    .mapError { $0 as! TestError }
    .subscribe(recorder)
    upstream.send(0)  // the first value is never compared
    upstream.send(1)
    upstream.send(0)
    upstream.send(5)
    #expect(recorder.events == [.subscription, .value(0), .value(1), .completion(.failure(TestError(id: 9)))])
    #expect(upstream.subscription.events == [.requested(.unlimited), .cancelled])
  }

  // MARK: Combine's behaviour

  @Test func removeDuplicatesShowsTheLastValueInItsMirror() throws {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.removeDuplicates().subscribe(recorder)
    let subscription = try #require(recorder.subscription)
    let inner = try #require(subscription as? any CustomReflectable)
    #expect(inner.customMirror.children.map(\.label) == ["downstream", "last"])
    #expect(Array(inner.customMirror.children).last.map { "\($0.value)" } == "nil")
    upstream.send(3)
    #expect(Array(inner.customMirror.children).last.map { "\($0.value)" } == "Optional(3)")
  }

  @Test func tryRemoveDuplicatesShowsTheLastValueInItsMirrorDuplicateOrNot() throws {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, any Error>()
    upstream.tryRemoveDuplicates(by: ==).subscribe(recorder)
    let subscription = try #require(recorder.subscription)
    func last() -> String? {
      Mirror(reflecting: subscription).children.first { $0.label == "last" }.map { "\($0.value)" }
    }
    #expect(Mirror(reflecting: subscription).children.map(\.label) == ["downstream", "last"])
    #expect(last() == "nil")
    upstream.send(3)
    #expect(last() == "Optional(3)")
    upstream.send(4)
    upstream.send(4)
    #expect(recorder.values == [3, 4])
    #expect(last() == "Optional(4)")
  }

  @Test func removeDuplicatesForwardsAValueBeyondTheDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    upstream.removeDuplicates().subscribe(recorder)
    upstream.send(1)
    #expect(upstream.send(1) == .max(1))
    upstream.send(2)
    #expect(recorder.values == [1, 2])
  }
}
