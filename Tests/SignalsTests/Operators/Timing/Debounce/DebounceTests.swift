// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct DebounceTests {
  @Test func publishesTheLastValueOfABurstOnceTheUpstreamIsQuiet() {
    // One tick is 100 ms: a burst 100 ms apart, then 300 ms of quiet.
    let scheduler = DispatchQueue.test
    let input = scheduler.publisher(marbles: "abc", tick: .milliseconds(100))
    let output = scheduler.record(
      input.debounce(for: .milliseconds(300), scheduler: scheduler), tick: .milliseconds(100))
    scheduler.advance(by: .seconds(2))
    #expect(output.diagram == "-----c")
  }

  @Test func valuesFartherApartThanTheDueTimeAllPass() {
    let scheduler = DispatchQueue.test
    let input = scheduler.publisher(marbles: "a-b-c", tick: .seconds(1))
    let output = scheduler.record(input.debounce(for: .seconds(1), scheduler: scheduler), tick: .seconds(1))
    scheduler.advance(by: .seconds(10))
    #expect(output.diagram == "-a-b-c")
  }

  @Test func aValueStillWaitingWhenTheUpstreamFinishesIsDropped() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription])  // the completion goes through the scheduler
    scheduler.advance()
    #expect(recorder.events == [.subscription, .completion(.finished)])
    scheduler.advance(by: .seconds(5))
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func aFailureIsDeliveredOnTheSchedulerAtOnce() {
    // One tick is 100 ms: the failure comes half-way through the due time of `a`.
    let scheduler = DispatchQueue.test
    let input = scheduler.publisher(marbles: "a----#", tick: .milliseconds(100))
    let output = scheduler.record(input.debounce(for: .seconds(1), scheduler: scheduler), tick: .milliseconds(100))
    scheduler.advance(by: .seconds(3))
    #expect(output.diagram == "-----#")
  }

  @Test func aValueFallingDueWithoutDemandIsDropped() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    subject.send(1)
    scheduler.advance(by: .seconds(1))
    recorder.request(.max(1))
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.subscription])
    subject.send(2)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func asksTheUpstreamForUnlimitedValuesAfterSubscribingDownstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    upstream.debounce(for: .seconds(1), scheduler: DispatchQueue.test).subscribe(recorder)
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.events == [.requested(.unlimited)])
  }

  @Test func cancellingDropsThePendingValueAndCancelsUpstream() {
    let scheduler = DispatchQueue.test
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    upstream.send(1)
    recorder.cancel()
    scheduler.advance(by: .seconds(2))
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.isCancelled)
  }

  @Test func keepsTheContract() {
    checkOperatorContract { $0.debounce(for: 1, scheduler: ImmediateScheduler.shared) }
  }

  @Test func eachValueArmsARepeatingTimerThatIsStoppedOnceItFires() {
    // As in Combine: a value arms `schedule(after:interval:tolerance:options:)` with the due time as
    // both delay and interval; a newer value, the delivery or the completion cancels it.
    let scheduler = RecordingScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    subject.send(1)
    #expect(
      scheduler.calls == [.now, .minimumTolerance, .scheduleRepeating(after: .seconds(1), interval: .seconds(1))])
    #expect(scheduler.runningTimers == 1)
    scheduler.advance(by: .milliseconds(500))
    subject.send(2)
    #expect(scheduler.runningTimers == 1)
    scheduler.advance(by: .seconds(5))
    #expect(recorder.values == [2])
    #expect(scheduler.runningTimers == 0)
    subject.send(3)
    subject.send(completion: .finished)
    #expect(scheduler.runningTimers == 0)
    #expect(scheduler.calls.last == .schedule)
  }

  @Test func theSubscriptionDescribesItselfAsCombineDoes() {
    let recorder = TestSubscriber<Int, Never>()
    PassthroughSubject<Int, Never>().debounce(for: .seconds(1), scheduler: DispatchQueue.test).subscribe(recorder)
    let subscription = recorder.subscription
    #expect(subscription.map { String(describing: $0) } == "Debounce")
    let labels = subscription.map { Mirror(reflecting: $0).children.map(\.label) }
    #expect(labels == ["downstream", "downstreamDemand", "currentValue"])
  }
}
