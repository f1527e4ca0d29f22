// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
import Testing

@testable import SignalsCombine

/// `TupleLayout` and `TupleSpread`: tuple elements read and written at computed offsets.
struct TupleLayoutTests {
  private final class Tracked {}

  @Test func layoutMatchesTheOffsetsSwiftGivesTupleElements() {
    typealias Mixed = (Int8, Int64, Int8, Int16)
    var mixed = TupleLayout()
    let mixedOffsets = [
      mixed.append(Int8.self), mixed.append(Int64.self), mixed.append(Int8.self), mixed.append(Int16.self),
    ]
    #expect(
      mixedOffsets == [
        MemoryLayout<Mixed>.offset(of: \Mixed.0), MemoryLayout<Mixed>.offset(of: \Mixed.1),
        MemoryLayout<Mixed>.offset(of: \Mixed.2), MemoryLayout<Mixed>.offset(of: \Mixed.3),
      ])
    #expect(mixed.size == MemoryLayout<Mixed>.size)
    mixed.check(Mixed.self)

    typealias Values = (String, Bool, [Int])
    var values = TupleLayout()
    let valueOffsets = [values.append(String.self), values.append(Bool.self), values.append([Int].self)]
    #expect(
      valueOffsets == [
        MemoryLayout<Values>.offset(of: \Values.0), MemoryLayout<Values>.offset(of: \Values.1),
        MemoryLayout<Values>.offset(of: \Values.2),
      ])
    #expect(values.size == MemoryLayout<Values>.size)
  }

  @Test func aTupleWrittenElementByElementReadsBackWhole() {
    typealias Row = (Int8, String, Double)
    var layout = TupleLayout()
    let offsets = (layout.append(Int8.self), layout.append(String.self), layout.append(Double.self))
    layout.check(Row.self)
    let handoff = ValueHandoff<Row>()
    handoff.destination.element(at: offsets.0).typed(Int8.self).initialize(to: 7)
    handoff.destination.element(at: offsets.1).typed(String.self).initialize(to: "a string longer than fits inline")
    handoff.destination.element(at: offsets.2).typed(Double.self).initialize(to: 2.5)
    let row = handoff.move()
    handoff.deallocate()
    #expect(row.0 == 7)
    #expect(row.1 == "a string longer than fits inline")
    #expect(row.2 == 2.5)
  }

  @Test func spreadHandsATransformEachElementOfItsTuple() {
    let pair: ((Int8, String)) -> String = TupleSpread.pair { (a: Int8, b: String) in "\(a)\(b)" }
    #expect(pair((1, "x")) == "1x")
    let triple: ((String, Int64, Bool)) -> String = TupleSpread.triple { (a: String, b: Int64, c: Bool) in
      "\(a)\(b)\(c)"
    }
    #expect(triple(("a", 2, true)) == "a2true")
    let quadruple: ((Int8, Int64, Int8, [Int])) -> Int = TupleSpread.quadruple {
      (a: Int8, b: Int64, c: Int8, d: [Int]) in Int(a) + Int(b) + Int(c) + d.reduce(0, +)
    }
    #expect(quadruple((1, 20, 3, [100, 200])) == 324)
  }

  @Test func spreadingAReferenceKeepsItsOwnershipRight() {
    weak var released: Tracked?
    do {
      let tracked = Tracked()
      released = tracked
      let spread: ((Int, Tracked)) -> Tracked = TupleSpread.pair { (_: Int, b: Tracked) in b }
      #expect(spread((1, tracked)) === tracked)
    }
    #expect(released == nil)
  }
}
#endif
