// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import Testing

@testable import SignalsExt

struct EventLinkStateMachineTests {
  private typealias Machine = EventLinkStateMachine

  private func subscribed(_ subscription: TestSubscription = TestSubscription()) -> Machine {
    var machine = Machine()
    let accepted = machine.receivedSubscription(subscription)
    #expect(accepted)
    return machine
  }

  private func forwarded(_ action: Machine.RequestAction) -> AnyObject? {
    if case .forward(let upstream) = action { return upstream as AnyObject }
    return nil
  }

  @Test func onlyTheFirstSubscriptionIsKept() {
    var machine = subscribed()
    let accepted = machine.receivedSubscription(TestSubscription())
    #expect(!accepted)
  }

  @Test func eachValueTakesOneUnitOfDemand() {
    let upstream = TestSubscription()
    var machine = subscribed(upstream)
    guard case .unreserved = machine.receivedValue() else {
      Issue.record("no demand yet")
      return
    }
    #expect(forwarded(machine.requested(.max(1))) === upstream)
    guard case .reserved = machine.receivedValue() else {
      Issue.record("one unit taken")
      return
    }
    guard case .unreserved = machine.receivedValue() else {
      Issue.record("none left")
      return
    }
    machine.returned(.max(1))
    guard case .reserved = machine.receivedValue() else {
      Issue.record("the returned unit")
      return
    }
    _ = machine.requested(.unlimited)
    guard case .unlimited = machine.receivedValue() else {
      Issue.record("unlimited needs no counting")
      return
    }
  }

  @Test func theFinalEventWaitsForDemandThenEndsTheLink() {
    let upstream = TestSubscription()
    var machine = subscribed(upstream)
    let (action, released) = machine.completed()
    guard case .hold = action else {
      Issue.record("no demand: held")
      return
    }
    #expect(released as AnyObject? === upstream)
    guard case .deliverFinalEvent = machine.requested(.max(1)) else {
      Issue.record("a request releases it")
      return
    }
    guard case .none = machine.requested(.max(1)) else {
      Issue.record("exactly once")
      return
    }
    guard case .ignore = machine.receivedValue() else {
      Issue.record("ended")
      return
    }
  }

  @Test func theFinalEventGoesAtOnceWithDemand() {
    var machine = subscribed()
    _ = machine.requested(.max(1))
    guard case .deliver = machine.completed().action else {
      Issue.record("expected delivery")
      return
    }
    guard case .none = machine.completed().action else {
      Issue.record("the link had ended")
      return
    }
  }

  @Test func terminatingDropsAHeldFinalEventAndHandsBackTheSubscriptionOnce() {
    let upstream = TestSubscription()
    var machine = subscribed(upstream)
    #expect(machine.terminated().upstream as AnyObject? === upstream)
    #expect(machine.terminated().upstream == nil)

    var holding = subscribed()
    _ = holding.completed()
    let (none, dropsFinalEvent) = holding.terminated()
    #expect(none == nil)
    #expect(dropsFinalEvent, "the held event is released after unlocking")
    guard case .none = holding.requested(.max(1)) else {
      Issue.record("nothing is left to deliver")
      return
    }
  }
}
