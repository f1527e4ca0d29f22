// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport
import Testing

@testable import Signals
@testable import SignalsConcurrency

/// The operator's own rules: demand, and who delivers. The slots' rules are `TaskSlotsTests`'.
/// Runs `body` with a continuation standing for a parked slot's task; it is resumed once `body`
/// returned, whatever the machine said to do with it.
private func withWakeUp(_ body: (SlotWakeUp) -> Void) async {
  await withUnsafeContinuation { (wakeUp: SlotWakeUp) in
    body(wakeUp)
    wakeUp.resume()
  }
}

struct AsyncTransformStateMachineTests {
  private typealias Machine = AsyncTransformStateMachine<Int, Int, String, TestError>

  private func subscribedMachine(demand: Subscribers.Demand = .max(2), maxTasks: Int = 1) -> Machine {
    var machine = Machine(downstream: "downstream", maxTasks: maxTasks)
    _ = machine.receive(subscription: TestSubscription())
    _ = machine.request(demand)
    return machine
  }

  /// Hands a slot's result to the machine: the first delivery if the caller took the token.
  private func deliver(_ machine: inout Machine, _ output: Int) -> String { text(machine.deliver(output)) }

  /// The holder's next delivery as text, so that tests compare whole answers.
  private func next(_ machine: inout Machine, after demand: Subscribers.Demand = .none) -> String {
    var upstream: (any Subscription)?
    let delivery = machine.nextDelivery(after: demand, upstream: &upstream)
    return text(delivery) + (upstream == nil ? "" : ", request")
  }

  private func text(_ delivery: Machine.Delivery) -> String {
    switch delivery {
    case .value(let downstream, let output): "\(output) to \(downstream)"
    case .completion(let downstream, let completion): "\(completion) to \(downstream)"
    case .none: "none"
    }
  }

  @Test func firstSubscriptionIsForwardedAndASecondIsCancelled() {
    var machine = Machine(downstream: "downstream", maxTasks: 1)
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

  @Test func theFirstRequestOpensASlotWhoseTaskWaitsForTheFirstValue() {
    var machine = Machine(downstream: "downstream", maxTasks: 2)
    _ = machine.receive(subscription: TestSubscription())
    let first = machine.request(.max(1))
    #expect(first.upstream != nil && first.opened == 0)
    let second = machine.request(.max(1))
    #expect(second.upstream != nil && second.opened == nil, "one slot, at the first request only")
    guard case .wake(nil) = machine.receive(1) else {
      Issue.record("the first value goes to the opened slot, still parking")
      return
    }
    #expect(machine.waiting.count == 1)
  }

  @Test func onlyRequestedValuesReachTheSlotsAndReturnedDemandGoesUpstream() {
    var machine = subscribedMachine(demand: .max(1))
    guard case .wake = machine.receive(1), case .ignore = machine.receive(2) else {
      Issue.record("the requested value goes to the opened slot; the unrequested one is dropped")
      return
    }
    guard case .runNext = machine.slots.resumed(0) else {
      Issue.record("the opened slot runs the requested value")
      return
    }
    #expect(machine.waiting.popFirst() == 1)
    #expect(machine.waiting.isEmpty)
    #expect(deliver(&machine, 10) == "10 to downstream")
    #expect(next(&machine, after: .max(1)) == "none, request")
  }

  @Test func aResultMadeDuringADeliveryIsOwedByTheHolder() {
    var machine = subscribedMachine(maxTasks: 2)
    #expect(deliver(&machine, 10) == "10 to downstream")
    #expect(deliver(&machine, 20) == "none", "another slot's result waits for the holder")
    #expect(next(&machine) == "20 to downstream")
    #expect(next(&machine) == "none")
  }

  @Test func finishWithoutAnyRequestIsDeliveredAtOnce() {
    var machine = Machine(downstream: "downstream", maxTasks: 1)
    _ = machine.receive(subscription: TestSubscription())
    let (slots, termination) = machine.receiveFinished()
    guard slots.ending == nil else {
      Issue.record("no ending slot when nothing was asked for")
      return
    }
    #expect(termination.delivers)
    #expect(next(&machine) == "finished to downstream")
  }

  @Test(timeLimit(minutes: 1))
  func finishAfterARequestIsRunByTheParkedSlot() async {
    var machine = subscribedMachine()
    await withWakeUp { wakeUp in
      #expect(machine.slots.park(0, wakeUp) == true)
      let (slots, termination) = machine.receiveFinished()
      #expect(slots.resume.count == 1 && slots.ending == nil)
      #expect(!termination.delivers)
    }
    guard case .runEnding = machine.slots.resumed(0) else {
      Issue.record("the parked slot runs the ending")
      return
    }
    #expect(machine.endingRuns(0).delivers)
    #expect(next(&machine) == "finished to downstream")
  }

  @Test func failureDuringADeliveryWaitsForItAndDropsOwedResults() {
    var machine = subscribedMachine(maxTasks: 2)
    #expect(deliver(&machine, 10) == "10 to downstream")
    #expect(deliver(&machine, 20) == "none")
    #expect(!machine.fail(TestError(id: 1)).delivers)
    #expect(next(&machine, after: .max(1)) == "failure(SignalsTests.TestError(id: 1)) to downstream")
    #expect(next(&machine) == "none")
  }

  @Test func transformFailureCancelsUpstreamAndTheOtherSlotsOnly() {
    var machine = subscribedMachine(maxTasks: 2)
    _ = machine.receive(1)
    _ = machine.receive(2)
    let (first, second) = (Task<Void, Never> {}, Task<Void, Never> {})
    _ = machine.slots.started(0, handle: first)
    _ = machine.slots.started(1, handle: second)
    _ = machine.slots.resumed(0)
    let termination = machine.fail(TestError(id: 3), inSlot: 0)
    #expect(termination.upstream != nil)
    #expect(termination.slots.cancel == [second])
    #expect(termination.delivers)
    #expect(next(&machine) == "failure(SignalsTests.TestError(id: 3)) to downstream")
  }

  @Test(timeLimit(minutes: 1))
  func cancelCancelsUpstreamLetsTheParkedSlotGoAndReleasesWithoutCompleting() async {
    var machine = subscribedMachine()
    _ = machine.receive(1)
    _ = machine.slots.resumed(0)
    _ = machine.waiting.popFirst()
    var termination = Machine.Termination()
    await withWakeUp { wakeUp in
      guard case .park = machine.slots.workDone(0) else {
        Issue.record("nothing waits: the slot parks")
        return
      }
      #expect(machine.slots.park(0, wakeUp) == true)
      _ = machine.receive(2)
      termination = machine.cancel()
    }
    #expect(termination.slots.resume.isEmpty, "woken by the value already: its waker resumes it")
    #expect(termination.forgotten.count == 1, "the value it was handed is forgotten")
    #expect(termination.upstream != nil)
    #expect(termination.released == "downstream")
    #expect(!termination.delivers)
    #expect(machine.cancel().upstream == nil)
    #expect(deliver(&machine, 10) == "none")
  }
}
