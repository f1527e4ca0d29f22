// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
import SignalsExt
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct CollectionCombiningTests {
  @Test func collectionFormsKeepTheContract() {
    checkOperatorContract { [$0, TestPublisher()].combineLatest() }
    checkOperatorContract { [$0, TestPublisher()].zip() }
    checkOperatorContract { [$0, TestPublisher()].merge() }
  }

  @Test func combineLatestMakesArraysInTheCollectionsOrder() {
    let fields = (0..<3).map { CurrentValueSubject<String, Never>("\($0)") }
    let recorder = TestSubscriber<[String], Never>()
    fields.combineLatest().subscribe(recorder)
    fields[1].send("b")
    #expect(recorder.values == [["0", "1", "2"], ["0", "b", "2"]])
  }

  @Test func zipMakesArraysOfTheNthValues() {
    let recorder = TestSubscriber<[Int], Never>()
    [[1, 2, 3].publisher, [10, 20].publisher, [100, 200, 300].publisher].zip().subscribe(recorder)
    #expect(recorder.events == [.subscription, .value([1, 10, 100]), .value([2, 20, 200]), .completion(.finished)])
  }

  @Test func mergeInterleavesEveryValue() {
    let recorder = TestSubscriber<Int, Never>()
    [[1, 2].publisher, [3].publisher].merge().subscribe(recorder)
    // Each upstream's first value waits in its one-value buffer until the subscriber's request, which
    // drains the buffers in input order before the rest arrives: 1, 3, then 2.
    #expect(recorder.events == [.subscription, .value(1), .value(3), .value(2), .completion(.finished)])
  }

  @Test func zipReturnsDemandAskedForDuringAnInputsValueToThatInput() {
    let first = TestPublisher<Int, Never>()
    let second = TestPublisher<Int, Never>()
    let recorder = TestSubscriber<[Int], Never>(initialDemand: .max(1), demandPerValue: .max(1))
    [first, second].zip().subscribe(recorder)
    #expect(first.send(1) == .none)
    #expect(second.send(10) == .max(1), "returned to the input whose value completed the array")
    #expect(first.subscription.events == [.requested(.max(1)), .requested(.max(1))])
    #expect(second.subscription.events == [.requested(.max(1))])
    #expect(recorder.values == [[1, 10]])
  }

  @Test func combineLatestFailsAtTheFirstFailureAndCancelsEveryInput() {
    let first = TestPublisher<Int, TestError>()
    let second = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<[Int], TestError>()
    [first, second].combineLatest().subscribe(recorder)
    first.send(1)
    second.send(completion: .failure(TestError(id: 2)))
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 2)))])
    #expect(second.subscription.events == [.requested(.unlimited), .cancelled], "the failed input too, as in Combine")
    #expect(first.subscription.events == [.requested(.unlimited), .cancelled])
  }

  @Test func aSinglePublisherMakesOneElementArrays() {
    let recorder = TestSubscriber<[Int], Never>()
    [[1, 2].publisher].combineLatest().subscribe(recorder)
    #expect(recorder.values == [[1], [2]])
  }

  @Test func anEmptyCollectionFinishesAtOnce() {
    let empty: [Just<Int>] = []
    let latest = TestSubscriber<[Int], Never>()
    let zipped = TestSubscriber<[Int], Never>()
    let merged = TestSubscriber<Int, Never>()
    empty.combineLatest().subscribe(latest)
    empty.zip().subscribe(zipped)
    empty.merge().subscribe(merged)
    #expect(latest.events == [.subscription, .completion(.finished)])
    #expect(zipped.events == [.subscription, .completion(.finished)])
    #expect(merged.events == [.subscription, .completion(.finished)])
  }

  @Test func manyPublishersFromManyThreadsArriveOneAtATime() {
    let perSender = 500
    let subjects = (0..<8).map { _ in PassthroughSubject<Int, Never>() }
    let probe = SerialityProbe()
    let recorder = TestSubscriber<[Int], Never>(onValue: { _ in probe.enterAndLeave() })
    subjects.zip().subscribe(recorder)
    DispatchQueue.concurrentPerform(iterations: subjects.count) { sender in
      for value in 0..<perSender { subjects[sender].send(value) }
    }
    #expect(probe.overlaps == 0)
    #expect(recorder.values == (0..<perSender).map { Array(repeating: $0, count: subjects.count) })
  }
}
