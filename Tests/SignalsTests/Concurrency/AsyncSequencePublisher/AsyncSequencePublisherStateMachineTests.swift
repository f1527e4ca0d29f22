// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Testing

@testable import Signals
@testable import SignalsConcurrency

struct AsyncSequencePublisherStateMachineTests {
  private typealias Machine = AsyncSequencePublisherStateMachine

  @Test func firstRequestStartsTheTaskAndLaterOnesAddDemand() {
    var machine = Machine()
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
    var machine = Machine()
    _ = machine.request(.max(2))
    guard case .pull = machine.takeDemand(), case .pull = machine.takeDemand() else {
      Issue.record("two units of demand allow two pulls")
      return
    }
    guard case .park = machine.takeDemand() else {
      Issue.record("no demand parks the task")
      return
    }
  }

  @Test func demandReturnedByTheSubscriberAllowsTheNextPull() {
    var machine = Machine()
    _ = machine.request(.max(1))
    guard case .pull = machine.takeDemand() else {
      Issue.record("one unit of demand allows a pull")
      return
    }
    let first = machine.beginDelivery()
    #expect(first)
    guard case .pull = machine.delivered(.max(1)) else {
      Issue.record("demand returned by the subscriber allows a pull")
      return
    }
    let second = machine.beginDelivery()
    #expect(second)
    guard case .park = machine.delivered(.none) else {
      Issue.record("no demand left parks the task")
      return
    }
  }

  @Test func completionHandsOverTheSubscriberOnce() {
    var machine = Machine()
    _ = machine.request(.max(1))
    let first = machine.complete()
    let second = machine.complete()
    let delivers = machine.beginDelivery()
    #expect(first)
    #expect(!second)
    #expect(!delivers)
  }

  @Test func cancelStopsTheTaskAndReleasesTheSubscriber() {
    var machine = Machine()
    _ = machine.request(.max(1))
    let action = machine.cancel()
    #expect(action.releasesDownstream)
    guard case .stop(releasesDownstream: false) = machine.takeDemand() else {
      Issue.record("after cancel the task stops, and the cancel released the subscriber")
      return
    }
    let completes = machine.complete()
    #expect(!completes)
  }

  @Test func cancelBeforeTheFirstRequestReleasesTheSubscriber() {
    var machine = Machine()
    let action = machine.cancel()
    #expect(action.releasesDownstream)
    guard case .none = machine.request(.max(1)) else {
      Issue.record("a request after cancel does nothing")
      return
    }
  }

  @Test func cancelDuringADeliveryLeavesTheSubscriberToTheTask() {
    var machine = Machine()
    _ = machine.request(.unlimited)
    _ = machine.takeDemand()
    let delivers = machine.beginDelivery()
    let action = machine.cancel()
    #expect(delivers)
    #expect(!action.releasesDownstream)
    guard case .stop(releasesDownstream: true) = machine.delivered(.none) else {
      Issue.record("the delivering task releases the subscriber")
      return
    }
  }
}
