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
    checkReentrancy { subject in
      let current = CurrentValueSubject<Int, TestError>(0)
      let link = subject.subscribe(current)
      subjectLinks.withLock { $0.append(link) }
      return current
    }
  }
}

/// Links from the subject under test into a `CurrentValueSubject`, kept for the whole run.
private let subjectLinks = LockedState<[AnyCancellable]>.make([])
