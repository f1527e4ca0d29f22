// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport
import Testing

@testable import Signals
@testable import SignalsCombine

struct SequenceStateMachineTests {
  private typealias Machine = SequenceStateMachine

  @Test func firstRequestStartsDraining() {
    var machine = Machine()
    let drains = machine.request(.max(1))
    #expect(drains, "the first request owns the cursor and delivers the pending element")
  }

  @Test func requestWhileDrainingOnlyAddsDemand() {
    var machine = Machine()
    _ = machine.request(.max(1))
    let secondDrains = machine.request(.max(1))
    #expect(!secondDrains, "a second frame must not drain")
    #expect(machine.delivered(additionalDemand: .none, exhausted: false) == .deliverNext)
  }

  @Test func parksWhenDemandRunsOut() {
    var machine = Machine()
    _ = machine.request(.max(1))
    #expect(machine.delivered(additionalDemand: .none, exhausted: false) == .park)
    let drainsAgain = machine.request(.max(1))
    #expect(drainsAgain, "the next request takes the parked cursor")
  }

  @Test func completesWhenTheIteratorIsExhaustedWhateverTheDemand() {
    var machine = Machine()
    _ = machine.request(.unlimited)
    #expect(machine.delivered(additionalDemand: .unlimited, exhausted: true) == .complete)
    #expect(machine.isTerminal)
  }

  @Test func cancelWhileDrainingStopsTheDrainingFrame() {
    var machine = Machine()
    _ = machine.request(.unlimited)
    let releasesHere = machine.cancel()
    #expect(!releasesHere, "the draining frame owns the cursor")
    #expect(machine.delivered(additionalDemand: .unlimited, exhausted: false) == .cancelled)
  }

  @Test func cancelWhileIdleReleasesTheParkedCursor() {
    var machine = Machine()
    let releasesHere = machine.cancel()
    #expect(releasesHere)
    let drains = machine.request(.max(1))
    #expect(!drains, "no delivery after cancel")
  }
}
#endif
