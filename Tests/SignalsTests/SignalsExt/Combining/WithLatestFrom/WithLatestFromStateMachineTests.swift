// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import Testing

@testable import SignalsExt

struct WithLatestFromStateMachineTests {
  private typealias Machine = WithLatestFromStateMachine<Int, String, TestError>
  private typealias Next = SerialBacklog<Machine.Output, TestError>.Next

  /// A machine whose subscriber has its subscription, with the other publisher subscribed.
  private func running() -> (Machine, other: TestSubscription) {
    var machine = Machine()
    let other = TestSubscription()
    guard case .request(.unlimited) = machine.receivedSubscription(other, from: .other) else {
      Issue.record("the other publisher is asked for everything")
      return (machine, other)
    }
    #expect(isNone(machine.nextDelivery(adding: .none).next))
    return (machine, other)
  }

  private func delivered(_ effects: Machine.Effects) -> String? {
    if case .deliver(let output) = effects.start { return "\(output.0)\(output.1)" }
    return nil
  }

  private func isNone(_ next: Next) -> Bool {
    if case .none = next { return true }
    return false
  }

  private func completion(_ next: Next) -> Subscribers.Completion<TestError>? {
    if case .complete(let completion) = next { return completion }
    return nil
  }

  @Test func theOthersFirstValueSubscribesTheTriggerOnce() {
    var (machine, _) = running()
    #expect(machine.receivedOtherValue("a").subscribesTrigger)
    let second = machine.receivedOtherValue("b")
    #expect(!second.subscribesTrigger)
    #expect(second.effects.releasedValue == "a", "the displaced value is released after unlocking")
  }

  @Test func theTriggerIsAskedForWhatWasRequestedSoFarThenForEachRequest() {
    var (machine, _) = running()
    #expect(machine.requested(.max(2)).triggerDemand == .max(2))
    #expect(machine.triggerSubscription() == nil, "not subscribed yet")
    _ = machine.receivedOtherValue("a")
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
    #expect(delivered(machine.receivedTriggerValue(1)) == nil, "no latest value yet")
    _ = machine.receivedOtherValue("a")
    #expect(delivered(machine.receivedTriggerValue(2)) == "2a")
    #expect(isNone(machine.nextDelivery(adding: .none).next))
    #expect(delivered(machine.receivedTriggerValue(3)) == nil, "no demand left")
    #expect(machine.demand == .none)
  }

  @Test func theTriggerFinishingFinishesAndCancelsTheOther() {
    var (machine, other) = running()
    _ = machine.receivedOtherValue("a")
    let trigger = TestSubscription()
    _ = machine.receivedSubscription(trigger, from: .trigger)
    let effects = machine.receivedCompletion(.finished, from: .trigger)
    #expect(effects.cancel.count == 1)
    #expect(effects.cancel.first as AnyObject? === other)
    #expect(effects.releasedSubscription as AnyObject? === trigger)
    #expect(completion(machine.nextDelivery(adding: .none).next) == .finished)
  }

  @Test func theOtherFinishingEndsOnlyIfItNeverSentAValue() {
    var (machine, _) = running()
    _ = machine.receivedCompletion(.finished, from: .other)
    #expect(machine.hasEnded)

    var (withValue, _) = running()
    _ = withValue.receivedOtherValue("a")
    _ = withValue.receivedSubscription(TestSubscription(), from: .trigger)
    let effects = withValue.receivedCompletion(.finished, from: .other)
    #expect(!withValue.hasEnded, "its last value stays the latest")
    #expect(effects.cancel.isEmpty)
  }

  @Test func aFailureOfEitherCancelsTheOtherAndReleasesTheFailedOne() {
    var (machine, other) = running()
    _ = machine.receivedOtherValue("a")
    let trigger = TestSubscription()
    _ = machine.receivedSubscription(trigger, from: .trigger)
    let effects = machine.receivedCompletion(.failure(TestError(id: 3)), from: .other)
    #expect(effects.cancel.count == 1)
    #expect(effects.cancel.first as AnyObject? === trigger)
    #expect(effects.releasedSubscription as AnyObject? === other)
    #expect(effects.releasedValue == "a")
    #expect(completion(machine.nextDelivery(adding: .none).next) == .failure(TestError(id: 3)))
  }

  @Test func aCancelCancelsBothInputsTheTriggerFirst() {
    var (machine, other) = running()
    _ = machine.receivedOtherValue("a")
    let trigger = TestSubscription()
    _ = machine.receivedSubscription(trigger, from: .trigger)
    let effects = machine.cancelled()
    let cancelled = effects.cancel.map { ObjectIdentifier($0 as AnyObject) }
    #expect(cancelled == [ObjectIdentifier(trigger), ObjectIdentifier(other)])
    #expect(machine.cancelled().cancel.isEmpty)
    guard case .cancel = machine.receivedSubscription(TestSubscription(), from: .trigger) else {
      Issue.record("a subscription after the end is cancelled")
      return
    }
  }
}
