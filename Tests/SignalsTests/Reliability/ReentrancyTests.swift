// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

/// Subjects accept `send`, `send(completion:)`, `request`, `cancel` and `subscribe` from inside
/// a subscriber's `receive(_:)` without deadlock, in Combine's order. The operators are checked in
/// `OperatorReliabilityTests`.
struct ReentrancyTests {
  @Test func subjectsAreReentrant() {
    checkReentrancy { $0 }
    // Links from the subject under test into a `CurrentValueSubject`, kept for the whole check.
    var links: [AnyCancellable] = []
    checkReentrancy { subject in
      let current = CurrentValueSubject<Int, TestError>(0)
      links.append(subject.subscribe(current))
      return current
    }
    withExtendedLifetime(links) {}
  }
}
