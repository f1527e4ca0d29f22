// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport
import Testing

struct AtomicTests {
  @Test(arguments: [0, 1, -7, Int.max, Int.min])
  func loadReturnsTheInitialValue(initial: Int) {
    let atomic = Atomic.make(initial)
    #expect(atomic.load(ordering: .relaxed) == initial)
  }

  @Test func incrementReturnsTheValueBeforeIt() {
    let atomic = Atomic.make(1)
    let returned = (0..<5).map { _ in atomic.loadThenWrappingIncrement(ordering: .relaxed) }
    #expect(returned == [1, 2, 3, 4, 5])
    #expect(atomic.load(ordering: .relaxed) == 6)
  }

  @Test func incrementWrapsFromTheLargestToTheSmallestValue() {
    let atomic = Atomic.make(Int.max)
    #expect(atomic.loadThenWrappingIncrement(ordering: .relaxed) == Int.max)
    #expect(atomic.load(ordering: .relaxed) == Int.min)
    #expect(atomic.loadThenWrappingIncrement(ordering: .relaxed) == Int.min)
    #expect(atomic.load(ordering: .relaxed) == Int.min + 1)
  }

  @Test func compareExchangeReplacesOnlyTheExpectedValue() {
    let atomic = Atomic.make(0)
    #expect(atomic.compareExchange(expected: 0, desired: 1, ordering: .relaxed))
    #expect(atomic.load(ordering: .relaxed) == 1)
    #expect(!atomic.compareExchange(expected: 0, desired: 2, ordering: .relaxed))
    #expect(atomic.load(ordering: .relaxed) == 1)
    #expect(atomic.compareExchange(expected: 1, desired: Int.min, ordering: .relaxed))
    #expect(atomic.load(ordering: .relaxed) == Int.min)
  }

  @Test func copiesShareOneWord() {
    let atomic = Atomic.make(0)
    let copy = atomic
    copy.loadThenWrappingIncrement(ordering: .relaxed)
    atomic.loadThenWrappingIncrement(ordering: .relaxed)
    #expect(atomic.load(ordering: .relaxed) == 2)
    #expect(copy.load(ordering: .relaxed) == 2)
  }

  @Test func separateAtomicsAreIndependent() {
    let first = Atomic.make(10)
    let second = Atomic.make(10)
    first.loadThenWrappingIncrement(ordering: .relaxed)
    #expect(first.load(ordering: .relaxed) == 11)
    #expect(second.load(ordering: .relaxed) == 10)
  }
}
