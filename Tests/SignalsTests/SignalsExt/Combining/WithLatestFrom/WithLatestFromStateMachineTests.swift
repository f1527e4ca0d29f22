// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import Testing

@testable import SignalsExt

struct WithLatestFromStateMachineTests {
  private typealias Machine = WithLatestFromStateMachine

  /// A machine whose subscriber has its subscription, with the other publisher subscribed.
  private func running() -> (Machine, other: TestSubscription) {
    var machine = Machine()
    let other = TestSubscription()
    guard case .request(.unlimited) = machine.receivedSubscription(other, from: .other) else {
      Issue.record("the other publisher is asked for everything")
      return (machine, other)
    }
    #expect(machine.nextDelivery(adding: .none).next == .none)
    return (machine, other)
  }

  /// `running()`, with a latest value, the trigger subscribed and `demand` requested.
  private func pairing(demand: Subscribers.Demand) -> (Machine, other: TestSubscription, trigger: TestSubscription) {
    var (machine, other) = running()
    _ = machine.receivedOtherValue()
    let trigger = TestSubscription()
    _ = machine.receivedSubscription(trigger, from: .trigger)
    _ = machine.requested(demand)
    return (machine, other, trigger)
  }

  @Test func theOthersFirstValueSubscribesTheTriggerOnce() {
    var (machine, _) = running()
    let first = machine.receivedOtherValue()
    #expect(first.subscribesTrigger && first.stores)
    let second = machine.receivedOtherValue()
    #expect(!second.subscribesTrigger)
    #expect(second.stores, "the new value displaces the latest")
  }

  @Test func theTriggerIsAskedForWhatWasRequestedSoFarThenForEachRequest() {
    var (machine, _) = running()
    #expect(machine.requested(.max(2)).triggerDemand == .max(2))
    #expect(machine.triggerSubscription() == nil, "not subscribed yet")
    _ = machine.receivedOtherValue()
    let trigger = TestSubscription()
    guard case .request(.max(2)) = machine.receivedSubscription(trigger, from: .trigger) else {
      Issue.record("expected the demand so far")
      return
    }
    #expect(machine.triggerSubscription() as AnyObject? === trigger)
    #expect(machine.requested(.unlimited).triggerDemand == .unlimited)
    #expect(machine.requested(.max(1)).triggerDemand == .none, "already unlimited")
  }

  @Test func aTriggerValueMakesAPairOnlyWithDemandAndALatestValue() {
    var (machine, _) = running()
    _ = machine.receivedSubscription(TestSubscription(), from: .trigger)
    _ = machine.requested(.max(1))
    #expect(machine.receivedTriggerValue() == .drop, "no latest value yet")
    _ = machine.receivedOtherValue()
    #expect(machine.receivedTriggerValue() == .deliver)
    #expect(machine.nextDelivery(adding: .none).next == .none)
    #expect(machine.receivedTriggerValue() == .drop, "no demand left")
    #expect(machine.demand == .none)
  }

  @Test func aPairMadeWhileTheTokenIsTakenWaitsForTheHolder() {
    var (machine, _, _) = pairing(demand: .unlimited)
    #expect(machine.receivedTriggerValue() == .deliver)
    // Made from inside the subscriber, or on another thread, while the first is delivered.
    #expect(machine.receivedTriggerValue() == .queue(drains: false))
    #expect(machine.receivedTriggerValue() == .queue(drains: false))
    #expect(machine.backlog == 2)
    #expect(machine.nextDelivery(adding: .none).next == .pair)
    #expect(machine.nextDelivery(adding: .none).next == .pair)
    #expect(machine.nextDelivery(adding: .none).next == .none)
    #expect(machine.receivedTriggerValue() == .deliver, "the token is free again")
  }

  @Test func pairsAlreadyMadeGoOutBeforeTheCompletion() {
    var (machine, _, _) = pairing(demand: .unlimited)
    #expect(machine.receivedTriggerValue() == .deliver)
    #expect(machine.receivedTriggerValue() == .queue(drains: false))
    let effects = machine.receivedCompletion(failed: false, from: .trigger)
    #expect(effects.ends)
    guard case .none = effects.start else {
      Issue.record("the holder delivers the completion")
      return
    }
    #expect(machine.nextDelivery(adding: .none).next == .pair)
    #expect(machine.nextDelivery(adding: .none).next == .complete(.finished))
    #expect(machine.receivedTriggerValue() == .drop)
  }

  @Test func theTriggerFinishingFinishesAndCancelsTheOther() {
    var (machine, other) = running()
    _ = machine.receivedOtherValue()
    let trigger = TestSubscription()
    _ = machine.receivedSubscription(trigger, from: .trigger)
    let effects = machine.receivedCompletion(failed: false, from: .trigger)
    #expect(effects.cancel.count == 1)
    #expect(effects.cancel.first as AnyObject? === other)
    #expect(effects.releasedSubscription as AnyObject? === trigger)
    #expect(effects.releasesLatest, "the latest value is released after unlocking")
    guard case .drain = effects.start else {
      Issue.record("the completing caller takes the token")
      return
    }
    #expect(machine.nextDelivery(adding: .none).next == .complete(.finished))
  }

  @Test func theOtherFinishingEndsOnlyIfItNeverSentAValue() {
    var (machine, _) = running()
    #expect(machine.receivedCompletion(failed: false, from: .other).ends == true)
    #expect(machine.hasEnded)

    var (withValue, _) = running()
    _ = withValue.receivedOtherValue()
    _ = withValue.receivedSubscription(TestSubscription(), from: .trigger)
    let effects = withValue.receivedCompletion(failed: false, from: .other)
    #expect(!withValue.hasEnded, "its last value stays the latest")
    #expect(!effects.ends && effects.cancel.isEmpty && !effects.releasesLatest)
    #expect(withValue.hasLatest)
  }

  @Test func aFailureOfEitherCancelsTheOtherAndReleasesTheFailedOne() {
    var (machine, other) = running()
    _ = machine.receivedOtherValue()
    let trigger = TestSubscription()
    _ = machine.receivedSubscription(trigger, from: .trigger)
    let effects = machine.receivedCompletion(failed: true, from: .other)
    #expect(effects.cancel.count == 1)
    #expect(effects.cancel.first as AnyObject? === trigger)
    #expect(effects.releasedSubscription as AnyObject? === other)
    #expect(effects.releasesLatest)
    #expect(machine.ending == .failure)
    #expect(machine.receivedCompletion(failed: true, from: .trigger).ends == false, "only the first ending counts")
    #expect(machine.nextDelivery(adding: .none).next == .complete(.failure))
  }

  @Test func aCancelCancelsBothInputsTheTriggerFirstAndDropsWhatWaits() {
    var (machine, other, trigger) = pairing(demand: .unlimited)
    #expect(machine.receivedTriggerValue() == .deliver)
    #expect(machine.receivedTriggerValue() == .queue(drains: false))
    let effects = machine.cancelled()
    let cancelled = effects.cancel.map { ObjectIdentifier($0 as AnyObject) }
    #expect(cancelled == [ObjectIdentifier(trigger), ObjectIdentifier(other)])
    #expect(effects.ends && effects.dropsBacklog && effects.releasesLatest)
    #expect(machine.nextDelivery(adding: .none).next == .none, "nothing more is delivered")
    #expect(machine.cancelled().cancel.isEmpty)
    guard case .cancel = machine.receivedSubscription(TestSubscription(), from: .trigger) else {
      Issue.record("a subscription after the end is cancelled")
      return
    }
  }
}
