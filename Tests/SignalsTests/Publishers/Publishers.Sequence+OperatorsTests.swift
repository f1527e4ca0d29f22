// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

struct SequenceOperatorsTests {
  @Test func mapTransformsEveryElementOnceAtCallTimeAndStaysASequencePublisher() {
    var calls = 0
    let mapped: Publishers.Sequence<[Int], Never> = [1, 2, 3].publisher.map { value -> Int in
      calls += 1
      return value * 10
    }
    #expect(calls == 3)
    #expect(mapped.sequence == [10, 20, 30])
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1))
    mapped.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(10)])
    recorder.request(.max(2))
    #expect(recorder.events == [.subscription, .value(10), .value(20), .value(30), .completion(.finished)])
    #expect(calls == 3)
  }

  @Test func filterKeepsMatchingElementsInOrder() {
    let filtered: Publishers.Sequence<[Int], Never> = (1...6).publisher.filter { $0.isMultiple(of: 2) }
    let recorder = TestSubscriber<Int, Never>()
    filtered.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(2), .value(4), .value(6), .completion(.finished)])
  }

  @Test func reduceDeliversTheResultOnFirstDemandThenFinishes() {
    let reduced: Result<Int, Never>.Publisher = (1...4).publisher.reduce(0, +)
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    reduced.subscribe(recorder)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(10), .completion(.finished)])
  }

  @Test func collectDeliversEveryElementAsOneArray() {
    let collected: Result<[Character], Never>.Publisher = "abc".publisher.collect()
    let recorder = TestSubscriber<[Character], Never>()
    collected.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(["a", "b", "c"]), .completion(.finished)])
  }

  @Test func collectOfAnEmptySequenceDeliversAnEmptyArray() {
    let recorder = TestSubscriber<[Int], Never>()
    [Int]().publisher.collect().subscribe(recorder)
    #expect(recorder.events == [.subscription, .value([]), .completion(.finished)])
  }

  @Test func mapThenReduceRunsOnTheSequenceItself() {
    var result = 0
    let cancellable = (0..<1000).publisher.map { _ in 1 }.reduce(0, &+).sink { result = $0 }
    #expect(result == 1000)
    cancellable.cancel()
  }
}
