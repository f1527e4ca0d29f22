// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct ThrottleTests {
  @Test(arguments: [(true, "a----d"), (false, "a----b")])
  func publishesTheFirstValueAtOnceThenOneValuePerWindow(latest: Bool, expected: MarbleDiagram) {
    // One tick is 200 ms; the window is 1 s (5 ticks).
    let scheduler = DispatchQueue.test
    let input = scheduler.publisher(marbles: "abcd", tick: .milliseconds(200))
    let throttled = input.throttle(for: .seconds(1), scheduler: scheduler, latest: latest)
    let output = scheduler.record(throttled, tick: .milliseconds(200))
    scheduler.advance(by: .seconds(4))
    #expect(output.diagram == expected)
  }

  @Test func theFirstValueIsDeliveredOnTheScheduler() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)
    subject.send(1)
    #expect(recorder.events == [.subscription])
    scheduler.advance()
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func aValueAfterAQuietWindowGoesOutAtOnce() {
    let scheduler = DispatchQueue.test
    let start = scheduler.now
    let subject = PassthroughSubject<Int, Never>()
    // Nanoseconds: Apple's `DispatchQueue.SchedulerTimeType.Stride` is not `Sendable`.
    let times = LockedState.make([Int]())
    let recorder = TestSubscriber<Int, Never>(onValue: { _ in
      times.withLock { $0.append(start.distance(to: scheduler.now).magnitude) }
    })
    subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)
    subject.send(1)
    scheduler.advance(by: .seconds(5))
    subject.send(2)
    scheduler.advance()
    #expect(recorder.values == [1, 2])
    #expect(times.withLock { $0 } == [0, 5_000_000_000])
  }

  @Test func aCompletionFollowsAHeldValueAtItsTime() {
    // One tick is 100 ms: `a` opens a 1 s window, `b` is held to its end and the finish follows it.
    let scheduler = DispatchQueue.test
    let input = scheduler.publisher(marbles: "a(b|)", tick: .milliseconds(100))
    let throttled = input.throttle(for: .seconds(1), scheduler: scheduler, latest: true)
    let output = scheduler.record(throttled, tick: .milliseconds(100))
    scheduler.advance(by: .seconds(3))
    #expect(output.diagram == "a---------(b|)")
  }

  @Test func aCompletionWithNothingHeldIsDeliveredAtOnceOnTheScheduler() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    subject.throttle(for: .seconds(1), scheduler: scheduler, latest: false).subscribe(recorder)
    subject.send(completion: .failure(TestError()))
    #expect(recorder.events == [.subscription])
    scheduler.advance()
    #expect(recorder.events == [.subscription, .completion(.failure(TestError()))])
  }

  @Test func aValueArrivingWithoutDemandIsDropped() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)
    subject.send(1)
    scheduler.advance(by: .seconds(2))
    recorder.request(.max(1))
    subject.send(2)
    scheduler.advance(by: .seconds(2))
    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func cancellingDropsTheHeldValue() {
    let scheduler = DispatchQueue.test
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.unlimited)])
    upstream.send(1)
    recorder.cancel()
    scheduler.advance(by: .seconds(2))
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.isCancelled)
  }

  @Test func keepsTheContract() {
    checkOperatorContract { $0.throttle(for: 1, scheduler: ImmediateScheduler.shared, latest: true) }
  }

  @Test func readsTheClockAsCombineDoes() {
    // Combine reads `now` when subscribed, on the subscription, on each value and on each emitted
    // value, and schedules an immediate emission with `schedule(options:)`.
    let scheduler = RecordingScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)
    #expect(scheduler.calls == [.now, .now])
    subject.send(1)
    #expect(scheduler.calls == [.now, .now, .now, .schedule])
    scheduler.advance()
    #expect(scheduler.calls == [.now, .now, .now, .schedule, .now])
    subject.send(2)
    #expect(
      scheduler.calls == [.now, .now, .now, .schedule, .now, .now, .minimumTolerance, .scheduleAfter(.seconds(1))])
    #expect(recorder.values == [1])
  }

  @Test func cancellingReleasesTheSubscriber() {
    // A subscriber that keeps its subscription must not be kept alive by it once cancelled.
    weak var released: TestSubscriber<Int, Never>?
    var subscription: (any Subscription)?
    do {
      let subject = PassthroughSubject<Int, Never>()
      let recorder = TestSubscriber<Int, Never>()
      subject.throttle(for: .seconds(1), scheduler: ImmediateScheduler.shared, latest: true).subscribe(recorder)
      subscription = recorder.subscription
      released = recorder
    }
    #expect(released != nil)
    subscription?.cancel()
    #expect(released == nil)
  }
}
