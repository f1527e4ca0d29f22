// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import Testing

@testable import SignalsExt

struct SerialBacklogTests {
  private typealias Delivery = SerialBacklog<Int, TestError>

  private func delivered(_ start: Delivery.Start) -> Int? {
    if case .deliver(let output) = start { return output }
    return nil
  }

  private func isNone(_ start: Delivery.Start) -> Bool {
    if case .none = start { return true }
    return false
  }

  private func delivered(_ next: Delivery.Next) -> Int? {
    if case .deliver(let output) = next { return output }
    return nil
  }

  private func isNone(_ next: Delivery.Next) -> Bool {
    if case .none = next { return true }
    return false
  }

  private func completion(_ next: Delivery.Next) -> Subscribers.Completion<TestError>? {
    if case .complete(let completion) = next { return completion }
    return nil
  }

  @Test func theSubscribingCallerHoldsTheTokenUntilItAsksForTheNextDelivery() {
    var delivery = Delivery()
    #expect(isNone(delivery.made(1)), "the output waits for the subscription")
    #expect(delivered(delivery.next()) == 1)
    #expect(isNone(delivery.next()), "the token is given back")
  }

  @Test func anOutputMadeWithTheTokenFreeAndNothingWaitingGoesToItsMaker() {
    var delivery = Delivery()
    #expect(isNone(delivery.next()))
    #expect(delivered(delivery.made(1)) == 1)
    #expect(isNone(delivery.made(2)), "the holder delivers it")
    #expect(delivered(delivery.next()) == 2)
    #expect(isNone(delivery.next()))
  }

  @Test func theCompletionFollowsTheBacklogAndEndsTheDelivery() {
    var delivery = Delivery()
    _ = delivery.made(1)
    delivery.complete(.failure(TestError(id: 2)))
    #expect(delivered(delivery.next()) == 1)
    #expect(completion(delivery.next()) == .failure(TestError(id: 2)))
    #expect(delivery.isTerminal)
    #expect(isNone(delivery.next()))
    #expect(delivery.cancel() == nil, "a cancel after the completion changes nothing")
  }

  @Test func aCompletionDecidedWhileTheTokenIsFreeIsClaimed() {
    var delivery = Delivery()
    #expect(isNone(delivery.next()))
    #expect(isNone(delivery.claim()), "nothing waits")
    delivery.complete(.finished)
    guard case .drain = delivery.claim() else {
      Issue.record("expected the token")
      return
    }
    #expect(isNone(delivery.claim()), "already taken")
    #expect(completion(delivery.next()) == .finished)
  }

  @Test func aCancelDropsTheBacklogAndACompletionAlreadyDecided() {
    var delivery = Delivery()
    _ = delivery.made(1)
    _ = delivery.made(2)
    delivery.complete(.finished)
    #expect(delivery.cancel()?.compactMap { $0 } == [1, 2])
    #expect(isNone(delivery.next()))
    #expect(delivery.cancel() == nil)
  }
}
