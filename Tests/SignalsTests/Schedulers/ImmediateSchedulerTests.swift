// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct ImmediateSchedulerTests {
  @Test func runsEveryKindOfScheduleAtOnceOnTheCallingThread() {
    let scheduler = ImmediateScheduler.shared
    var log: [String] = []
    scheduler.schedule { log.append("now") }
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(10))) { log.append("later") }
    let repeating = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { log.append("once") }
    repeating.cancel()
    #expect(log == ["now", "later", "once"])
  }

  @Test func timeDoesNotPass() {
    let now = ImmediateScheduler.shared.now
    #expect(now.distance(to: now.advanced(by: 5)) == 0)
    #expect(ImmediateScheduler.SchedulerTimeType.Stride.seconds(3) == 0)
    #expect(ImmediateScheduler.SchedulerTimeType.Stride(7) + 2 == 9)
  }

  @Test func receiveOnItDeliversSynchronously() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    subject.receive(on: ImmediateScheduler.shared).subscribe(recorder)
    subject.send(1)
    #expect(recorder.events == [.subscription, .value(1)])
  }
}
