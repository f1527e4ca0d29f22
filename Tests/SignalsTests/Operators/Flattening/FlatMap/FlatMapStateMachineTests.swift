// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
import Testing

@testable import Signals
@testable import SignalsCombine

struct FlatMapStateMachineTests {
  private typealias Machine = FlatMapStateMachine

  /// A machine subscribed to its upstream, with one subscribed inner (id 0).
  private func running(maxPublishers: Subscribers.Demand = .unlimited) -> (Machine, TestSubscription, TestSubscription)
  {
    var machine = Machine(maxPublishers: maxPublishers)
    let upstream = TestSubscription()
    let inner = TestSubscription()
    guard case .request(let demand) = machine.receivedUpstreamSubscription(upstream) else {
      Issue.record("the first upstream subscription is kept")
      return (machine, upstream, inner)
    }
    #expect(demand == maxPublishers)
    #expect(machine.receivedUpstreamValue() == 0)
    guard case .request(let innerDemand) = machine.receivedInnerSubscription(inner, id: 0) else {
      Issue.record("the inner subscription is kept")
      return (machine, upstream, inner)
    }
    #expect(innerDemand == .max(1), "no downstream demand yet: one value at a time")
    return (machine, upstream, inner)
  }

  @Test func secondSubscriptionsAreCancelled() {
    var (machine, _, _) = running()
    guard case .cancel = machine.receivedUpstreamSubscription(TestSubscription()) else {
      Issue.record("a second upstream subscription must be cancelled")
      return
    }
    guard case .cancel = machine.receivedInnerSubscription(TestSubscription(), id: 0) else {
      Issue.record("a second inner subscription must be cancelled")
      return
    }
    guard case .cancel = machine.receivedInnerSubscription(TestSubscription(), id: 42) else {
      Issue.record("an unknown inner must be cancelled")
      return
    }
  }

  @Test func aValueWithDemandAndAFreeTokenIsDeliveredAtOnce() {
    var (machine, _, _) = running()
    _ = machine.requested(.max(2))
    #expect(machine.receivedInnerValue(id: 0) == .deliver(returning: .max(1)), "expected a direct delivery")
    #expect(machine.demand == .max(1))
    // The token is held: another value waits.
    #expect(machine.receivedInnerValue(id: 0) == .buffer, "the token is held: the value waits")
    guard case .deliver(let refill, _) = machine.nextDelivery(adding: .none) else {
      Issue.record("the holder delivers the buffered value")
      return
    }
    #expect(refill != nil, "its inner is asked for one more")
    guard case .none = machine.nextDelivery(adding: .none) else {
      Issue.record("nothing left: the token is given back")
      return
    }
  }

  @Test func aRequestForBufferedValuesTakesTheToken() {
    var (machine, _, _) = running()
    #expect(machine.receivedInnerValue(id: 0) == .buffer, "no demand: buffered")
    #expect(machine.bufferedCount == 1)
    let outcome = machine.requested(.max(1))
    #expect(outcome.drain)
    #expect(machine.requested(.max(1)).drain == false, "the token is already taken")
  }

  @Test func demandBecomingUnlimitedAsksEveryInnerForUnlimited() {
    var (machine, _, inner) = running()
    let outcome = machine.requested(.unlimited)
    #expect(outcome.unlimitedInners.count == 1)
    #expect((outcome.unlimitedInners.first as? TestSubscription) === inner)
    #expect(machine.requested(.max(1)).unlimitedInners.isEmpty, "only on the change")
  }

  @Test func aFinishedInnerAsksTheUpstreamForOneMoreWhenMaxPublishersIsLimited() {
    var (machine, upstream, _) = running(maxPublishers: .max(1))
    let outcome = machine.receivedInnerCompletion(.finished, id: 0)
    #expect((outcome.requestUpstream as? TestSubscription) === upstream)
    #expect(!outcome.drain)
    #expect(machine.innerCount == 0)
  }

  @Test func finishingWaitsForTheBufferToEmpty() {
    var (machine, _, _) = running()
    _ = machine.receivedInnerValue(id: 0)
    #expect(!machine.receivedUpstreamCompletion(.finished).drain)
    #expect(!machine.receivedInnerCompletion(.finished, id: 0).drain, "a value still waits")
    #expect(machine.requested(.max(1)).drain)
    guard case .deliver(let refill, _) = machine.nextDelivery(adding: .none) else {
      Issue.record("the buffered value first")
      return
    }
    #expect(refill == nil, "its inner is gone")
    guard case .complete(.finished) = machine.nextDelivery(adding: .none) else {
      Issue.record("then the completion")
      return
    }
    #expect(machine.hasEnded)
  }

  @Test func aFailureWhileTheTokenIsHeldWaitsForTheHolder() {
    var (machine, upstream, _) = running()
    _ = machine.requested(.unlimited)
    #expect(machine.receivedInnerValue(id: 0) == .deliver(returning: .none), "delivered at once")
    let outcome = machine.receivedUpstreamCompletion(.failed)
    #expect(!outcome.drain, "the holder delivers it")
    #expect(outcome.keepsFailure, "the storage keeps the error for the holder")
    #expect(outcome.cancel.count == 1, "the inner is cancelled")
    #expect(!(outcome.cancel.contains { ($0 as? TestSubscription) === upstream }))
    guard case .complete(.failed) = machine.nextDelivery(adding: .none) else {
      Issue.record("the failure reaches the subscriber after the value")
      return
    }
  }

  @Test func cancelTakesEverySubscriptionAndTheBuffer() {
    var (machine, _, _) = running()
    _ = machine.receivedInnerValue(id: 0)
    #expect(machine.receivedUpstreamValue() == 1)
    let outcome = machine.cancelled()
    #expect(outcome.cancel.count == 2, "the upstream and the subscribed inner")
    #expect(outcome.dropsBuffer, "the waiting value is dropped")
    #expect(machine.bufferedCount == 0)
    #expect(machine.receivedUpstreamValue() == nil)
    #expect(machine.cancelled().cancel.isEmpty, "cancelling twice does nothing")
  }
}
#endif
