// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import Testing

/// The package-level counter behind `TestScheduler.advanceAndSettle`, tested directly.
struct WorkTrackerTests {
  @Test func noTicketIsTakenWithoutACurrentTracker() {
    #expect(WorkTracker.begin() == nil)
  }

  @Test func aTicketCountsUntilItIsFreed() {
    let tracker = WorkTracker()
    var ticket = WorkTracker.$current.withValue(tracker) { WorkTracker.begin() }
    #expect(ticket != nil)
    #expect(tracker.busyCount == 1)
    ticket = nil
    #expect(tracker.busyCount == 0)
    withExtendedLifetime(ticket) {}
  }

  @Test(timeLimit(minutes: 1)) func waitingReturnsOnceTheLastTicketIsFreed() async {
    let tracker = WorkTracker()
    var tickets = WorkTracker.$current.withValue(tracker) { [WorkTracker.begin(), WorkTracker.begin()] }
    let released = Task {
      await tracker.waitUntilIdle()
      return tracker.busyCount
    }
    tickets.removeAll()
    #expect(await released.value == 0)
    #expect(tickets.isEmpty)
  }

  @Test func workStartedWhilePerformingATicketIsCountedByItsTracker() {
    let tracker = WorkTracker()
    let ticket = WorkTracker.$current.withValue(tracker) { WorkTracker.begin() }
    let inner = WorkTicket.perform(ticket) { WorkTracker.begin() }
    #expect(tracker.busyCount == 2)
    withExtendedLifetime(ticket) {}
    withExtendedLifetime(inner) {}
  }

  @Test(timeLimit(minutes: 1)) func waitingWhenIdleReturnsAtOnce() async {
    await WorkTracker().waitUntilIdle()
  }
}
