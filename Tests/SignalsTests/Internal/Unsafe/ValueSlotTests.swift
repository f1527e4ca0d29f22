// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport
import Testing

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

  @Test func exchangeHandsBackThePreviousValueOnlyWhenThereIsOne() {
    var slot = ValueSlot<Int>()
    var value = 1
    let handedBackFirst = slot.exchange(&value)
    #expect(!handedBackFirst, "nothing to hand back")
    #expect(value == 1)
    #expect(slot.value == 1, "the first value is stored")
    value = 2
    let handedBackSecond = slot.exchange(&value)
    #expect(handedBackSecond)
    #expect(value == 1, "the previous value comes back")
    #expect(slot.value == 2)
    slot.release()
  }

  @Test func exchangeLeavesTheReplacedValueToTheCaller() {
    weak var replaced: Tracked?
    var slot = ValueSlot<Tracked>()
    do {
      var first = Tracked()
      replaced = first
      _ = slot.exchange(&first)
    }
    #expect(replaced != nil, "the slot holds the first value")
    do {
      var value = Tracked()
      let handedBack = slot.exchange(&value)
      #expect(handedBack)
      withExtendedLifetime(value) {
        #expect(value === replaced, "the value swapped out is the caller's")
      }
    }
    #expect(replaced == nil, "and it is destroyed when the caller lets go of it")
    slot.release()
  }

  @Test func takeMovesTheValueOutAndLeavesTheSlotEmptyAndReusable() {
    weak var taken: Tracked?
    var slot = ValueSlot<Tracked>()
    do {
      let value = Tracked()
      taken = value
      slot.store(value)
    }
    do {
      let value = slot.take()
      #expect(!slot.isFilled)
      #expect(value === taken, "the value moved out is the caller's")
    }
    #expect(taken == nil, "the slot kept no reference of its own")
    slot.store(Tracked())
    #expect(slot.isFilled)
    slot.release()
  }
}
