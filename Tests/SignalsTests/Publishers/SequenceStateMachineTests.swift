// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Testing

@testable import Signals

struct SequenceStateMachineTests {
  private typealias Machine = SequenceStateMachine<IndexingIterator<[Int]>, String>

  /// A machine over `[2, 3, …]` whose first element, 1, was already read.
  private func makeMachine(_ rest: [Int] = [2, 3]) -> Machine {
    Machine(iterator: rest.makeIterator(), first: 1, downstream: "downstream")
  }

  @Test func firstRequestStartsDrainingWithThePendingElement() {
    var machine = makeMachine()
    guard case .startDraining(_, let element, let downstream) = machine.request(.max(1)) else {
      Issue.record("expected startDraining")
      return
    }
    #expect(element == 1)
    #expect(downstream == "downstream")
  }

  @Test func requestWhileDrainingOnlyAddsDemand() {
    var machine = makeMachine()
    _ = machine.request(.max(1))
    guard case .none = machine.request(.max(1)) else {
      Issue.record("a second frame must not drain")
      return
    }
    let action = machine.delivered(
      additionalDemand: .none, iterator: [3].makeIterator(), next: 2, downstream: "downstream")
    #expect(action == .deliverNext)
  }

  @Test func parksWhenDemandRunsOut() {
    var machine = makeMachine()
    _ = machine.request(.max(1))
    let parked = machine.delivered(
      additionalDemand: .none, iterator: [3].makeIterator(), next: 2, downstream: "downstream")
    #expect(parked == .stop)
    guard case .startDraining(_, let element, _) = machine.request(.max(1)) else {
      Issue.record("expected startDraining")
      return
    }
    #expect(element == 2)
  }

  @Test func completesWhenTheIteratorIsExhaustedWhateverTheDemand() {
    var machine = makeMachine([])
    _ = machine.request(.max(1))
    let action = machine.delivered(
      additionalDemand: .none, iterator: [Int]().makeIterator(), next: nil, downstream: "downstream")
    #expect(action == .complete)
    #expect(machine.isTerminal)
  }

  @Test func cancelWhileDrainingStopsTheDrainingFrame() {
    var machine = makeMachine()
    _ = machine.request(.unlimited)
    guard case .none = machine.cancel() else {
      Issue.record("the draining frame owns the iterator")
      return
    }
    let action = machine.delivered(
      additionalDemand: .unlimited, iterator: [3].makeIterator(), next: 2, downstream: "downstream")
    #expect(action == .stop)
  }

  @Test func cancelWhileIdleHandsBackWhatToRelease() {
    var machine = makeMachine()
    guard case .release(_, let pending, let downstream) = machine.cancel() else {
      Issue.record("expected release")
      return
    }
    #expect(pending == 1)
    #expect(downstream == "downstream")
    guard case .none = machine.request(.max(1)) else {
      Issue.record("no delivery after cancel")
      return
    }
  }
}
