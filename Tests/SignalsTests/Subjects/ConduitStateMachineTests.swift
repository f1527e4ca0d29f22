// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport
import Testing

@testable import Signals
@testable import SignalsCombine

/// The subject's per-subscriber rules, tested directly on the state machine, with no threads.
struct ConduitStateMachineTests {
  private let me = ThreadIdentity(rawValue: 1)
  private let other = ThreadIdentity(rawValue: 2)

  private func subscribed(demand: Subscribers.Demand, replays: Bool = false) -> ConduitStateMachine<Int, Never> {
    var machine = ConduitStateMachine<Int, Never>(subscribingOn: me, owesCurrentValue: replays)
    if demand > 0 { _ = machine.request(demand, on: me, currentValue: nil, currentGeneration: 0) }
    guard case .none = machine.finishDelivery(additionalDemand: .none, currentValue: nil, currentGeneration: 0) else {
      Issue.record("a fresh subscriber has nothing to finish")
      return machine
    }
    return machine
  }

  @Test func offerWithoutDemandDrops() {
    var machine = subscribed(demand: .none)
    guard case .drop = machine.offer(1, generation: 1, on: me, replaysCurrentValue: false) else {
      Issue.record("expected drop")
      return
    }
  }

  @Test func offerTakesTheTokenAndOneDemand() {
    var machine = subscribed(demand: .max(2))
    guard case .deliver = machine.offer(1, generation: 1, on: me, replaysCurrentValue: false) else {
      Issue.record("expected deliver")
      return
    }
    #expect(machine.demand == .max(1))
  }

  @Test func offerFromAnotherThreadWhileDeliveringIsQueuedAndDrainedInOrder() {
    var machine = subscribed(demand: .unlimited)
    _ = machine.offer(1, generation: 1, on: me, replaysCurrentValue: false)
    guard case .drop = machine.offer(2, generation: 1, on: other, replaysCurrentValue: false) else {
      Issue.record("expected the value to be queued")
      return
    }
    _ = machine.offer(3, generation: 1, on: other, replaysCurrentValue: false)
    guard case .deliver(2) = machine.finishDelivery(additionalDemand: .none, currentValue: nil, currentGeneration: 0),
      case .deliver(3) = machine.finishDelivery(additionalDemand: .none, currentValue: nil, currentGeneration: 0),
      case .none = machine.finishDelivery(additionalDemand: .none, currentValue: nil, currentGeneration: 0)
    else {
      Issue.record("expected 2 then 3 then the token back")
      return
    }
  }

  @Test func offerFromTheDeliveringThreadIsNested() {
    var machine = subscribed(demand: .unlimited)
    _ = machine.offer(1, generation: 1, on: me, replaysCurrentValue: false)
    guard case .deliverNested = machine.offer(2, generation: 1, on: me, replaysCurrentValue: false) else {
      Issue.record("expected nested delivery")
      return
    }
  }

  @Test func completionWhileAnotherThreadDeliversWaitsForTheBacklog() {
    var machine = subscribed(demand: .unlimited)
    _ = machine.offer(1, generation: 1, on: me, replaysCurrentValue: false)
    _ = machine.offer(2, generation: 1, on: other, replaysCurrentValue: false)
    guard case .none = machine.complete(.finished, on: other) else {
      Issue.record("completion must wait for the token holder")
      return
    }
    guard case .deliver(2) = machine.finishDelivery(additionalDemand: .none, currentValue: nil, currentGeneration: 0),
      case .complete(.finished) = machine.finishDelivery(
        additionalDemand: .none, currentValue: nil, currentGeneration: 0)
    else {
      Issue.record("expected the queued value, then the completion")
      return
    }
    #expect(machine.isTerminated)
  }

  @Test func cancelWhileAnotherThreadDeliversLeavesTheReleaseToIt() {
    var machine = subscribed(demand: .unlimited)
    _ = machine.offer(1, generation: 1, on: me, replaysCurrentValue: false)
    _ = machine.offer(2, generation: 1, on: me, replaysCurrentValue: false)
    guard case .none = machine.cancel(on: other) else {
      Issue.record("the canceller must not release a subscriber being called")
      return
    }
    guard case .release = machine.finishDelivery(additionalDemand: .none, currentValue: nil, currentGeneration: 0)
    else {
      Issue.record("the token holder releases")
      return
    }
  }

  @Test func cancelWhenIdleReleasesAtOnce() {
    var machine = subscribed(demand: .unlimited)
    guard case .release = machine.cancel(on: other) else {
      Issue.record("expected release")
      return
    }
    guard case .none = machine.cancel(on: me) else {
      Issue.record("a second cancel does nothing")
      return
    }
  }

  @Test func owedCurrentValueIsDeliveredOnRequest() {
    var machine = subscribed(demand: .none, replays: true)
    guard case .deliver(9) = machine.request(.max(1), on: me, currentValue: 9, currentGeneration: 0) else {
      Issue.record("expected the current value")
      return
    }
    #expect(machine.demand == .none)
  }

  /// As in Combine, a value held back for lack of demand is sent by a request only: demand the
  /// subscriber returns from `receive(_:)` counts towards later sends.
  @Test func demandReturnedFromReceiveDoesNotSendTheOwedValue() {
    var machine = subscribed(demand: .max(1), replays: true)
    #expect(machine.offer(1, generation: 1, on: me, replaysCurrentValue: true) == .deliver)
    // Sent from inside that delivery, with no demand left: owed.
    #expect(machine.offer(2, generation: 2, on: me, replaysCurrentValue: true) == .drop)
    let finish = machine.finishDelivery(additionalDemand: .max(1), currentValue: 2, currentGeneration: 2)
    #expect(isNone(finish), "expected the token back, got \(finish)")
    #expect(machine.demand == .max(1))
    guard case .deliver(2) = machine.request(.max(1), on: me, currentValue: 2, currentGeneration: 2) else {
      Issue.record("a request sends the owed value")
      return
    }
  }

  /// A request made while another thread holds the token: the holder delivers the owed value for it.
  @Test func requestWhileAnotherThreadDeliversLeavesTheOwedValueToTheHolder() {
    var machine = subscribed(demand: .max(1), replays: true)
    #expect(machine.offer(1, generation: 1, on: me, replaysCurrentValue: true) == .deliver)
    #expect(machine.offer(2, generation: 2, on: other, replaysCurrentValue: true) == .drop)
    let request = machine.request(.max(1), on: other, currentValue: 2, currentGeneration: 2)
    #expect(isNoRequestAction(request), "expected nothing for the requesting thread, got \(request)")
    guard case .deliver(2) = machine.finishDelivery(additionalDemand: .none, currentValue: 2, currentGeneration: 2)
    else {
      Issue.record("the holder delivers the value the request asked for")
      return
    }
    #expect(isNone(machine.finishDelivery(additionalDemand: .none, currentValue: 2, currentGeneration: 2)))
    #expect(machine.demand == .none)
  }

  @Test func requestAfterTerminationDoesNothing() {
    var machine = subscribed(demand: .none, replays: true)
    _ = machine.cancel(on: me)
    guard case .none = machine.request(.max(1), on: me, currentValue: 9, currentGeneration: 0) else {
      Issue.record("expected nothing")
      return
    }
  }

  /// A send that raced the subscription: the subject's current value already is the sent value
  /// when the new subscriber asks for it, and the send's offer reaches the conduit afterwards.
  @Test func valueReplayedAsCurrentIsNotOfferedAgain() {
    var machine = ConduitStateMachine<Int, Never>(subscribingOn: me, owesCurrentValue: true)
    #expect(isNone(machine.finishDelivery(additionalDemand: .none, currentValue: 7, currentGeneration: 3)))
    let request = machine.request(.unlimited, on: me, currentValue: 7, currentGeneration: 3)
    guard case .deliver(let replayed) = request else {
      Issue.record("expected the current value, got \(request)")
      return
    }
    #expect(replayed == 7)
    #expect(isNone(machine.finishDelivery(additionalDemand: .none, currentValue: 7, currentGeneration: 3)))
    #expect(machine.offer(7, generation: 3, on: me, replaysCurrentValue: true) == .drop)
    #expect(machine.offer(6, generation: 2, on: me, replaysCurrentValue: true) == .drop)
    #expect(machine.offer(8, generation: 4, on: me, replaysCurrentValue: true) == .deliver)
  }

  @Test func passthroughOffersAreNeverTakenForReplays() {
    var machine = ConduitStateMachine<Int, Never>(subscribingOn: me, owesCurrentValue: false)
    #expect(isNone(machine.finishDelivery(additionalDemand: .none, currentValue: nil, currentGeneration: 0)))
    let request = machine.request(.unlimited, on: me, currentValue: nil, currentGeneration: 0)
    guard case .none = request else {
      Issue.record("expected nothing to deliver, got \(request)")
      return
    }
    #expect(machine.offer(1, generation: 1, on: me, replaysCurrentValue: false) == .deliver)
  }

  private func isNone(_ action: ConduitStateMachine<Int, Never>.FinishAction) -> Bool {
    if case .none = action { return true }
    return false
  }

  private func isNoRequestAction(_ action: ConduitStateMachine<Int, Never>.RequestAction) -> Bool {
    if case .none = action { return true }
    return false
  }
}
#endif
