// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Testing

@testable import SignalsCombine

/// `ValueRing` (with its erased base) and `ValueHandoff`: values in raw slots, moved in and out.
struct ValueRingTests {
  private final class Tracked {}

  @Test func keepsOrderAcrossGrowthAndWrapAround() {
    let queue = ValueRing<String>.make()
    #expect(queue.count == 0)
    for value in ["a", "b", "c"] { queue.append(value) }
    #expect(queue.removeFirst() == "a")
    for value in ["d", "e", "f"] { queue.append(value) }
    #expect(queue.first == "b")
    var drained: [String] = []
    while queue.count > 0 { drained.append(queue.removeFirst()) }
    #expect(drained == ["b", "c", "d", "e", "f"])
  }

  @Test func replacingTheFirstValueHandsBackWhatItDisplaced() {
    let latest = ValueRing<String>.make()
    var value = "first"
    latest.replaceFirst(with: &value)
    #expect(value == "first", "nothing was displaced")
    value = "second"
    latest.replaceFirst(with: &value)
    #expect(value == "first", "the displaced value comes back")
    #expect(latest.first == "second")
    #expect(latest.count == 1)
  }

  @Test func movesAndCopiesThroughDestinations() {
    let ring = ValueRing<String>.make()
    ring.append("kept")
    let handoff = ValueHandoff<String>()
    ring.copyFirst(into: handoff.destination)
    #expect(handoff.move() == "kept")
    #expect(ring.count == 1, "a copy leaves the value")
    ring.moveFirst(into: handoff.destination)
    #expect(handoff.move() == "kept")
    #expect(ring.count == 0, "a move takes it")
    ring.appendUninitialized().typed(String.self).initialize(to: "written")
    #expect(ring.removeFirst() == "written")
    handoff.deallocate()
  }

  @Test func takeAllLeavesTheRingEmptyAndTheTakenRingOwnsTheValues() {
    weak var held: Tracked?
    let ring = ValueRing<Tracked>.make()
    var taken: AnyValueRing?
    do {
      let tracked = Tracked()
      held = tracked
      ring.append(tracked)
      ring.append(Tracked())
      taken = ring.takeAll()
    }
    #expect(ring.count == 0)
    #expect(ValueRing<Tracked>.unerased(taken!).count == 2)
    #expect(held != nil)
    taken = nil
    #expect(held == nil, "the taken ring releases its values")
    ring.append(Tracked())
    #expect(ring.count == 1, "the emptied ring is still usable")
  }

  @Test func releasesEveryValueItStillHolds() {
    weak var first: Tracked?
    weak var second: Tracked?
    do {
      let ring = ValueRing<Tracked>.make()
      let a = Tracked()
      let b = Tracked()
      first = a
      second = b
      ring.append(a)
      ring.append(b)
      _ = ring.removeFirst()
      ring.append(Tracked())
    }
    #expect(first == nil)
    #expect(second == nil)
  }

  @Test func unerasedGivesBackTheRingItWasMadeAs() {
    let ring = ValueRing<Int>.make()
    ring.append(4)
    let erased: AnyValueRing = ring
    #expect(ValueRing<Int>.unerased(erased) === ring)
    #expect(ValueRing<Int>.unerased(erased).first == 4)
  }
}
