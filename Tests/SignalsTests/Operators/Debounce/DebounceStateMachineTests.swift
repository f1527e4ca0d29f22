// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Testing

@testable import Signals

struct DebounceStateMachineTests {
  private func subscribedMachine() -> DebounceStateMachine<Int> {
    var machine = DebounceStateMachine<Int>()
    _ = machine.receivedSubscription(Subscriptions.empty)
    return machine
  }

  @Test func aSecondSubscriptionIsCancelled() {
    var machine = DebounceStateMachine<Int>()
    guard case .startDownstreamAndRequestUnlimited = machine.receivedSubscription(Subscriptions.empty) else {
      Issue.record("the first subscription must start downstream")
      return
    }
    guard case .cancelSubscription = machine.receivedSubscription(Subscriptions.empty) else {
      Issue.record("a second subscription must be cancelled")
      return
    }
  }

  @Test func onlyTheLatestGenerationDelivers() {
    var machine = subscribedMachine()
    machine.addDemand(.unlimited)
    let first = machine.received(1)
    let second = machine.received(2)
    #expect(first.displaced == nil)
    #expect(second.displaced == 1)
    guard case .none = machine.due(first.generation!) else {
      Issue.record("a stale due time must do nothing")
      return
    }
    guard case .deliver(2) = machine.due(second.generation!) else {
      Issue.record("the current due time must deliver the latest value")
      return
    }
    guard case .none = machine.due(second.generation!) else {
      Issue.record("a value is delivered once")
      return
    }
  }

  @Test func withoutDemandTheDueValueIsDroppedAndDemandIsCounted() {
    var machine = subscribedMachine()
    let generation = machine.received(1).generation!
    guard case .drop(1) = machine.due(generation) else {
      Issue.record("without demand the value is dropped")
      return
    }
    machine.addDemand(.max(1))
    let next = machine.received(2).generation!
    guard case .deliver(2) = machine.due(next) else {
      Issue.record("with demand the value is delivered")
      return
    }
    let last = machine.received(3).generation!
    guard case .drop(3) = machine.due(last) else {
      Issue.record("the one unit of demand was used")
      return
    }
  }

  @Test func completionDropsThePendingValueAndIsDeliveredOnce() {
    var machine = subscribedMachine()
    machine.addDemand(.unlimited)
    let generation = machine.received(1).generation!
    let completed = machine.completed()
    #expect(completed.scheduleCompletion)
    #expect(completed.dropped == 1)
    guard case .none = machine.due(generation) else {
      Issue.record("no value after completion")
      return
    }
    let first = machine.completionDue()
    let second = machine.completionDue()
    #expect(first)
    #expect(!second)
  }

  @Test func cancelWhileCompletingSuppressesTheCompletion() {
    var machine = subscribedMachine()
    let completed = machine.completed()
    #expect(completed.scheduleCompletion)
    let cancelled = machine.cancelled()
    let due = machine.completionDue()
    #expect(cancelled.upstream == nil)
    #expect(!due)
  }
}
