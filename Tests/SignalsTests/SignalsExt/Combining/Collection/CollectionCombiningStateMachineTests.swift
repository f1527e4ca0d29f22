// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import Testing

@testable import SignalsExt

struct CollectionCombiningStateMachineTests {
  private typealias Machine = CollectionCombiningStateMachine<Int, TestError>

  /// A machine whose subscriber has its subscription and whose inputs are all subscribed.
  private func running(_ mode: Machine.Mode, count: Int) -> (Machine, [TestSubscription]) {
    var machine = Machine(mode: mode, count: count)
    let subscriptions = (0..<count).map { _ in TestSubscription() }
    for index in 0..<count { _ = machine.receivedSubscription(subscriptions[index], at: index) }
    #expect(isNone(machine.nextDelivery(adding: .none).next))
    return (machine, subscriptions)
  }

  private func delivered(_ effects: Machine.Effects?) -> [Int]? {
    if case .deliver(let output) = effects?.start { return output }
    return nil
  }

  private func isNone(_ next: SerialBacklog<[Int], TestError>.Next) -> Bool {
    if case .none = next { return true }
    return false
  }

  private func delivered(_ next: SerialBacklog<[Int], TestError>.Next) -> [Int]? {
    if case .deliver(let output) = next { return output }
    return nil
  }

  private func completion(_ next: SerialBacklog<[Int], TestError>.Next) -> Subscribers.Completion<TestError>? {
    if case .complete(let completion) = next { return completion }
    return nil
  }

  private func cancelled(_ effects: Machine.Effects) -> [ObjectIdentifier] {
    effects.cancel.map { ObjectIdentifier($0 as AnyObject) }
  }

  @Test func combineLatestMakesAnArrayOnlyForValuesThatArriveWithDemand() {
    var (machine, _) = running(.combineLatest, count: 2)
    #expect(delivered(machine.receivedValue(1, at: 0)) == nil, "input 1 has no value yet")
    #expect(delivered(machine.receivedValue(2, at: 1)) == nil, "no demand: the value only updates the latest")
    #expect(machine.requested(.max(1)).upstreamDemand == .max(1))
    #expect(machine.demand == .max(1), "demand alone does not replay a combination")
    let effects = machine.receivedValue(3, at: 0)
    #expect(delivered(effects) == [3, 2])
    #expect(effects?.released.value == 1, "the displaced latest value is released after unlocking")
    #expect(machine.demand == .none)
  }

  @Test func combineLatestStopsPassingDemandOnOnceItIsUnlimited() {
    var (machine, _) = running(.combineLatest, count: 2)
    #expect(machine.requested(.unlimited).upstreamDemand == .unlimited)
    #expect(machine.requested(.max(1)).upstreamDemand == .none)
  }

  @Test func aLateInputIsAskedForEverythingRequestedSoFar() {
    var machine = Machine(mode: .zip, count: 2)
    _ = machine.receivedSubscription(TestSubscription(), at: 0)
    _ = machine.requested(.max(2))
    _ = machine.requested(.max(3))
    guard case .request(let demand) = machine.receivedSubscription(TestSubscription(), at: 1) else {
      Issue.record("expected a request")
      return
    }
    #expect(demand == .max(5))
    guard case .cancel = machine.receivedSubscription(TestSubscription(), at: 1) else {
      Issue.record("a second subscription is cancelled")
      return
    }
  }

  @Test func zipTakesTheOldestValuesWhileEveryInputHoldsOneAndDemandLasts() {
    var (machine, _) = running(.zip, count: 2)
    _ = machine.requested(.max(1))
    _ = machine.receivedValue(1, at: 0)
    _ = machine.receivedValue(2, at: 0)
    #expect(delivered(machine.receivedValue(10, at: 1)) == [1, 10])
    #expect(delivered(machine.receivedValue(20, at: 1)) == nil, "out of demand")
    #expect(isNone(machine.nextDelivery(adding: .none).next), "the token is given back")
    #expect(delivered(machine.requested(.max(5))) == [2, 20])
  }

  @Test func zipReturnsDemandRequestedWhileAnInputsValueIsHandledToThatInput() {
    var (machine, subscriptions) = running(.zip, count: 2)
    _ = machine.receivedValue(1, at: 0)
    // A request from inside input 0's `receive(_:)`: owed to input 0, requested from input 1.
    let requested = machine.requested(.max(2))
    #expect(requested.upstreamDemand == .max(2))
    let first = machine.requestTarget(at: 0, demand: .max(2))
    let second = machine.requestTarget(at: 1, demand: .max(2))
    #expect(first == nil)
    #expect(second as AnyObject? === subscriptions[1])
    let owed = machine.finishedReceiving(at: 0)
    #expect(owed == .max(2))
    let afterwards = machine.requestTarget(at: 0, demand: .max(1))
    #expect(afterwards as AnyObject? === subscriptions[0])
  }

  @Test func zipFinishesWhenAFinishedInputHasNothingLeftToPair() {
    var (machine, subscriptions) = running(.zip, count: 2)
    _ = machine.requested(.unlimited)
    _ = machine.receivedValue(1, at: 0)
    let finished = machine.receivedCompletion(.finished, at: 0)
    #expect(finished.cancel.isEmpty, "input 0 still holds a value")
    #expect(finished.released.subscription as AnyObject? === subscriptions[0])
    let effects = machine.receivedValue(10, at: 1)
    #expect(delivered(effects) == [1, 10])
    #expect(cancelled(effects!) == [ObjectIdentifier(subscriptions[1])])
    #expect(machine.hasEnded)
    #expect(completion(machine.nextDelivery(adding: .none).next) == .finished)
  }

  @Test func combineLatestFinishesOnceEveryInputHasFinished() {
    var (machine, _) = running(.combineLatest, count: 2)
    _ = machine.receivedCompletion(.finished, at: 0)
    #expect(!machine.hasEnded)
    let effects = machine.receivedCompletion(.finished, at: 1)
    guard case .drain = effects.start else {
      Issue.record("the completion is claimed by the caller")
      return
    }
    #expect(completion(machine.nextDelivery(adding: .none).next) == .finished)
  }

  @Test func theFirstFailureCancelsEveryInputTheFailedOneFirst() {
    var (machine, subscriptions) = running(.combineLatest, count: 3)
    let effects = machine.receivedCompletion(.failure(TestError(id: 1)), at: 1)
    #expect(cancelled(effects) == [1, 0, 2].map { ObjectIdentifier(subscriptions[$0]) })
    #expect(machine.receivedValue(1, at: 0) == nil, "an ended operator keeps nothing")
    #expect(machine.receivedCompletion(.failure(TestError(id: 2)), at: 0).cancel.isEmpty)
    #expect(completion(machine.nextDelivery(adding: .none).next) == .failure(TestError(id: 1)))
  }

  @Test func aCancelDropsTheBacklogAndAPendingCompletion() {
    var machine = Machine(mode: .zip, count: 1)
    let subscription = TestSubscription()
    _ = machine.receivedSubscription(subscription, at: 0)
    _ = machine.requested(.unlimited)
    _ = machine.receivedValue(1, at: 0)
    _ = machine.receivedCompletion(.finished, at: 0)
    // The subscribing caller still holds the token: `[1]` and the completion wait.
    let effects = machine.cancelled()
    #expect(effects.released.outputs?.compactMap { $0 } == [[1]])
    #expect(effects.cancel.isEmpty, "the input had finished")
    #expect(isNone(machine.nextDelivery(adding: .none).next))
    #expect(machine.cancelled().cancel.isEmpty)
  }

  @Test func noInputsFinishAtOnce() {
    var machine = Machine(mode: .combineLatest, count: 0)
    #expect(completion(machine.nextDelivery(adding: .max(1)).next) == .finished)
  }
}
