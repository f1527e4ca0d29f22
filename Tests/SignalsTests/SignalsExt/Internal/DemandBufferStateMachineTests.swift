// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import Testing

@testable import SignalsExt

struct DemandBufferStateMachineTests {
  typealias Machine = DemandBufferStateMachine

  /// A machine whose subscriber has its subscription (the token given back).
  private func started() -> Machine {
    var machine = Machine()
    #expect(machine.finishDelivery(adding: .none) == .none)
    return machine
  }

  @Test func nothingIsDeliveredWhileTheSubscribingCallerHoldsTheToken() {
    var machine = Machine()
    #expect(machine.request(.max(1)) == .none)
    #expect(machine.send() == .queue)
    #expect(machine.finishDelivery(adding: .none) == .deliverQueued)
  }

  @Test func aValueWithDemandAndAnIdleTokenIsDeliveredAtOnce() {
    var machine = started()
    _ = machine.request(.max(1))
    #expect(machine.send() == .deliver)
    #expect(machine.finishDelivery(adding: .none) == .none)
    #expect(machine.demand == .none)
  }

  @Test func valuesWithoutDemandQueueAndDrainInOrderAsDemandArrives() {
    var machine = started()
    for _ in 1...3 { #expect(machine.send() == .queue) }
    #expect(machine.queued == 3)
    #expect(machine.request(.max(2)) == .deliverQueued)
    #expect(machine.finishDelivery(adding: .none) == .deliverQueued)
    #expect(machine.finishDelivery(adding: .none) == .none, "no demand left for the third")
    #expect(machine.request(.max(1)) == .deliverQueued)
    #expect(machine.queued == 0)
  }

  @Test func callsWhileTheTokenIsHeldOnlyQueueOrAddDemand() {
    var machine = started()
    _ = machine.request(.max(1))
    #expect(machine.send() == .deliver)
    #expect(machine.send() == .queue, "the token is held")
    #expect(machine.request(.max(1)) == .none, "the holder picks the demand up")
    #expect(machine.finishDelivery(adding: .none) == .deliverQueued)
  }

  @Test func completionWaitsForTheQueueAndNeedsNoDemand() {
    var machine = started()
    _ = machine.send()
    #expect(machine.complete(.finished) == Machine.Delivery.none)
    #expect(machine.send() == .drop, "after the completion")
    #expect(machine.request(.max(1)) == .deliverQueued)
    #expect(machine.finishDelivery(adding: .none) == .complete(.finished))
    #expect(machine.isTerminated)
  }

  @Test func completionWithAnEmptyQueueIsDeliveredAtOnce() {
    var machine = started()
    #expect(machine.complete(.failure) == .complete(.failure))
    #expect(machine.complete(.finished) == nil, "only the first completion counts")
  }

  @Test func cancelDropsTheQueueAndStopsEverything() {
    var machine = started()
    _ = machine.send()
    _ = machine.send()
    #expect(machine.cancel() == true)
    #expect(machine.queued == 0, "the queued values are released")
    #expect(machine.cancel() == false, "a second cancel does nothing")
    #expect(machine.request(.max(5)) == .none)
    #expect(machine.send() == .drop)
  }

  @Test func preloadedValuesAreCountedAheadOfValuesSentMeanwhile() {
    var machine = Machine()
    _ = machine.send()
    machine.preload(2, ending: nil)
    _ = machine.request(.unlimited)
    #expect(machine.queued == 3)
    for _ in 1...3 { #expect(machine.finishDelivery(adding: .none) == .deliverQueued) }
    #expect(machine.finishDelivery(adding: .none) == .none)
  }

  @Test func aPreloadedCompletionFollowsThePreloadedValues() {
    var machine = Machine()
    machine.preload(1, ending: .finished)
    #expect(machine.finishDelivery(adding: .none) == .none, "the value waits for demand")
    #expect(machine.request(.max(1)) == .deliverQueued)
    #expect(machine.finishDelivery(adding: .none) == .complete(.finished))
  }
}
