// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Testing

@testable import Signals
@testable import SignalsCombine

struct CombiningStorageTests {
  @Test func tupleLayoutMatchesTheOffsetsSwiftGivesTupleElements() {
    typealias Mixed = (Int8, Int64, Int8, Int16)
    let mixed = CombiningTupleLayout.of([Int8.self, Int64.self, Int8.self, Int16.self])
    #expect(
      mixed.offsets == [
        MemoryLayout<Mixed>.offset(of: \Mixed.0), MemoryLayout<Mixed>.offset(of: \Mixed.1),
        MemoryLayout<Mixed>.offset(of: \Mixed.2), MemoryLayout<Mixed>.offset(of: \Mixed.3),
      ])
    #expect(mixed.size == MemoryLayout<Mixed>.size)

    typealias Values = (String, Bool, [Int])
    let values = CombiningTupleLayout.of([String.self, Bool.self, [Int].self])
    #expect(
      values.offsets == [
        MemoryLayout<Values>.offset(of: \Values.0), MemoryLayout<Values>.offset(of: \Values.1),
        MemoryLayout<Values>.offset(of: \Values.2),
      ])
    #expect(values.size == MemoryLayout<Values>.size)
  }

  @Test func valueBufferKeepsOrderAcrossGrowthAndHandsBackWhatItDisplaced() {
    let queue = CombiningValueBuffer<String>()
    for value in ["a", "b", "c"] { queue.append(value) }
    #expect(queue.removeFirst() == "a")
    for value in ["d", "e", "f"] { queue.append(value) }
    var drained: [String] = []
    while queue.count > 0 { drained.append(queue.removeFirst()) }
    #expect(drained == ["b", "c", "d", "e", "f"])

    let latest = CombiningValueBuffer<String>()
    var value = "first"
    latest.replaceLatest(with: &value)
    #expect(value == "first", "nothing was displaced")
    value = "second"
    latest.replaceLatest(with: &value)
    #expect(value == "first", "the displaced value comes back")
    #expect(latest.value(for: .latest, at: 0) == "second")
  }
}
