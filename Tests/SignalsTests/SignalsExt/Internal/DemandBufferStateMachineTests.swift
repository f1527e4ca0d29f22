// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import Testing

@testable import SignalsExt

struct DemandBufferStateMachineTests {
  typealias Machine = DemandBufferStateMachine<Int, TestError>

  /// A machine whose subscriber has its subscription (the token given back).
  private func started(queued: [Int] = [], completion: Subscribers.Completion<TestError>? = nil) -> Machine {
    var machine = Machine(queued: queued, completion: completion)
    #expect(isNone(machine.finishDelivery(adding: .none)) || !queued.isEmpty || completion != nil)
    return machine
  }

  private func isNone(_ action: Machine.DeliveryAction) -> Bool {
    if case .none = action { return true }
    return false
  }

  private func delivered(_ action: Machine.DeliveryAction) -> Int? {
    if case .deliver(let value) = action { return value }
    return nil
  }

  private func completion(_ action: Machine.DeliveryAction) -> Subscribers.Completion<TestError>? {
    if case .complete(let completion) = action { return completion }
    return nil
  }

  @Test func nothingIsDeliveredWhileTheSubscribingCallerHoldsTheToken() {
    var machine = Machine()
    #expect(isNone(machine.request(.max(1))))
    guard case .queued = machine.send(1) else { Issue.record("expected queued"); return }
    #expect(delivered(machine.finishDelivery(adding: .none)) == 1)
  }

  @Test func aValueWithDemandAndAnIdleTokenIsDeliveredAtOnce() {
    var machine = started()
    _ = machine.request(.max(1))
    guard case .deliver(1) = machine.send(1) else { Issue.record("expected deliver"); return }
    #expect(isNone(machine.finishDelivery(adding: .none)))
    #expect(machine.demand == .none)
  }

  @Test func valuesWithoutDemandQueueAndDrainInOrderAsDemandArrives() {
    var machine = started()
    for value in 1...3 {
      guard case .queued = machine.send(value) else { Issue.record("expected queued"); return }
    }
    #expect(delivered(machine.request(.max(2))) == 1)
    #expect(delivered(machine.finishDelivery(adding: .none)) == 2)
    #expect(isNone(machine.finishDelivery(adding: .none)))
    #expect(delivered(machine.request(.max(1))) == 3)
  }

  @Test func callsWhileTheTokenIsHeldOnlyQueueOrAddDemand() {
    var machine = started()
    _ = machine.request(.max(1))
    guard case .deliver(1) = machine.send(1) else { Issue.record("expected deliver"); return }
    guard case .queued = machine.send(2) else { Issue.record("held token: queued"); return }
    #expect(isNone(machine.request(.max(1))), "the holder picks the demand up")
    #expect(delivered(machine.finishDelivery(adding: .none)) == 2)
  }

  @Test func completionWaitsForTheQueueAndNeedsNoDemand() {
    var machine = started()
    _ = machine.send(1)
    #expect(isNone(machine.complete(.finished)))
    guard case .drop(2) = machine.send(2) else { Issue.record("after completion: drop"); return }
    #expect(delivered(machine.request(.max(1))) == 1)
    #expect(completion(machine.finishDelivery(adding: .none)) == .finished)
    #expect(machine.isTerminated)
  }

  @Test func completionWithAnEmptyQueueIsDeliveredAtOnce() {
    var machine = started()
    #expect(completion(machine.complete(.failure(TestError(id: 1)))) == .failure(TestError(id: 1)))
    #expect(isNone(machine.complete(.finished)), "only the first completion counts")
  }

  @Test func cancelHandsBackTheQueueAndStopsEverything() {
    var machine = started()
    _ = machine.send(1)
    _ = machine.send(2)
    let dropped = machine.cancel()
    #expect(dropped?.compactMap { $0 } == [1, 2])
    #expect(machine.cancel() == nil, "a second cancel does nothing")
    #expect(isNone(machine.request(.max(5))))
    guard case .drop = machine.send(3) else { Issue.record("after cancel: drop"); return }
  }

  @Test func preloadedValuesGoAheadOfValuesSentMeanwhile() {
    var machine = Machine()
    _ = machine.send(10)
    machine.preload([1, 2], completion: nil)
    _ = machine.request(.unlimited)
    #expect(delivered(machine.finishDelivery(adding: .none)) == 1)
    #expect(delivered(machine.finishDelivery(adding: .none)) == 2)
    #expect(delivered(machine.finishDelivery(adding: .none)) == 10)
    #expect(isNone(machine.finishDelivery(adding: .none)))
  }

  @Test func aPreloadedCompletionFollowsThePreloadedValues() {
    var machine = Machine()
    machine.preload([1], completion: .finished)
    #expect(isNone(machine.finishDelivery(adding: .none)), "the value waits for demand")
    #expect(delivered(machine.request(.max(1))) == 1)
    #expect(completion(machine.finishDelivery(adding: .none)) == .finished)
  }
}
