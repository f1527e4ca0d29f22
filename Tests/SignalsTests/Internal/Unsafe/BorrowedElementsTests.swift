// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
import Testing

@testable import Signals
@testable import SignalsCombine

struct BorrowedElementsTests {
  private class Base {}
  private final class Known: Base {
    let name: String
    init(_ name: String) { self.name = name }
  }

  @Test func lendsEachElementItselfAsTheKnownSubclass() {
    let array: ContiguousArray<Base> = [Known("a"), Known("b"), Known("c")]
    let lent = BorrowedElements.lending(array) { elements -> [(String, Bool)] in
      #expect(elements.count == 3)
      return (0..<elements.count).map { index in
        elements.withElement(index, as: Known.self) { known in (known.name, known === array[index]) }
      }
    }
    #expect(lent.map(\.0) == ["a", "b", "c"])
    #expect(lent.allSatisfy { $0.1 }, "each element is the array's own object, not a copy")
  }

  @Test func castsAnElementKnownToBeTheSubclass() {
    let element: Base = Known("x")
    #expect(BorrowedElements<Base>.uncheckedCast(element, to: Known.self).name == "x")
  }
}
#endif
