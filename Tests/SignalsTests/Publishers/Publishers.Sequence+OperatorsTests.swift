// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
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

  @Test func elementWiseOverloadsComputeNowAndStaySequencePublishers() {
    let publisher = [1, 1, nil, 3, 3, 2].publisher
    #expect(publisher.compactMap { $0 }.sequence == [1, 1, 3, 3, 2])
    #expect(publisher.replaceNil(with: 0).sequence == [1, 1, 0, 3, 3, 2])
    #expect(publisher.removeDuplicates().sequence == [1, nil, 3, 2])
    #expect([1, 2, 3].publisher.scan(10, -).sequence == [9, 7, 4])
    #expect(Array([1, 2, 3, 1].publisher.drop { $0 < 3 }.sequence) == [3, 1])
    #expect(Array([1, 2, 3].publisher.dropFirst(2).sequence) == [3])
    #expect(Array([1, 2, 3].publisher.prefix(2).sequence) == [1, 2])
    #expect([1, 2, 3, 1].publisher.prefix { $0 < 3 }.sequence == [1, 2])
    #expect([1].publisher.setFailureType(to: TestError.self).sequence == [1])
    #expect([1].publisher.ignoreOutput().completeImmediately)
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func reducingOverloadsAnswerAtOnce() throws {
    let publisher = [3, 1, 4, 1, 5].publisher
    #expect(publisher.min() == Optional(1).publisher)
    #expect(publisher.max(by: >).output == 1)
    #expect(publisher.first() == Optional(3).publisher)
    #expect(publisher.first { $0 > 3 }.output == 4)
    #expect(publisher.last { $0 < 3 }.output == 1)
    #expect(publisher.count() == Just(5))
    #expect(publisher.contains(4).result == .success(true))
    #expect(publisher.allSatisfy { $0 > 0 }.result == .success(true))
    #expect(publisher.output(at: 2).output == 4)
    #expect(publisher.output(at: 9).output == nil)
    #expect(publisher.output(in: 1..<3).sequence == [1, 4])
    #expect([Int]().publisher.last() == Optional<Int>.none.publisher)
    #expect(throws: TestError.self) { try publisher.tryContains { _ in throw TestError() }.result.get() }
    #expect(try publisher.tryReduce(0, +).result.get() == 14)
  }

  @Test func countIsAJustOnlyForARandomAccessCollectionThatCannotFail() {
    let lazyCount: Result<Int, Never>.Publisher = [1, 2, 3, 4].lazy.filter { $0 > 2 }.publisher.count()
    #expect(lazyCount.result == .success(2))
    let failable: Result<Int, TestError>.Publisher = [1, 2].publisher.setFailureType(to: TestError.self).count()
    #expect(failable.result == .success(2))
  }
}
