// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport
import Testing

struct RecentValuesTests {
  private final class Tracked {}

  @Test func keepsTheLastValuesUpToItsLimitOldestFirst() {
    var ring = RecentValues<Int>(limit: 3)
    #expect(ring.elements.isEmpty)
    var evictions: [Int] = []
    for value in 1...7 {
      var carried = value
      if ring.push(&carried) { evictions.append(carried) }
      #expect(ring.elements == Array(max(1, value - 2)...value))
    }
    #expect(evictions == [1, 2, 3, 4], "each push past the limit hands back the oldest")
    #expect(ring.count == 3)
    ring.release()
  }

  @Test func growsAsItFillsUpToALargeLimit() {
    var ring = RecentValues<String>(limit: 100)
    for value in 0..<10 {
      var carried = String(value)
      let evicted = ring.push(&carried)
      #expect(!evicted, "room left: nothing is evicted")
    }
    #expect(ring.elements == (0..<10).map(String.init))
    ring.release()
  }

  @Test func aLimitOfZeroKeepsNothing() {
    var ring = RecentValues<Int>(limit: 0)
    var carried = 1
    let unkept = ring.push(&carried)
    #expect(unkept)
    #expect(carried == 1, "the value comes back unkept")
    #expect(ring.elements.isEmpty)
    ring.release()
  }

  @Test func theEvictedValueIsTheCallersAndReleaseDestroysTheRest() {
    weak var evicted: Tracked?
    weak var kept: Tracked?
    var ring = RecentValues<Tracked>(limit: 1)
    do {
      var first = Tracked()
      evicted = first
      _ = ring.push(&first)
      var second = Tracked()
      kept = second
      let full = ring.push(&second)
      #expect(full)
      #expect(second === evicted, "the oldest comes back to the caller")
    }
    #expect(evicted == nil, "released by the caller, not the ring")
    #expect(kept != nil)
    ring.release()
    #expect(kept == nil, "release destroys the values held")
  }
}
