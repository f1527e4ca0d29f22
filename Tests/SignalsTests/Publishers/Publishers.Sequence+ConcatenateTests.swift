// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
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
}
