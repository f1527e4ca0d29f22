// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
import Testing

@testable import Signals
@testable import SignalsCombine

struct CurrentValueSlotTests {
  private final class Tracked {}

  @Test func withoutAnInitialValueThereIsNoSlotAndStoringDoesNothing() {
    let slot = CurrentValueSlot<String>(nil)
    #expect(!slot.exists)
    slot.store("ignored")
    #expect(slot.value == nil)
    slot.release()
  }

  @Test func holdsTheLastValueStored() {
    let slot = CurrentValueSlot("a")
    #expect(slot.exists)
    #expect(slot.value == "a")
    slot.store("b")
    #expect(slot.value == "b")
    slot.release()
  }

  @Test func releasesTheValueItReplacesAndTheOneItHolds() {
    weak var replaced: Tracked?
    weak var held: Tracked?
    var slot: CurrentValueSlot<Tracked>
    do {
      let first = Tracked()
      let second = Tracked()
      replaced = first
      held = second
      slot = CurrentValueSlot(first)
      slot.store(second)
    }
    #expect(replaced == nil, "a replaced value is destroyed at once")
    #expect(held != nil)
    slot.release()
    #expect(held == nil, "release destroys the value held")
  }
}
#endif
