// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
import Testing

@testable import Signals
@testable import SignalsCombine

struct DebounceStateMachineTests {
  /// A timer token that only remembers who it is.
  private final class Token: Cancellable {
    func cancel() {}
  }

  private func subscribedMachine() -> DebounceStateMachine {
    var machine = DebounceStateMachine()
    _ = machine.receivedSubscription(Subscriptions.empty)
    return machine
  }

  @Test func aSecondSubscriptionIsCancelled() {
    var machine = DebounceStateMachine()
    guard case .startDownstreamAndRequestUnlimited = machine.receivedSubscription(Subscriptions.empty) else {
      Issue.record("the first subscription must start downstream")
      return
    }
    guard case .cancelSubscription = machine.receivedSubscription(Subscriptions.empty) else {
      Issue.record("a second subscription must be cancelled")
      return
    }
  }

  @Test func aNewValueHandsBackThePreviousTimerAndOnlyTheLatestGenerationDelivers() {
    var machine = subscribedMachine()
    machine.addDemand(.unlimited)
    let firstToken = Token()
    let first = machine.received()
    let armed1 = machine.armed(first.generation!, token: firstToken)
    #expect(armed1)
    let second = machine.received()
    #expect((second.previousTimer as AnyObject?) === firstToken)
    let secondToken = Token()
    let armed2 = machine.armed(second.generation!, token: secondToken)
    #expect(armed2)
    guard case .none = machine.due(first.generation!) else {
      Issue.record("a stale tick must do nothing")
      return
    }
    guard case .deliver(let timer) = machine.due(second.generation!) else {
      Issue.record("the current tick must deliver the latest value")
      return
    }
    #expect((timer as AnyObject?) === secondToken)
    guard case .none = machine.due(second.generation!) else {
      Issue.record("a repeating timer that was not stopped must not deliver twice")
      return
    }
    #expect(machine.hasValue)
  }

  @Test func aTimerArmedTooLateIsRefused() {
    var machine = subscribedMachine()
    let first = machine.received().generation!
    _ = machine.received()
    let armed3 = machine.armed(first, token: Token())
    #expect(!armed3)
  }

  @Test func withoutDemandATickStopsTheTimerWithoutDelivering() {
    var machine = subscribedMachine()
    let generation = machine.received().generation!
    let token = Token()
    let armed4 = machine.armed(generation, token: token)
    #expect(armed4)
    guard case .cancelTimer(let timer) = machine.due(generation) else {
      Issue.record("without demand the value is not delivered")
      return
    }
    #expect((timer as AnyObject?) === token)
    machine.addDemand(.max(1))
    let next = machine.received().generation!
    guard case .deliver = machine.due(next) else {
      Issue.record("with demand the value is delivered")
      return
    }
    #expect(machine.demand == .none)
  }

  @Test func completionHandsBackTheRunningTimerAndEndsDelivery() {
    var machine = subscribedMachine()
    machine.addDemand(.unlimited)
    let generation = machine.received().generation!
    let token = Token()
    let armed5 = machine.armed(generation, token: token)
    #expect(armed5)
    let completed = machine.completed()
    #expect(completed.scheduleCompletion)
    #expect((completed.timer as AnyObject?) === token)
    guard case .none = machine.due(generation) else {
      Issue.record("no value after completion")
      return
    }
    let completedAgain = machine.completed()
    let cancelledAfterwards = machine.cancelled()
    #expect(!completedAgain.scheduleCompletion)
    #expect(cancelledAfterwards.upstream == nil)
  }

  @Test func cancelBeforeTheSubscriptionDoesNothing() {
    var machine = DebounceStateMachine()
    let cancelled = machine.cancelled()
    #expect(cancelled.upstream == nil)
    guard case .startDownstreamAndRequestUnlimited = machine.receivedSubscription(Subscriptions.empty) else {
      Issue.record("the subscription that arrives after an early cancel is still taken, as in Combine")
      return
    }
  }
}
#endif
