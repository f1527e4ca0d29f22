// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Foundation
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct TestSchedulerTests {
  typealias Stride = DispatchQueue.SchedulerTimeType.Stride

  @Test func workRunsOnlyWhenTimeAdvancesPastItsDate() {
    let scheduler = DispatchQueue.test
    var log: [String] = []
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { log.append("due") }
    #expect(log == [])
    scheduler.advance(by: .milliseconds(999))
    #expect(log == [])
    scheduler.advance(by: .milliseconds(1))
    #expect(log == ["due"])
  }

  @Test func workForTheSameInstantRunsInTheOrderScheduled() {
    let scheduler = DispatchQueue.test
    let instant = scheduler.now.advanced(by: .seconds(2))
    var log: [Int] = []
    scheduler.schedule(after: instant) { log.append(1) }
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { log.append(0) }
    scheduler.schedule(after: instant) { log.append(2) }
    scheduler.schedule(after: instant) { log.append(3) }
    scheduler.advance(by: .seconds(2))
    #expect(log == [0, 1, 2, 3])
  }

  @Test func advanceSetsNowToEachWorkDateWhileRunningItThenToTheTarget() {
    let scheduler = DispatchQueue.test
    let start = scheduler.now
    var seen: [Stride] = []
    scheduler.schedule(after: start.advanced(by: .seconds(1))) { seen.append(start.distance(to: scheduler.now)) }
    scheduler.schedule(after: start.advanced(by: .seconds(3))) { seen.append(start.distance(to: scheduler.now)) }
    scheduler.advance(to: start.advanced(by: .seconds(10)))
    #expect(seen == [.seconds(1), .seconds(3)])
    #expect(start.distance(to: scheduler.now) == .seconds(10))
  }

  @Test func workScheduledWhileAdvancingRunsWhenItFallsDueBeforeTheTarget() {
    let scheduler = DispatchQueue.test
    let start = scheduler.now
    var log: [String] = []
    scheduler.schedule(after: start.advanced(by: .seconds(1))) {
      log.append("first")
      scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { log.append("nested, due at 2") }
      scheduler.schedule(after: scheduler.now.advanced(by: .seconds(5))) { log.append("nested, due at 6") }
    }
    scheduler.advance(by: .seconds(3))
    #expect(log == ["first", "nested, due at 2"])
    scheduler.advance(by: .seconds(3))
    #expect(log == ["first", "nested, due at 2", "nested, due at 6"])
  }

  @Test func immediateWorkWaitsForTheNextAdvance() {
    let scheduler = DispatchQueue.test
    var log: [String] = []
    scheduler.schedule { log.append("now") }
    #expect(log == [])
    scheduler.advance()
    #expect(log == ["now"])
  }

  @Test func repeatingWorkRunsEveryIntervalUntilCancelled() {
    let scheduler = DispatchQueue.test
    let start = scheduler.now
    var ticks: [Stride] = []
    let timer = scheduler.schedule(after: start.advanced(by: .seconds(1)), interval: .seconds(2)) {
      ticks.append(start.distance(to: scheduler.now))
    }
    scheduler.advance(by: .seconds(6))
    #expect(ticks == [.seconds(1), .seconds(3), .seconds(5)])
    timer.cancel()
    scheduler.advance(by: .seconds(10))
    #expect(ticks == [.seconds(1), .seconds(3), .seconds(5)])
  }

  @Test func repeatingWorkCanCancelItselfFromInsideItsAction() {
    let scheduler = DispatchQueue.test
    var count = 0
    var timer: (any Cancellable)?
    timer = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) {
      count += 1
      if count == 3 { timer?.cancel() }
    }
    scheduler.advance(by: .seconds(10))
    #expect(count == 3)
  }

  @Test func aRepetitionIsOrderedByWhenItWasRequeued() {
    let scheduler = DispatchQueue.test
    let start = scheduler.now
    var log: [String] = []
    let timer = scheduler.schedule(after: start, interval: .seconds(1)) { log.append("tick") }
    // Scheduled after the timer's first run was queued, but before its repetition is.
    scheduler.schedule(after: start.advanced(by: .seconds(1))) { log.append("one-shot") }
    scheduler.advance(by: .seconds(1))
    #expect(log == ["tick", "one-shot", "tick"])
    timer.cancel()
  }

  @Test func droppingTheCancellableOfRepeatingWorkCancelsIt() {
    let scheduler = DispatchQueue.test
    var count = 0
    do {
      let timer = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { count += 1 }
      scheduler.advance(by: .seconds(1))
      withExtendedLifetime(timer) {}
    }
    scheduler.advance(by: .seconds(5))
    #expect(count == 2)
  }

  @Test func runDrainsEverythingAndLeavesTheClockAtTheLastDate() {
    let scheduler = DispatchQueue.test
    let start = scheduler.now
    var log: [Int] = []
    scheduler.schedule(after: start.advanced(by: .seconds(60))) {
      log.append(60)
      scheduler.schedule(after: scheduler.now.advanced(by: .seconds(30))) { log.append(90) }
    }
    scheduler.schedule(after: start.advanced(by: .seconds(10))) { log.append(10) }
    scheduler.run()
    #expect(log == [10, 60, 90])
    #expect(start.distance(to: scheduler.now) == .seconds(90))
  }

  @Test func timeNeverGoesBackwards() {
    let scheduler = DispatchQueue.test
    let start = scheduler.now
    scheduler.advance(by: .seconds(5))
    var ran = false
    scheduler.schedule(after: start.advanced(by: .seconds(1))) { ran = true }
    scheduler.advance(to: start)
    #expect(ran)
    #expect(start.distance(to: scheduler.now) == .seconds(5))
  }

  @Test func workScheduledFromManyThreadsAllRuns() {
    let scheduler = DispatchQueue.test
    let counter = LockedState.make(0)
    DispatchQueue.concurrentPerform(iterations: 1_000) { index in
      scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(index % 10))) {
        counter.withLock { $0 += 1 }
      }
    }
    scheduler.advance(by: .seconds(1))
    #expect(counter.withLock { $0 } == 1_000)
  }

  @Test func factoriesStartAtFixedInstants() {
    #expect(DispatchQueue.test.now == DispatchQueue.SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1)))
    #expect(RunLoop.test.now == RunLoop.SchedulerTimeType(Date(timeIntervalSince1970: 0)))
    #expect(OperationQueue.test.now == OperationQueue.SchedulerTimeType(Date(timeIntervalSince1970: 0)))
    let scheduler = RunLoop.test
    scheduler.advance(by: .milliseconds(1500))
    #expect(scheduler.now.date.timeIntervalSince1970 == 1.5)
  }
}
