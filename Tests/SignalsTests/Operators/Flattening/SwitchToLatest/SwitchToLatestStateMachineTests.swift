// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
import Testing

@testable import Signals
@testable import SignalsCombine

struct SwitchToLatestStateMachineTests {
  private typealias Machine = SwitchToLatestStateMachine

  private func running() -> (Machine, TestSubscription, TestSubscription) {
    var machine = Machine()
    let upstream = TestSubscription()
    let inner = TestSubscription()
    let kept = machine.receivedUpstreamSubscription(upstream)
    #expect(kept)
    #expect(machine.receivedUpstreamValue()?.id == 0)
    #expect(machine.receivedInnerSubscription(inner, id: 0) == Subscribers.Demand.none)
    return (machine, upstream, inner)
  }

  @Test func aNewInnerHandsBackThePreviousSubscriptionToCancel() {
    var (machine, _, inner) = running()
    let switched = machine.receivedUpstreamValue()
    #expect(switched?.id == 1)
    #expect((switched?.cancel as? TestSubscription) === inner)
    #expect(machine.receivedInnerSubscription(TestSubscription(), id: 0) == nil, "a stale inner is cancelled")
    #expect(machine.currentInnerID == 1)
  }

  @Test func requestsAreCountedAndPassedToTheCurrentInner() {
    var (machine, _, inner) = running()
    #expect((machine.requested(.max(2)) as? TestSubscription) === inner)
    #expect(machine.demand == .max(2))
    _ = machine.receivedUpstreamValue()
    #expect(machine.requested(.max(1)) == nil, "the new inner is not subscribed yet")
    #expect(machine.receivedInnerSubscription(TestSubscription(), id: 1) == .max(3))
  }

  @Test func valuesFromOldInnersAreDropped() {
    // A value of the current inner beyond the demand stops the program, as in Combine (an exit
    // test in SwitchToLatestTests).
    var (machine, _, _) = running()
    _ = machine.requested(.max(1))
    #expect(machine.receivedInnerValue(id: 7) == .drop, "not the current inner: dropped")
    #expect(machine.receivedInnerValue(id: 0) == .deliver, "delivered")
    #expect(machine.demand == .none)
  }

  @Test func aValueAcceptedWhileTheTokenIsHeldWaitsForTheHolder() {
    var (machine, _, _) = running()
    _ = machine.requested(.max(2))
    #expect(machine.receivedInnerValue(id: 0) == .deliver, "delivered")
    #expect(machine.receivedInnerValue(id: 0) == .queue, "queued")
    #expect(machine.backlogCount == 1)
    let completion = machine.receivedUpstreamCompletion(.failed)
    #expect(!completion.drain, "the holder delivers it")
    #expect(completion.keepsFailure, "the storage keeps the error for the holder")
    #expect(machine.nextDelivery(adding: .none, from: 0).next == .deliver, "the queued value first")
    #expect(machine.nextDelivery(adding: .none, from: nil).next == .complete(.failed), "then the failure")
  }

  @Test func returnedDemandIsForwardedOnlyWhenTheDeliveringInnerIsNotCurrent() {
    var (machine, _, inner) = running()
    _ = machine.requested(.max(1))
    _ = machine.receivedInnerValue(id: 0)
    #expect(machine.nextDelivery(adding: .max(1), from: 0).forward == nil, "the inner's receive returns it")
    _ = machine.receivedInnerValue(id: 0)
    let next = machine.nextDelivery(adding: .max(1), from: nil)
    #expect((next.forward as? TestSubscription) === inner)
  }

  @Test func finishingNeedsTheUpstreamAndTheCurrentInner() {
    var (machine, _, _) = running()
    #expect(!machine.receivedUpstreamCompletion(.finished).drain)
    #expect(machine.receivedInnerCompletion(.finished, id: 0).drain)
    #expect(machine.nextDelivery(adding: .none, from: nil).next == .complete(.finished))
    #expect(machine.hasEnded)
  }

  @Test func cancelTakesBothSubscriptions() {
    var (machine, _, _) = running()
    #expect(machine.cancelled().cancel.count == 2)
    #expect(machine.backlogCount == 0)
    #expect(machine.receivedUpstreamValue() == nil)
  }
}

extension SwitchToLatestStateMachineTests {
  private func runningWithoutInner() -> Machine {
    var machine = Machine()
    let kept = machine.receivedUpstreamSubscription(TestSubscription())
    #expect(kept)
    return machine
  }

  @Test func aFusedJustWithDemandIsDeliveredAndRetiredInOneStep() {
    var machine = runningWithoutInner()
    _ = machine.requested(.max(2))
    let arrival = machine.receivedUpstreamJust()
    #expect(arrival.value == .deliver)
    #expect(!arrival.discardsWaitingValue)
    #expect(machine.demand == .max(1))
    #expect(machine.currentInnerID == nil, "the Just finished")
    #expect(machine.receivedUpstreamJust().value == .queue, "the token is taken: the next one waits for it")
    #expect(machine.backlogCount == 1)
    #expect(machine.nextDelivery(adding: .none, from: nil).next == .deliver)
    #expect(machine.nextDelivery(adding: .none, from: nil).next == NextDelivery.none)
  }

  @Test func aFusedJustWithoutDemandWaitsAndIsDiscardedByTheNext() {
    var machine = runningWithoutInner()
    #expect(machine.receivedUpstreamJust().value == .wait)
    #expect(machine.currentInnerID == 0)
    let next = machine.receivedUpstreamJust()
    #expect(next.value == .wait)
    #expect(next.discardsWaitingValue)
    #expect(machine.currentInnerID == 1)
    #expect(!machine.receivedUpstreamCompletion(.finished).drain, "the waiting Just still runs")
  }

  @Test func aWaitingJustIsReleasedByDemandAndFinishesTheOperatorAfterTheUpstream() {
    var machine = runningWithoutInner()
    #expect(machine.receivedUpstreamJust().value == .wait)
    #expect(!machine.releaseWaitingJust().movesWaitingValue, "no demand yet")
    _ = machine.receivedUpstreamCompletion(.finished)
    _ = machine.requested(.max(1))
    let release = machine.releaseWaitingJust()
    #expect(release.movesWaitingValue)
    #expect(release.drain)
    #expect(machine.backlogCount == 1)
    #expect(machine.nextDelivery(adding: .none, from: nil).next == .deliver)
    #expect(machine.nextDelivery(adding: .none, from: nil).next == .complete(.finished))
  }

  @Test func aWaitingJustIsDroppedByAFailureOrACancel() {
    var failing = runningWithoutInner()
    _ = failing.receivedUpstreamJust()
    #expect(failing.receivedUpstreamCompletion(.failed).dropsWaitingValue)
    var cancelling = runningWithoutInner()
    _ = cancelling.receivedUpstreamJust()
    #expect(cancelling.cancelled().dropsBacklog)
    #expect(cancelling.receivedUpstreamJust().value == .ignore)
  }

  private typealias NextDelivery = Machine.NextDelivery
}
#endif
