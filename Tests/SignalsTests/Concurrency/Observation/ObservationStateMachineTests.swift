// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Testing

@testable import Signals
@testable import SignalsConcurrency

struct ObservationStateMachineTests {
  @Test func theFirstRequestDeliversTheCurrentValue() {
    var machine = ObservationStateMachine()
    let result1 = machine.request(.max(2))
    #expect(result1 == .deliver)
    let result2 = machine.delivered(adding: .none)
    #expect(result2 == .none)
    #expect(machine.demand == .max(1))
  }

  @Test func aChangeIsScheduledOnceUntilItArrives() {
    var machine = ObservationStateMachine()
    _ = machine.request(.unlimited)
    _ = machine.delivered(adding: .none)
    let result3 = machine.changeWillHappen()
    #expect(result3 == .scheduleChange)
    let result4 = machine.changeWillHappen()
    #expect(result4 == .none, "one scheduled read covers every change before it")
    let result5 = machine.changeArrived()
    #expect(result5 == .deliver)
    let result6 = machine.changeWillHappen()
    #expect(result6 == .scheduleChange)
  }

  @Test func aChangeDuringADeliveryIsDeliveredAfterIt() {
    var machine = ObservationStateMachine()
    let result7 = machine.request(.unlimited)
    #expect(result7 == .deliver)
    let result8 = machine.changeWillHappen()
    #expect(result8 == .scheduleChange)
    let result9 = machine.changeArrived()
    #expect(result9 == .none, "one delivery at a time")
    let result10 = machine.delivered(adding: .none)
    #expect(result10 == .deliver)
  }

  @Test func aChangeWithoutDemandWaitsForARequest() {
    var machine = ObservationStateMachine()
    _ = machine.request(.max(1))
    _ = machine.delivered(adding: .none)
    _ = machine.changeWillHappen()
    let result11 = machine.changeArrived()
    #expect(result11 == .none)
    #expect(machine.needsDelivery)
    let result12 = machine.request(.max(1))
    #expect(result12 == .deliver)
  }

  @Test func cancelStopsEverything() {
    var machine = ObservationStateMachine()
    let result13 = machine.cancel()
    #expect(result13)
    let result14 = machine.cancel()
    #expect(!result14, "only the first cancel counts")
    let result15 = machine.request(.max(1))
    #expect(result15 == .none)
    let result16 = machine.changeWillHappen()
    #expect(result16 == .none)
    let result17 = machine.changeArrived()
    #expect(result17 == .none)
  }
}
