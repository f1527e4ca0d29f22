// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
import SignalsTesting
import Testing

struct SchedulerTests {
  @Test func conveniencesWithoutOptionsOrToleranceScheduleTheSameWork() {
    let scheduler = DispatchQueue.test
    let start = scheduler.now
    var log: [String] = []
    scheduler.schedule { log.append("now") }
    scheduler.schedule(after: start.advanced(by: .seconds(1))) { log.append("after") }
    scheduler.schedule(after: start.advanced(by: .seconds(2)), tolerance: .zero) { log.append("tolerance") }
    let first = scheduler.schedule(after: start.advanced(by: .seconds(3)), interval: .seconds(10)) {
      log.append("repeat")
    }
    let second = scheduler.schedule(after: start.advanced(by: .seconds(4)), interval: .seconds(10), tolerance: .zero) {
      log.append("repeat with tolerance")
    }
    scheduler.advance(by: .seconds(4))
    #expect(log == ["now", "after", "tolerance", "repeat", "repeat with tolerance"])
    first.cancel()
    second.cancel()
  }
}
