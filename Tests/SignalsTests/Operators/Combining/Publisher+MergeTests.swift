// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

struct PublisherMergeTests {
  @Test func mergeWithOneToSevenOthersReturnsTheMatchingMergeType() {
    let a = Just(1)
    let b = Optional<Int>.Publisher(2)
    let m2: Publishers.Merge<Just<Int>, Optional<Int>.Publisher> = a.merge(with: b)
    let m3: Publishers.Merge3<Just<Int>, Optional<Int>.Publisher, Just<Int>> = a.merge(with: b, a)
    let m4: Publishers.Merge4<Just<Int>, Just<Int>, Just<Int>, Optional<Int>.Publisher> = a.merge(with: a, a, b)
    let m5 = a.merge(with: b, b, b, b)
    let m6 = a.merge(with: b, b, b, b, b)
    let m7 = a.merge(with: b, b, b, b, b, b)
    let m8: Publishers.Merge8<Just<Int>, Just<Int>, Just<Int>, Just<Int>, Just<Int>, Just<Int>, Just<Int>, Just<Int>> =
      a.merge(with: a, a, a, a, a, a, a)
    let recorder = TestSubscriber<Int, Never>()
    m2.merge(with: m3.map { $0 * 10 }).subscribe(recorder)
    #expect(recorder.values == [1, 2, 10, 20, 10])
    let counts = TestSubscriber<Int, Never>()
    Publishers.MergeMany(
      m4.count().eraseToAnyPublisher(), m5.count().eraseToAnyPublisher(), m6.count().eraseToAnyPublisher(),
      m7.count().eraseToAnyPublisher(), m8.count().eraseToAnyPublisher()
    ).subscribe(counts)
    #expect(counts.values == [4, 5, 6, 7, 8])
  }

  @Test func mergeWithAPublisherOfTheSameTypeMakesAMergeMany() {
    let subject = PassthroughSubject<Int, Never>()
    let merged: Publishers.MergeMany<PassthroughSubject<Int, Never>> = subject.merge(with: subject)
    let grown: Publishers.MergeMany<PassthroughSubject<Int, Never>> = merged.merge(with: subject)
    #expect(grown.publishers.count == 3)
    let recorder = TestSubscriber<Int, Never>()
    grown.subscribe(recorder)
    subject.send(1)
    #expect(recorder.values == [1, 1, 1])
  }
}
