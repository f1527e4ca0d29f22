// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport
import Testing

@testable import Signals
@testable import SignalsCombine

struct CombiningStateMachineTests {
  private typealias Machine = CombiningStateMachine

  /// A machine whose subscriber has its subscription and whose inputs are all subscribed.
  private func running(_ strategy: CombiningStrategy, count: Int) -> (Machine, [TestSubscription]) {
    var machine = Machine(strategy: strategy, count: count)
    let subscriptions = (0..<count).map { _ in TestSubscription() }
    for index in 0..<count { _ = machine.receivedSubscription(subscriptions[index], at: index) }
    #expect(machine.nextDelivery() == .none)
    return (machine, subscriptions)
  }

  @Test func theSubscribingThreadHoldsTheTokenUntilItAsksForTheNextDelivery() {
    var machine = Machine(strategy: .merge, count: 1)
    _ = machine.receivedSubscription(TestSubscription(), at: 0)
    _ = machine.addDemand(.unlimited)
    #expect(machine.receivedValue(at: 0) == .store)
    #expect(machine.nextTake() == .slot(0))
    // The output waits: the subscriber does not have its subscription yet.
    #expect(machine.madeOutput() == .none)
    #expect(machine.backlogCount == 1)
    #expect(machine.nextDelivery() == .deliver)
    #expect(machine.backlogCount == 0)
    #expect(machine.nextDelivery() == .none)
  }

  @Test func combineLatestMakesAnOutputOnlyForValuesThatArriveWithDemand() {
    var (machine, _) = running(.combineLatest, count: 2)
    #expect(machine.receivedValue(at: 0) == .store)
    #expect(machine.nextTake() == nil, "input 1 has no value yet")
    #expect(machine.receivedValue(at: 1) == .store)
    #expect(machine.nextTake() == nil, "no demand: the value only updates the latest")
    #expect(machine.addDemand(.max(1)) == .init(demand: .max(1)))
    #expect(machine.nextTake() == nil, "demand alone does not replay a combination")
    #expect(machine.receivedValue(at: 0) == .store)
    #expect(machine.nextTake() == .latest)
    #expect(machine.nextTake() == nil)
  }

  @Test func zipTakesHeadsWhileEveryInputHoldsAValueAndDemandLasts() {
    var (machine, _) = running(.zip, count: 2)
    _ = machine.addDemand(.max(1))
    #expect(machine.receivedValue(at: 0) == .store)
    #expect(machine.receivedValue(at: 0) == .store)
    #expect(machine.receivedValue(at: 1) == .store)
    #expect(machine.nextTake() == .heads)
    #expect(machine.receivedValue(at: 1) == .store)
    #expect(machine.nextTake() == nil, "out of demand")
    _ = machine.addDemand(.max(5))
    #expect(machine.nextTake() == .heads)
    #expect(machine.nextTake() == nil)
  }

  @Test func zipReturnsDemandAskedForDuringAnInputsReceiveInsteadOfRequestingIt() {
    var (machine, subscriptions) = running(.zip, count: 2)
    machine.beganReceiving(at: 0)
    #expect(machine.subscription(at: 0, requesting: .max(2)) == nil, "input 0 is inside receive(_:)")
    #expect((machine.subscription(at: 1, requesting: .max(2)) as? TestSubscription) === subscriptions[1])
    machine.beganReceiving(at: 0)
    #expect(machine.endedReceiving(at: 0) == .none, "the outer call returns it")
    #expect(machine.endedReceiving(at: 0) == .max(2))
    #expect((machine.subscription(at: 0, requesting: .max(1)) as? TestSubscription) === subscriptions[0])
  }

  @Test func zipFinishesWhenAFinishedInputHasNothingLeft() {
    var (machine, subscriptions) = running(.zip, count: 2)
    _ = machine.addDemand(.max(1))
    _ = machine.receivedValue(at: 0)
    var outcome = machine.receivedCompletion(.finished, at: 0)
    #expect(!outcome.ended, "input 0 still holds a value")
    _ = machine.receivedValue(at: 1)
    #expect(machine.nextTake() == .heads)
    let cancel = machine.finishIfDrained()
    #expect(cancel?.count == 1)
    #expect((cancel?.first as? TestSubscription) === subscriptions[1])
    #expect(machine.claimToken() == .drain)
    #expect(machine.nextDelivery() == .complete(.finished))
    outcome = machine.receivedCompletion(.finished, at: 1)
    #expect(!outcome.ended, "already over")
  }

  @Test func mergeBuffersOneValuePerInputAndOwesARefillOnceItIsTaken() {
    var (machine, subscriptions) = running(.merge, count: 2)
    #expect(machine.receivedSubscription(TestSubscription(), at: 0) == .cancel, "second subscription")
    #expect(machine.receivedValue(at: 1) == .store)
    #expect(machine.nextTake() == nil)
    #expect(machine.receivedValue(at: 1) == .drop, "the input was asked for one value only")
    #expect(machine.addDemand(.max(1)) == .init())
    #expect(machine.nextTake() == .slot(1))
    #expect(machine.owesRefills)
    #expect(machine.takeRefill(0) == nil)
    #expect((machine.takeRefill(1) as? TestSubscription) === subscriptions[1])
    #expect(!machine.owesRefills)
  }

  @Test func mergeAsksEveryInputForUnlimitedOnceTheSubscriberDoes() {
    var (machine, _) = running(.merge, count: 3)
    #expect(machine.addDemand(.max(2)) == .init())
    #expect(machine.addDemand(.unlimited) == .init(demand: .unlimited))
    #expect(machine.addDemand(.max(1)) == .init(), "already unlimited")
  }

  @Test func theFirstFailureCancelsTheOtherInputsAndWaitsBehindMadeOutputs() {
    var (machine, subscriptions) = running(.merge, count: 3)
    _ = machine.addDemand(.unlimited)
    #expect(machine.receivedValue(at: 0) == .deliver(returning: .none), "merged at once")
    let outcome = machine.receivedCompletion(.failed, at: 2)
    #expect(outcome.ended)
    #expect(outcome.cancel.count == 2)
    #expect((outcome.released as? TestSubscription) === subscriptions[2])
    #expect(machine.claimToken() == .none, "the delivering thread delivers the failure")
    #expect(machine.nextDelivery() == .complete(.failed))
    #expect(machine.receivedValue(at: 0) == .drop)
  }

  @Test func outputsMadeWhileDeliveringQueueForTheTokenHolder() {
    var (machine, _) = running(.merge, count: 2)
    _ = machine.addDemand(.unlimited)
    #expect(machine.receivedValue(at: 0) == .deliver(returning: .none))
    #expect(machine.receivedValue(at: 1) == .store, "the token is taken")
    #expect(machine.nextTake() == .slot(1))
    #expect(machine.madeOutput() == .none)
    #expect(machine.backlogCount == 1)
    #expect(machine.nextDelivery() == .deliver)
    #expect(machine.nextDelivery() == .none)
  }

  @Test func combineLatestDeliversAnOutputAtOnceWhenTheTokenIsFree() {
    var (machine, _) = running(.combineLatest, count: 2)
    _ = machine.addDemand(.unlimited)
    _ = machine.receivedValue(at: 0)
    #expect(machine.receivedValue(at: 1) == .store)
    #expect(machine.nextTake() == .latest)
    #expect(machine.madeOutput() == .deliver)
    #expect(machine.backlogCount == 0, "the output is handed over outside the backlog")
    #expect(machine.receivedValue(at: 0) == .store)
    #expect(machine.nextTake() == .latest)
    #expect(machine.madeOutput() == .none, "the holder delivers it")
    #expect(machine.nextDelivery() == .deliver)
    #expect(machine.nextDelivery() == .none)
  }

  @Test func mergeDeliversAValueAsItIsAndAsksForOneMoreUnderLimitedDemand() {
    var (machine, _) = running(.merge, count: 2)
    _ = machine.addDemand(.max(2))
    #expect(machine.receivedValue(at: 1) == .deliver(returning: .max(1)))
    #expect(machine.receivedValue(at: 0) == .store, "the token is taken")
    #expect(machine.nextTake() == .slot(0))
    #expect(machine.madeOutput() == .none)
    #expect(machine.storedValue(at: 0).upstreamDemand == .max(1))
    #expect(machine.nextTake() == nil, "out of demand")
    #expect(machine.nextDelivery() == .deliver)
    #expect(machine.nextDelivery() == .none)
  }

  @Test func cancelHandsBackSubscriptionsAndUndeliveredOutputs() {
    var (machine, _) = running(.merge, count: 2)
    _ = machine.addDemand(.unlimited)
    _ = machine.receivedValue(at: 0)
    _ = machine.receivedValue(at: 1)
    _ = machine.nextTake()
    _ = machine.madeOutput()
    let (cancel, dropsBacklog) = machine.cancelled()
    #expect(cancel.count == 2)
    #expect(dropsBacklog)
    #expect(machine.backlogCount == 0)
    #expect(machine.nextDelivery() == .none, "the holder stops after a cancel")
    #expect(machine.cancelled().cancel.isEmpty)
  }

  @Test func noInputsMeansFinishedAtOnce() {
    var machine = Machine(strategy: .merge, count: 0)
    #expect(machine.nextDelivery() == .complete(.finished))
    #expect(machine.isTerminal)
  }
}

extension CombiningStateMachine.SubscriptionAction: Equatable {
  /// Same case, same demand.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.cancel, .cancel): true
    case (.request(let left), .request(let right)): left == right
    default: false
    }
  }
}
#endif
