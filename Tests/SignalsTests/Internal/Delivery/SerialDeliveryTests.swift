// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport
import Testing

/// The rules of the one serial-delivery primitive, each once (see `SerialDelivery`'s doc).
struct SerialDeliveryTests {
  let first = ThreadIdentity(rawValue: 1)
  let second = ThreadIdentity(rawValue: 2)

  @Test func theFirstCallerTakesTheTokenAndGivesItBackWhenNothingIsOwed() {
    var delivery = SerialDelivery(.nested)
    #expect(!delivery.isDelivering)
    #expect(delivery.enter(on: first) == .deliver)
    #expect(delivery.isDelivering)
    #expect(delivery.next() == .none)
    #expect(!delivery.isDelivering)
    #expect(delivery.enter(on: second) == .deliver)
  }

  @Test func anotherThreadsDeliveryIsOwedByTheHolderAndMadeBeforeTheTokenIsGivenBack() {
    var delivery = SerialDelivery(.nested)
    #expect(delivery.enter(on: first) == .deliver)
    #expect(delivery.enter(on: second) == .queued)
    #expect(delivery.enter(on: second) == .queued)
    #expect(delivery.backlog == 2)
    #expect(delivery.next() == .deliver)
    #expect(delivery.next() == .deliver)
    #expect(delivery.next() == .none)
    #expect(delivery.backlog == 0)
  }

  @Test(arguments: [SerialDelivery.Reentrancy.nested, .queued])
  func theHoldersOwnCallFollowsTheReentrancyRule(_ reentrancy: SerialDelivery.Reentrancy) {
    var delivery = SerialDelivery(reentrancy)
    #expect(delivery.enter(on: first) == .deliver)
    switch reentrancy {
    case .nested:
      #expect(delivery.enter(on: first) == .deliverNested)
      #expect(delivery.backlog == 0)
    case .queued:
      #expect(delivery.enter(on: first) == .queued)
      #expect(delivery.backlog == 1)
      #expect(delivery.next() == .deliver)
    }
    #expect(delivery.next() == .none)
  }

  @Test func severalDeliveriesAtOnceLeaveTheRestToTheHolder() {
    var delivery = SerialDelivery(.nested)
    #expect(delivery.enter(on: first, count: 2) == .deliver)
    #expect(delivery.backlog == 1)
    #expect(delivery.enter(on: second, count: 2) == .queued)
    #expect(delivery.backlog == 3)
  }

  @Test func afterCloseNothingIsDeliveredAndTheHolderGivesTheTokenBack() {
    var delivery = SerialDelivery(.nested)
    #expect(delivery.enter(on: first) == .deliver)
    #expect(delivery.enter(on: second) == .queued)
    delivery.close()
    #expect(delivery.closed)
    #expect(delivery.enter(on: second) == .closed)
    #expect(delivery.enter(on: first) == .closed)
    #expect(delivery.next() == .none)
    #expect(!delivery.isDelivering)
  }

  @Test func forgettingNeverGoesBelowNothingOwed() {
    var delivery = SerialDelivery(.queued)
    #expect(delivery.enter(on: first) == .deliver)
    #expect(delivery.enter(on: second) == .queued)
    delivery.forget(5)
    #expect(delivery.backlog == 0)
    #expect(delivery.next() == .none)
  }

  @Test func theEndingComesAfterEverythingOwedAndOnlyOnce() {
    var delivery = SerialDelivery(.queued)
    #expect(delivery.enter() == .deliver)
    #expect(delivery.enter() == .queued)
    #expect(delivery.end() == .queued)
    #expect(delivery.hasEnded)
    #expect(delivery.end() == .closed)
    #expect(delivery.next() == .deliver)
    #expect(delivery.next() == .end)
    #expect(delivery.closed)
    #expect(delivery.enter() == .closed)
    #expect(delivery.next() == .none)
    #expect(!delivery.isDelivering)
  }

  @Test func anEndingWithTheTokenFreeIsMadeByItsCaller() {
    var delivery = SerialDelivery(.nested)
    #expect(delivery.end(on: first) == .deliver)
    #expect(delivery.next() == .end)
    #expect(delivery.next() == .none)
  }

  @Test func theHoldersOwnEndingUnderTheNestedRuleIsMadeAtOnceAndForgetsWhatWasOwed() {
    var delivery = SerialDelivery(.nested)
    #expect(delivery.enter(on: first) == .deliver)
    #expect(delivery.enter(on: second) == .queued)
    #expect(delivery.end(on: first) == .deliverNested)
    #expect(delivery.closed)
    #expect(delivery.next() == .none)
  }

  @Test func aCloseForgetsAWaitingEnding() {
    var delivery = SerialDelivery(.queued)
    #expect(delivery.enter() == .deliver)
    #expect(delivery.end() == .queued)
    delivery.close()
    #expect(delivery.next() == .none)
  }

  @Test func joiningCountsNothingWhenTheTokenIsTaken() {
    var delivery = SerialDelivery(.nested)
    #expect(delivery.join(on: first) == .deliver)
    #expect(delivery.join(on: first) == .deliverNested)
    #expect(delivery.join(on: second) == .queued)
    #expect(delivery.backlog == 0)
    #expect(delivery.next() == .none)
  }

  @Test func owingTakesAFreeTokenAndCountsTheDeliveryForTheHolder() {
    var delivery = SerialDelivery(.queued)
    let answer1 = delivery.owe()
    #expect(answer1)
    let answer2 = delivery.owe()
    #expect(!answer2)
    #expect(delivery.backlog == 2)
    #expect(delivery.next() == .deliver)
    #expect(delivery.next() == .deliver)
    #expect(delivery.next() == .none)
  }

  @Test func acquiringFollowsTheOwnersStateAndClaimingOnlyWhatWaits() {
    var delivery = SerialDelivery(.queued)
    let answer3 = delivery.claim()
    #expect(!answer3)  // nothing owed, no ending
    let answer4 = delivery.acquire()
    #expect(answer4)
    let answer5 = delivery.acquire()
    #expect(!answer5)
    #expect(delivery.next() == .none)
    let answer6 = delivery.markEnding()
    #expect(answer6)
    let answer7 = delivery.markEnding()
    #expect(!answer7)
    let answer8 = delivery.claim()
    #expect(answer8)
    #expect(delivery.next() == .end)
    let answer9 = delivery.acquire()
    #expect(!answer9)
  }

  @Test func releasingIfIdleGivesTheTokenBackOnlyWithNothingWaiting() {
    var delivery = SerialDelivery(.nested)
    #expect(delivery.enter(on: first) == .deliver)
    #expect(delivery.enter(on: second) == .queued)
    let answer10 = delivery.releaseIfIdle()
    #expect(!answer10)
    #expect(delivery.next() == .deliver)
    let answer11 = delivery.releaseIfIdle()
    #expect(answer11)
    #expect(!delivery.isDelivering)
  }

  @Test func closingSaysWhoReleasesWhatTheTokenGuards() {
    var free = SerialDelivery(.nested)
    #expect(free.close(on: first) == .closedHolding)
    #expect(free.close(on: first) == .none)

    var underCaller = SerialDelivery(.nested)
    #expect(underCaller.enter(on: first) == .deliver)
    #expect(underCaller.close(on: first) == .closedUnderCaller)

    var underHolder = SerialDelivery(.nested)
    #expect(underHolder.enter(on: first) == .deliver)
    #expect(underHolder.close(on: second) == .closedUnderHolder)
    #expect(underHolder.next() == .none)
  }
}
