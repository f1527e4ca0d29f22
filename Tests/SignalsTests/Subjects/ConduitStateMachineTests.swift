// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Testing

@testable import Signals

struct ConduitStateMachineTests {
  private let thread = ThreadIdentity(rawValue: 1)

  /// A send that raced the subscription: the subject's current value already is the sent value
  /// when the new subscriber asks for it, and the send's offer reaches the conduit afterwards.
  @Test func valueReplayedAsCurrentIsNotOfferedAgain() {
    var machine = ConduitStateMachine<Int, Never>(subscribingOn: thread, owesCurrentValue: true)
    #expect(isNone(machine.finishDelivery(additionalDemand: .none, currentValue: 7, currentGeneration: 3)))
    let request = machine.request(.unlimited, on: thread, currentValue: 7, currentGeneration: 3)
    guard case .deliver(let replayed) = request else {
      Issue.record("expected the current value, got \(request)")
      return
    }
    #expect(replayed == 7)
    #expect(isNone(machine.finishDelivery(additionalDemand: .none, currentValue: 7, currentGeneration: 3)))
    #expect(machine.offer(7, generation: 3, on: thread, replaysCurrentValue: true) == .drop)
    #expect(machine.offer(6, generation: 2, on: thread, replaysCurrentValue: true) == .drop)
    #expect(machine.offer(8, generation: 4, on: thread, replaysCurrentValue: true) == .deliver)
  }

  @Test func passthroughOffersAreNeverTakenForReplays() {
    var machine = ConduitStateMachine<Int, Never>(subscribingOn: thread, owesCurrentValue: false)
    #expect(isNone(machine.finishDelivery(additionalDemand: .none, currentValue: nil, currentGeneration: 0)))
    let request = machine.request(.unlimited, on: thread, currentValue: nil, currentGeneration: 0)
    guard case .none = request else {
      Issue.record("expected nothing to deliver, got \(request)")
      return
    }
    #expect(machine.offer(1, generation: 1, on: thread, replaysCurrentValue: false) == .deliver)
  }

  private func isNone(_ action: ConduitStateMachine<Int, Never>.FinishAction) -> Bool {
    if case .none = action { return true }
    return false
  }
}
