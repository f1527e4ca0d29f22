// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import Testing

struct SubscriptionsTests {
  @Test func emptyIgnoresRequestsAndCancelsAndIsShared() {
    let empty = Subscriptions.empty
    empty.request(.unlimited)
    empty.cancel()
    #expect(empty.combineIdentifier == Subscriptions.empty.combineIdentifier)
    #expect(String(describing: empty) == "Empty")
  }

  @Test func emptyReflectsAsEmptyWithNoChildren() {
    let empty = Subscriptions.empty
    #expect(String(describing: empty) == "Empty")
    #expect((empty as? any CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String == "Empty")
    #expect(Mirror(reflecting: empty).children.isEmpty)
    #expect(!(empty is any CustomDebugStringConvertible))
  }
}
