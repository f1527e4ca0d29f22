// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
import Testing

@testable import Signals
@testable import SignalsCombine

struct UnretainedPairTests {
  private class Base {}
  private final class Known: Base {
    let name: String
    init(_ name: String) { self.name = name }
  }

  @Test func keepsTheFirstTwoElementsThemselvesWithoutRetainingThem() {
    let array: ContiguousArray<Base> = [Known("a"), Known("b"), Known("c")]
    let pair = UnretainedPair(array)
    #expect(pair.count == 2)
    let names = (0..<pair.count).map { index in pair.withElement(index, as: Known.self) { $0.name } }
    #expect(names == ["a", "b"])
    #expect(pair.withElement(1, as: Known.self) { $0 === array[1] }, "the array's own object, not a copy")
  }

  @Test func keepsNothingAlive() {
    weak var weakFirst: Known?
    var pair = UnretainedPair<Base>()
    do {
      let first = Known("a")
      weakFirst = first
      pair = UnretainedPair(ContiguousArray<Base>([first]))
      #expect(pair.count == 1)
    }
    #expect(weakFirst == nil, "the pair holds no reference of its own")
    withExtendedLifetime(pair) {}
  }

  @Test func keepsAsManyAsThereAreUpToTwo() {
    #expect(UnretainedPair<Base>().count == 0)
    #expect(UnretainedPair(ContiguousArray<Base>()).count == 0)
    #expect(UnretainedPair(ContiguousArray<Base>([Known("only")])).count == 1)
  }
}
#endif
