// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
import Testing

@testable import Signals
@testable import SignalsCombine

struct InPlaceBoxTests {
  private final class Tracked {
    var calls = 0
  }

  @Test func usesTheValueInPlaceUntilReleasedThenFindsNothing() {
    weak var weakValue: Tracked?
    var box: InPlaceBox<Tracked>
    do {
      let value = Tracked()
      weakValue = value
      box = InPlaceBox(value)
    }
    #expect(box.isHeld)
    #expect(weakValue != nil, "the box keeps its value alive")
    #expect(
      box.withValue { value -> Int in
        value.calls += 1
        return value.calls
      } == 1)
    #expect(box.withValue { $0.calls } == 1)
    box.release()
    #expect(!box.isHeld)
    #expect(weakValue == nil, "release drops the value")
    #expect(box.withValue { $0.calls } == nil)
    box.release()  // a second release does nothing
  }

  @Test func holdsAValueTypeWithoutCopyingItOutPerUse() {
    var box = InPlaceBox([1, 2, 3])
    #expect(box.withValue { $0.reduce(0, +) } == 6)
    box.release()
  }
}
#endif
