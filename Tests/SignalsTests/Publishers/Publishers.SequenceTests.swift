// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct SequenceTests {
  @Test func deliversEveryElementThenFinishes() {
    let recorder = TestSubscriber<Int, Never>()
    [1, 2, 3].publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
  }

  @Test func deliversNoMoreThanRequested() {
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1))
    [1, 2, 3, 4].publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.request(.max(2))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3)])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(4), .completion(.finished)])
  }

  @Test func finishesRightAfterTheLastElementWithoutMoreDemand() {
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(2))
    [1, 2].publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test func emptySequenceFinishesWithoutDemand() {
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    [Int]().publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func honoursTheDemandReturnedFromReceive() {
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
    (1...5).publisher.subscribe(recorder)
    #expect(recorder.values == [1, 2, 3, 4, 5])
    #expect(recorder.completion == .finished)
  }

  @Test func requestFromInsideReceiveNeitherRecursesNorReorders() {
    let count = 100_000
    let depth = LockedState.make((current: 0, deepest: 0))
    let holder = LockedState<TestSubscriber<Int, Never>?>.make(nil)
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1)) { _ in
      depth.withLock { depth in
        depth.current += 1
        depth.deepest = max(depth.deepest, depth.current)
      }
      holder.withLock { $0 }?.request(.max(1))
      depth.withLock { $0.current -= 1 }
    }
    holder.withLock { $0 = recorder }
    (1...count).publisher.subscribe(recorder)
    #expect(recorder.values == Array(1...count))
    #expect(recorder.completion == .finished)
    #expect(depth.withLock { $0.deepest } == 1)
    holder.withLock { $0 = nil }
  }

  @Test func cancelFromInsideReceiveStopsDelivery() {
    let holder = LockedState<TestSubscriber<Int, Never>?>.make(nil)
    let recorder = TestSubscriber<Int, Never> { value in
      if value == 2 { holder.withLock { $0 }?.cancel() }
    }
    holder.withLock { $0 = recorder }
    (1...10).publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    holder.withLock { $0 = nil }
  }

  @Test func cancelBeforeDemandDeliversNothing() {
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    [1, 2].publisher.subscribe(recorder)
    recorder.cancel()
    recorder.request(.unlimited)
    #expect(recorder.events == [.subscription])
  }

  @Test func eachSubscriberIteratesFromTheStart() {
    let publisher = ["a", "b"].publisher
    let first = TestSubscriber<String, Never>()
    let second = TestSubscriber<String, Never>()
    publisher.subscribe(first)
    publisher.subscribe(second)
    #expect(first.values == ["a", "b"])
    #expect(second.values == ["a", "b"])
  }

  @Test func readsOneElementAheadOfDemand() {
    let reads = LockedState.make(0)
    let lazy = (1...10).lazy.map { value -> Int in
      reads.withLock { $0 += 1 }
      return value
    }
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    lazy.publisher.subscribe(recorder)
    #expect(reads.withLock { $0 } == 1)
    recorder.request(.max(2))
    #expect(recorder.values == [1, 2])
    #expect(reads.withLock { $0 } == 3)
  }

  @Test func failureTypeIsGeneric() {
    let recorder = TestSubscriber<Int, TestError>()
    Publishers.Sequence<[Int], TestError>(sequence: [4, 5]).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(4), .value(5), .completion(.finished)])
  }

  @Test func concurrentRequestsDeliverEachElementOnceInOrder() {
    let count = 2_000
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    (1...count).publisher.subscribe(recorder)
    DispatchQueue.concurrentPerform(iterations: count) { _ in
      recorder.request(.max(1))
    }
    #expect(recorder.values == Array(1...count))
    #expect(recorder.completion == .finished)
  }

  @Test func cancelRacingRequestsNeverExceedsDemandOrDuplicates() {
    for _ in 0..<200 {
      let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
      (1...100).publisher.subscribe(recorder)
      DispatchQueue.concurrentPerform(iterations: 8) { index in
        if index == 4 { recorder.cancel() } else { recorder.request(.max(3)) }
      }
      let values = recorder.values
      #expect(values == Array(1...values.count))
      #expect(values.count <= 21)
      #expect(recorder.completion == nil)
    }
  }

  @Test func releasesTheSubscriberAndElementsOnceCompletedOrCancelled() {
    final class Element {}
    weak var completedSubscriber: TestSubscriber<Element, Never>?
    weak var cancelledSubscriber: TestSubscriber<Element, Never>?
    weak var parkedElement: Element?
    var subscriptions: [any Subscription] = []
    do {
      let completed = TestSubscriber<Element, Never>()
      let cancelled = TestSubscriber<Element, Never>(initialDemand: .max(1))
      completedSubscriber = completed
      cancelledSubscriber = cancelled
      let elements = [Element(), Element(), Element()]
      parkedElement = elements[1]
      elements.publisher.subscribe(completed)
      elements.publisher.subscribe(cancelled)
      subscriptions = [completed.subscription, cancelled.subscription].compactMap { $0 }
      #expect(completed.completion == .finished)
      #expect(cancelled.values.count == 1, "the second element waits for demand")
      cancelled.cancel()
    }
    // The subscriptions are still alive; what they delivered from is not.
    #expect(subscriptions.count == 2)
    #expect(completedSubscriber == nil)
    #expect(cancelledSubscriber == nil)
    #expect(parkedElement == nil, "the element read ahead is released with the cancel")
  }

  @Test func isEquatableWhenItsElementsAre() {
    #expect([1, 2].publisher == [1, 2].publisher)
    #expect([1, 2].publisher != [2, 1].publisher)
    #expect([1, 2].publisher.sequence == [1, 2])
  }

  @Test func describesTheWholeSequenceWhileLiveAndSequenceOnceEnded() throws {
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1))
    [1, 2].publisher.subscribe(recorder)
    let subscription = try #require(recorder.subscription)
    #expect(String(describing: subscription) == "[1, 2]")
    let children = Mirror(reflecting: subscription).children.map { "\($0.label ?? ""): \($0.value)" }
    #expect(children == ["sequence: [1, 2]"])
    recorder.request(.max(1))
    #expect(String(describing: subscription) == "Sequence")
    #expect(Mirror(reflecting: subscription).children.map { "\($0.value)" } == ["[]"])
  }

  @Test func requestingNoValuesIsAllowedAndDoesNothing() {
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    [1, 2].publisher.subscribe(recorder)
    recorder.request(.none)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.values == [1])
  }
}
