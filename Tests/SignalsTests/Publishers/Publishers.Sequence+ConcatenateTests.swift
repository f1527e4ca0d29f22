// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct SequenceConcatenateTests {
  @Test func appendAndPrependOnASequencePublisherStaySequencePublishers() {
    let base = [3, 4].publisher
    let prepended: Publishers.Sequence<[Int], Never> = base.prepend(1, 2)
    let appended: Publishers.Sequence<[Int], Never> = base.append(5, 6)
    #expect(prepended.sequence == [1, 2, 3, 4])
    #expect(appended.sequence == [3, 4, 5, 6])
    #expect(base.prepend(0...2).sequence == [0, 1, 2, 3, 4])
    #expect(base.append(stride(from: 5, to: 8, by: 1)).sequence == [3, 4, 5, 6, 7])
    #expect(base.prepend([1].publisher).sequence == [1, 3, 4])
    #expect(base.append([9].publisher).sequence == [3, 4, 9])
  }

  @Test func theCombinedPublisherDeliversEveryElementThenFinishes() {
    let recorder = TestSubscriber<Int, Never>()
    [2].publisher.prepend(1).append(3).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
  }

  @Test func aNonCollectionSequenceStillConcatenatesAsPublishers() {
    let recorder = TestSubscriber<Int, Never>()
    let upstream = Publishers.Sequence<StrideTo<Int>, Never>(sequence: stride(from: 1, to: 3, by: 1))
    let chained: Publishers.Concatenate<Publishers.Sequence<StrideTo<Int>, Never>, Publishers.Sequence<[Int], Never>> =
      upstream.append(3)
    chained.subscribe(recorder)
    #expect(recorder.values == [1, 2, 3])
  }

  @Test func prependBuildsOneCollectionWithRoomForBoth() {
    let base = LoggedCollection([3, 4])
    let combined = base.publisher.prepend(1, 2).sequence
    #expect(combined.elements == [1, 2, 3, 4])
    #expect(combined.log.events == ["init", "reserveCapacity(4)", "append", "append"])
  }

  @Test func prependingAPublisherAppendsThisSequenceToItsCollection() {
    let first = LoggedCollection([1, 2])
    let combined = LoggedCollection([3]).publisher.prepend(first.publisher).sequence
    #expect(combined.elements == [1, 2, 3])
    #expect(combined.log === first.log)
    #expect(combined.log.events == ["init", "append"])
  }
}

/// What a ``LoggedCollection`` was asked to do.
private final class CollectionLog {
  var events: [String] = []
}

/// An array that logs how it is built, shared by its copies.
private struct LoggedCollection: RangeReplaceableCollection {
  var elements: [Int]
  let log: CollectionLog

  init() {
    elements = []
    log = CollectionLog()
    log.events.append("init")
  }

  init(_ elements: [Int]) {
    self.elements = elements
    log = CollectionLog()
    log.events.append("init")
  }

  var startIndex: Int { elements.startIndex }
  var endIndex: Int { elements.endIndex }
  subscript(position: Int) -> Int { elements[position] }
  func index(after index: Int) -> Int { elements.index(after: index) }

  mutating func reserveCapacity(_ capacity: Int) {
    log.events.append("reserveCapacity(\(capacity))")
    elements.reserveCapacity(capacity)
  }

  mutating func append<S: Sequence>(contentsOf newElements: S) where S.Element == Int {
    log.events.append("append")
    elements.append(contentsOf: newElements)
  }

  mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == Int {
    log.events.append("replaceSubrange")
    elements.replaceSubrange(subrange, with: newElements)
  }
}
