// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
import Testing

@testable import Signals
@testable import SignalsCombine

private final class Waiter: FutureWaiter {
  var slot = -1
}

struct FutureStateMachineTests {
  private typealias Machine = FutureStateMachine<Int, TestError, Waiter>
  private typealias Subscription = FutureSubscriptionStateMachine<Int, TestError, String>

  @Test func onlyTheFirstResolutionCounts() {
    var machine = Machine()
    let waiter = Waiter()
    #expect(machine.subscribe(waiter) == nil)
    guard case .notify(let waiters) = machine.resolve(.success(1)) else {
      Issue.record("expected notify")
      return
    }
    #expect(waiters.count == 1 && waiters[0] === waiter && waiter.slot == -1)
    guard case .none = machine.resolve(.success(2)) else {
      Issue.record("a second resolution must be ignored")
      return
    }
    #expect(machine.result == .success(1))
    #expect(machine.subscribe(Waiter()) == .success(1))
  }

  @Test func removingAWaiterMovesTheLastIntoItsSlot() {
    var machine = Machine()
    let waiters = (0..<3).map { _ in Waiter() }
    for waiter in waiters { _ = machine.subscribe(waiter) }
    machine.remove(waiters[0])
    #expect(waiters[0].slot == -1)
    #expect(waiters[2].slot == 0)
    #expect(waiters[1].slot == 1)
    machine.remove(waiters[0])
    guard case .notify(let notified) = machine.resolve(.success(1)) else {
      Issue.record("expected notify")
      return
    }
    #expect(notified.map(ObjectIdentifier.init) == [waiters[2], waiters[1]].map(ObjectIdentifier.init))
  }

  @Test func successWaitsForDemand() {
    var machine = Subscription(downstream: "s")
    #expect(machine.resolve(.success(1)).isNone)
    #expect(machine.subscriptionDelivered().isNone)
    #expect(machine.request().delivered == .success(1))
    #expect(machine.request().isNone)
  }

  @Test func failureWaitsOnlyForTheSubscription() {
    var machine = Subscription(downstream: "s")
    #expect(machine.resolve(.failure(TestError())).isNone)
    #expect(machine.subscriptionDelivered().delivered == .failure(TestError()))
  }

  @Test func requestDuringSubscriptionDeliversAKnownResult() {
    var machine = Subscription(downstream: "s")
    #expect(machine.resolve(.success(1)).isNone)
    #expect(machine.request().delivered == .success(1))
    #expect(machine.subscriptionDelivered().isNone)
  }

  @Test func cancelHandsBackTheSubscriberOnce() {
    var machine = Subscription(downstream: "s")
    #expect(machine.cancel() == "s")
    #expect(machine.cancel() == nil)
    #expect(machine.resolve(.success(1)).isNone)
    #expect(machine.request().isNone)
  }
}

extension FutureSubscriptionStateMachine.Action {
  fileprivate var isNone: Bool {
    if case .none = self { return true }
    return false
  }

  fileprivate var delivered: Result<Output, Failure>? {
    if case .deliver(_, let result) = self { return result }
    return nil
  }
}
#endif
