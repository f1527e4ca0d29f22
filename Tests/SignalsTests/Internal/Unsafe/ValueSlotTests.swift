// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Testing

@testable import Signals
@testable import SignalsCombine

struct ValueSlotTests {
  private final class Tracked {}

  @Test func startsEmptyThenHoldsTheLastValueStored() {
    var slot = ValueSlot<String>()
    #expect(!slot.isFilled)
    slot.store("a")
    #expect(slot.isFilled)
    #expect(slot.value == "a")
    slot.store("b")
    #expect(slot.value == "b")
    slot.release()
  }

  @Test func releasesTheValueItReplacesAndTheOneItHolds() {
    weak var replaced: Tracked?
    weak var held: Tracked?
    var slot = ValueSlot<Tracked>()
    do {
      let first = Tracked()
      let second = Tracked()
      replaced = first
      held = second
      slot.store(first)
      slot.store(second)
    }
    #expect(replaced == nil, "a replaced value is destroyed at once")
    #expect(held != nil)
    slot.release()
    #expect(held == nil, "release destroys the value held")
  }

  @Test func storingComparesWithThePreviousValueOnlyWhenThereIsOne() {
    var slot = ValueSlot<Int>()
    #expect(slot.store(1, comparingWithPrevious: { _, _ in true }) == nil, "nothing to compare with")
    #expect(slot.store(2, comparingWithPrevious: { previous, new in "\(previous)→\(new)" }) == "1→2")
    struct Refused: Error {}
    #expect(throws: Refused.self) {
      try slot.store(3, comparingWithPrevious: { _, _ in throw Refused() })
    }
    #expect(slot.value == 3, "stored even when the comparison throws")
    slot.release()
  }
}
