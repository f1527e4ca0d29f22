// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting

/// Holds a subscriber so a closure created before it can reach it.
final class SubscriberBox<Input>: @unchecked Sendable {
  // Safety: written once before any concurrent use, in single-threaded test set-up.
  var subscriber: TestSubscriber<Input, Never>?
}

/// Detects overlapping calls: counts how often a call started while another was in progress.
final class SerialityProbe: @unchecked Sendable {
  // Safety: all mutable state is in `state`, a `LockedState`.
  private let state = LockedState<(inside: Int, overlaps: Int)>.make((0, 0))

  /// Marks a call as in progress for a short stretch of work, so that an overlapping call on
  /// another thread has a window in which to be seen.
  func enterAndLeave() {
    state.withLock { state in
      if state.inside > 0 { state.overlaps += 1 }
      state.inside += 1
    }
    var spin = 0
    for step in 0..<200 { spin &+= step }
    sink = spin
    state.withLock { $0.inside -= 1 }
  }

  /// Keeps the spin above from being optimised away.
  nonisolated(unsafe) private var sink = 0

  var overlaps: Int { state.withLock { $0.overlaps } }
}

/// A small seeded generator, so shuffles in tests replay exactly.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Asks for unlimited values and cancels from inside `receive` once it has `limit` of them.
final class StopAfter: Subscriber, @unchecked Sendable {
  // Safety: used from the test's thread only.
  private let limit: Int
  private var subscription: (any Subscription)?
  private(set) var values: [Int] = []

  init(_ limit: Int) { self.limit = limit }

  func receive(subscription: any Subscription) {
    self.subscription = subscription
    subscription.request(.unlimited)
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    values.append(input)
    if values.count == limit { subscription?.cancel() }
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {}
}
