// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Testing

@testable import Signals

struct UntilOutputStateMachineTests {
  private typealias Machine = UntilOutputStateMachine<TestError>

  @Test func dropOpensTheGateOnTheTriggersValue() {
    var machine = Machine(mode: .dropUntil)
    let trigger = TestSubscription()
    _ = machine.requested(.max(3))
    let kept = machine.receivedTriggerSubscription(trigger)
    #expect(kept)
    guard case .request(.max(3)) = machine.receivedUpstreamSubscription(TestSubscription()) else {
      Issue.record("the upstream is asked for the demand so far")
      return
    }
    #expect(machine.receivedUpstreamValue() == false)
    #expect(machine.demand == .max(2), "a dropped value spends its demand")
    let outcome = machine.receivedTriggerValue()
    #expect((outcome.cancel.first as? TestSubscription) === trigger)
    #expect(outcome.deliver == nil)
    #expect(machine.receivedUpstreamValue() == true)
  }

  @Test func aCompletionDuringADeliveryWaitsForIt() {
    var machine = Machine(mode: .prefixUntil)
    _ = machine.receivedTriggerSubscription(TestSubscription())
    _ = machine.receivedUpstreamSubscription(TestSubscription())
    _ = machine.requested(.unlimited)
    #expect(machine.receivedUpstreamValue() == true)
    let outcome = machine.receivedTriggerValue()
    #expect(outcome.deliver == nil, "a delivery is running")
    #expect(outcome.cancel.count == 2)
    #expect(machine.finishedDelivery(returned: .none) == .finished)
  }

  @Test func prefixKeepsAnEarlyTriggerForTheUpstreamsSubscription() {
    var machine = Machine(mode: .prefixUntil)
    _ = machine.receivedTriggerSubscription(TestSubscription())
    let outcome = machine.receivedTriggerValue()
    #expect(outcome.deliver == nil)
    guard case .cancelThenComplete(.finished) = machine.receivedUpstreamSubscription(TestSubscription()) else {
      Issue.record("the subscription comes first, then the finish")
      return
    }
    #expect(machine.hasEnded)
  }

  @Test func prefixIgnoresTheTriggersCompletion() {
    var machine = Machine(mode: .prefixUntil)
    _ = machine.receivedTriggerSubscription(TestSubscription())
    let outcome = machine.receivedTriggerCompletion(nil)
    #expect(outcome.deliver == nil)
    #expect(!machine.hasEnded)
  }
}
