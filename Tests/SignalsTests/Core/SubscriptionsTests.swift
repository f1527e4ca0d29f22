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
}
