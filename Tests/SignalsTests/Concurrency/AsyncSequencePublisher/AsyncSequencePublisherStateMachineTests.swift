// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Testing

@testable import Signals
@testable import SignalsConcurrency

struct AsyncSequencePublisherStateMachineTests {
  private typealias Machine = AsyncSequencePublisherStateMachine<String>

  @Test func firstRequestStartsTheTaskAndLaterOnesAddDemand() {
    var machine = Machine(downstream: "downstream")
    guard case .startTask = machine.request(.max(1)) else {
      Issue.record("the first request starts the task")
      return
    }
    guard case .none = machine.request(.max(1)) else {
      Issue.record("a later request only adds demand")
      return
    }
  }

  @Test func theTaskPullsOncePerUnitOfDemandThenParks() {
    var machine = Machine(downstream: "downstream")
    _ = machine.request(.max(2))
    guard case .pull = machine.takeDemand(), case .pull = machine.takeDemand() else {
      Issue.record("two units of demand allow two pulls")
      return
    }
    guard case .park = machine.takeDemand() else {
      Issue.record("no demand parks the task")
      return
    }
    machine.add(.max(1))
    guard case .pull = machine.takeDemand() else {
      Issue.record("demand returned by the subscriber allows a pull")
      return
    }
  }

  @Test func completionHandsOverTheSubscriberOnce() {
    var machine = Machine(downstream: "downstream")
    _ = machine.request(.max(1))
    #expect(machine.complete() == "downstream")
    #expect(machine.complete() == nil)
    #expect(machine.downstreamForValue() == nil)
  }

  @Test func cancelStopsTheTaskAndReleasesTheSubscriber() {
    var machine = Machine(downstream: "downstream")
    _ = machine.request(.max(1))
    let action = machine.cancel()
    #expect(action.downstream == "downstream")
    guard case .stop = machine.takeDemand() else {
      Issue.record("after cancel the task stops")
      return
    }
    #expect(machine.complete() == nil)
  }
}
