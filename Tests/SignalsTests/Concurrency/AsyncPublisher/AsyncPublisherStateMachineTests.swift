// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
import Testing

@testable import Signals
@testable import SignalsCombine

struct AsyncPublisherStateMachineTests {
  private typealias Machine = AsyncPublisherStateMachine

  @Test func aValueBeforeTheSubscriptionEndsTheParkedCallsButKeepsTheirDemandOwed() {
    var machine = Machine()
    _ = machine.next()
    _ = machine.next()
    #expect(machine.receiveValue() == .dropAndEndParked)
    guard case .request(_, let demand) = machine.receive(subscription: TestSubscription()) else {
      Issue.record("the owed demand is requested when the subscription arrives")
      return
    }
    #expect(demand == .max(2))
  }

  @Test func parkedCallsQueueAndValuesResumeThemInOrder() {
    var machine = Machine()
    let subscription = TestSubscription()
    _ = machine.receive(subscription: subscription)
    guard case .parkAndRequestOne(_, behind: false) = machine.next(),
      case .parkAndRequestOne(_, behind: true) = machine.next()
    else {
      Issue.record("each call parks and asks for one value; the second queues behind the first")
      return
    }
    #expect(machine.receiveValue() == .resumeOldest(more: true))
    #expect(machine.receiveValue() == .resumeOldest(more: false))
  }

  @Test func aCompletionEndsEveryParkedCall() {
    var machine = Machine()
    _ = machine.receive(subscription: TestSubscription())
    _ = machine.next()
    _ = machine.next()
    guard case .endParked(.failed) = machine.receive(completion: .failed).action else {
      Issue.record("the parked calls end, the oldest with the failure")
      return
    }
    #expect(machine.receiveValue() == .drop)
  }

  @Test func aSecondSubscriptionIsCancelled() {
    var machine = Machine()
    _ = machine.receive(subscription: TestSubscription())
    guard case .cancel = machine.receive(subscription: TestSubscription()) else {
      Issue.record("a second subscription must be cancelled")
      return
    }
  }

  @Test func cancelWhileIdleCancelsTheSubscriptionOnce() {
    var machine = Machine()
    let subscription = TestSubscription()
    _ = machine.receive(subscription: subscription)
    guard case .cancel(let cancelled) = machine.cancel() else {
      Issue.record("cancel while idle cancels the subscription")
      return
    }
    #expect(cancelled.combineIdentifier == subscription.combineIdentifier)
    guard case .none = machine.cancel() else {
      Issue.record("a second cancel does nothing")
      return
    }
  }

  @Test func completionWhileIdleIsKeptForTheNextCall() {
    var machine = Machine()
    _ = machine.receive(subscription: TestSubscription())
    let first = machine.receive(completion: .finished)
    guard case .none = first.action, first.recorded else {
      Issue.record("completion while idle waits for next()")
      return
    }
    let second = machine.receive(completion: .failed)
    guard case .none = second.action, !second.recorded else {
      Issue.record("a second completion is ignored")
      return
    }
    guard case .end(.finished) = machine.next() else {
      Issue.record("the next call reports the kept completion")
      return
    }
  }

  @Test func aFailureWhileParkedEndsTheParkedCallAndIsRecorded() {
    var machine = Machine()
    guard case .park(behind: false) = machine.next() else {
      Issue.record("next() before the subscription parks")
      return
    }
    let subscription = TestSubscription()
    guard case .request(_, .max(1)) = machine.receive(subscription: subscription) else {
      Issue.record("the subscription is asked for the parked call's value")
      return
    }
    let outcome = machine.receive(completion: .failed)
    guard case .endParked(.failed) = outcome.action, outcome.recorded else {
      Issue.record("the parked call ends, and the storage keeps the failure for it")
      return
    }
    guard case .end(.finished) = machine.next() else {
      Issue.record("later calls end with nil")
      return
    }
  }
}
#endif
