// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Testing

@testable import Signals

struct AsyncPublisherStateMachineTests {
  private typealias Machine = AsyncPublisherStateMachine<Int, TestError>

  @Test func aValueNobodyWaitsForIsDropped() {
    var machine = Machine()
    _ = machine.receive(subscription: TestSubscription())
    guard case .none = machine.receive(1) else {
      Issue.record("an unrequested value is dropped")
      return
    }
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
    guard case .none = machine.receive(completion: .finished) else {
      Issue.record("completion while idle waits for next()")
      return
    }
    guard case .none = machine.receive(completion: .failure(TestError())) else {
      Issue.record("a second completion is ignored")
      return
    }
  }
}
