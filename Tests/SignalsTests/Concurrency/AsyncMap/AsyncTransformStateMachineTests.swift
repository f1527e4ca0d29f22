// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Testing

@testable import Signals
@testable import SignalsConcurrency

struct AsyncTransformStateMachineTests {
  private typealias Machine = AsyncTransformStateMachine<Int, TestError, String, TestError>

  private func subscribedMachine(demand: Subscribers.Demand = .max(2)) -> Machine {
    var machine = Machine(downstream: "downstream")
    _ = machine.receive(subscription: TestSubscription())
    _ = machine.request(demand)
    return machine
  }

  private func input(_ action: Machine.InputAction) -> Int? {
    if case .input(let value) = action { return value }
    return nil
  }

  @Test func firstSubscriptionIsForwardedAndASecondIsCancelled() {
    var machine = Machine(downstream: "downstream")
    guard case .forward(let downstream) = machine.receive(subscription: TestSubscription()) else {
      Issue.record("the first subscription must be forwarded")
      return
    }
    #expect(downstream == "downstream")
    guard case .cancel = machine.receive(subscription: TestSubscription()) else {
      Issue.record("a second subscription must be cancelled")
      return
    }
  }

  @Test func firstRequestStartsTheDriverAndEveryRequestGoesUpstream() {
    var machine = Machine(downstream: "downstream")
    _ = machine.receive(subscription: TestSubscription())
    let first = machine.request(.max(1))
    #expect(first.startDriver)
    #expect(first.upstream != nil)
    let second = machine.request(.max(1))
    #expect(!second.startDriver)
    #expect(second.upstream != nil)
  }

  @Test func requestedValuesQueueInOrderAndUnrequestedOnesAreDropped() {
    var machine = subscribedMachine(demand: .max(2))
    #expect(machine.receive(1) == nil)
    #expect(machine.receive(2) == nil)
    #expect(machine.receive(3) == nil)
    #expect(input(machine.takeInput()) == 1)
    #expect(input(machine.takeInput()) == 2)
    guard case .park = machine.takeInput() else {
      Issue.record("an empty queue parks the driver")
      return
    }
  }

  @Test func finishedUpstreamIsDrainedBeforeTheEnd() {
    var machine = subscribedMachine()
    _ = machine.receive(1)
    let termination = machine.receiveFinished()
    #expect(termination.completion == nil)
    #expect(input(machine.takeInput()) == 1)
    guard case .end = machine.takeInput() else {
      Issue.record("the queue is drained, then ends")
      return
    }
    #expect(machine.driverFinished(failure: nil).completion == .finished)
  }

  @Test func finishWithoutAnyRequestIsDeliveredAtOnce() {
    var machine = Machine(downstream: "downstream")
    _ = machine.receive(subscription: TestSubscription())
    let termination = machine.receiveFinished()
    #expect(termination.downstream == "downstream")
    #expect(termination.completion == .finished)
  }

  @Test func failureDuringADeliveryWaitsForTheDeliveryToReturn() {
    var machine = subscribedMachine()
    #expect(machine.beginDelivery() == "downstream")
    let duringDelivery = machine.receiveFailure(TestError(id: 1))
    #expect(duringDelivery.completion == nil)
    let (upstream, termination) = machine.endDelivery(.max(1))
    #expect(upstream == nil)
    #expect(termination?.completion == .failure(TestError(id: 1)))
    #expect(machine.beginDelivery() == nil)
  }

  @Test func failureOutsideADeliveryIsDeliveredAtOnce() {
    var machine = subscribedMachine()
    _ = machine.receive(1)
    let termination = machine.receiveFailure(TestError(id: 2))
    #expect(termination.completion == .failure(TestError(id: 2)))
    guard case .end = machine.takeInput() else {
      Issue.record("queued values are dropped on failure")
      return
    }
  }

  @Test func transformFailureCancelsUpstream() {
    var machine = subscribedMachine()
    let termination = machine.driverFinished(failure: TestError(id: 3))
    #expect(termination.upstream != nil)
    #expect(termination.completion == .failure(TestError(id: 3)))
  }

  @Test func cancelCancelsUpstreamAndReleasesWithoutCompleting() {
    var machine = subscribedMachine()
    let termination = machine.cancel()
    #expect(termination.upstream != nil)
    #expect(termination.downstream == "downstream")
    #expect(termination.completion == nil)
    #expect(machine.cancel().upstream == nil)
    #expect(machine.beginDelivery() == nil)
  }
}
