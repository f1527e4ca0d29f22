// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
import Testing

@testable import Signals
@testable import SignalsCombine

struct BufferStateMachineTests {
  typealias Machine = BufferStateMachine<Int, TestError>

  private func started(size: Int = 2, keepsFull: Bool = false, overflow: Machine.Overflow = .dropNewest) -> Machine {
    var machine = Machine(size: size, keepsFull: keepsFull, overflow: overflow)
    guard case .start = machine.receivedSubscription(TestSubscription()) else {
      Issue.record("expected start")
      return machine
    }
    _ = machine.finishDelivery(adding: .none)
    return machine
  }

  private func delivered(_ action: Machine.Action) -> Int? {
    if case .deliver(let value) = action { return value }
    return nil
  }

  @Test func startAsksForTheSizeOrUnlimited() {
    var keepFull = Machine(size: 4, keepsFull: true, overflow: .dropNewest)
    guard case .start(let demand) = keepFull.receivedSubscription(TestSubscription()) else { return }
    #expect(demand == .max(4))
    var byRequest = Machine(size: 4, keepsFull: false, overflow: .dropNewest)
    guard case .start(let unlimited) = byRequest.receivedSubscription(TestSubscription()) else { return }
    #expect(unlimited == .unlimited)
    guard case .cancel = byRequest.receivedSubscription(TestSubscription()) else {
      Issue.record("a second subscription is cancelled")
      return
    }
  }

  @Test func nothingIsDeliveredBeforeTheSubscriberHasItsSubscription() {
    var machine = Machine(size: 2, keepsFull: false, overflow: .dropNewest)
    _ = machine.receivedSubscription(TestSubscription())
    #expect(delivered(machine.request(.max(1))) == nil)
    guard case .none = machine.received(1) else { Issue.record("queued while the token is held"); return }
    #expect(delivered(machine.finishDelivery(adding: .none)) == 1)
  }

  @Test func fullBufferDropsTheNewestOrTheOldest() {
    var newest = started(overflow: .dropNewest)
    _ = newest.received(1)
    _ = newest.received(2)
    guard case .drop(3) = newest.received(3) else { Issue.record("drops the newest"); return }
    var oldest = started(overflow: .dropOldest)
    _ = oldest.received(1)
    _ = oldest.received(2)
    guard case .drop(1) = oldest.received(3) else { Issue.record("drops the oldest"); return }
    #expect(delivered(oldest.request(.max(1))) == 2)
  }

  @Test func customErrorOverflowCancelsAndWaitsForTheNextRequest() {
    var machine = started(size: 1, overflow: .customError)
    _ = machine.received(1)
    guard case .overflow = machine.received(2) else { Issue.record("expected overflow"); return }
    guard case .drop(3) = machine.received(3) else { Issue.record("ignored while overflowing"); return }
    machine.customErrorMade(TestError(id: 1))
    #expect(delivered(machine.request(.max(1))) == 1)
    guard case .complete(.failure(TestError(id: 1)), _, _) = machine.finishDelivery(adding: .none) else {
      Issue.record("expected the failure")
      return
    }
    #expect(machine.isTerminated)
  }

  @Test func keepFullCountsTheRefillOfARun() {
    var machine = started(size: 3, keepsFull: true)
    for value in 1...3 { _ = machine.received(value) }
    #expect(delivered(machine.request(.max(2))) == 1)
    #expect(delivered(machine.finishDelivery(adding: .none)) == 2)
    guard case .refill(.max(2), _) = machine.finishDelivery(adding: .none) else {
      Issue.record("expected a refill of two")
      return
    }
  }

  @Test func cancelReturnsTheUpstreamAndTheBufferOnce() {
    var machine = started()
    _ = machine.received(1)
    let ended = machine.cancel()
    #expect(ended?.upstream != nil)
    #expect(ended?.dropped.compactMap { $0 } == [1])
    #expect(machine.cancel() == nil)
    guard case .drop = machine.received(2) else { Issue.record("dropped after cancel"); return }
  }
}
#endif
