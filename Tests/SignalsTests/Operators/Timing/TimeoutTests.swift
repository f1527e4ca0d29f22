// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct TimeoutTests {
  @Test func aSilenceLongerThanTheIntervalFailsWithTheCustomErrorAndCancelsUpstream() {
    let scheduler = DispatchQueue.test
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.timeout(.seconds(5), scheduler: scheduler, customError: { TestError(id: 408) }).subscribe(recorder)
    scheduler.advance(by: .milliseconds(4999))
    #expect(recorder.events == [.subscription])
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 408)))])
    #expect(upstream.subscription.isCancelled)
  }

  @Test func withoutACustomErrorItFinishes() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    subject.timeout(.seconds(1), scheduler: scheduler).subscribe(recorder)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func eachValueRestartsTheClockAndIsDeliveredOnTheScheduler() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    subject.timeout(.seconds(1), scheduler: scheduler).subscribe(recorder)
    scheduler.advance(by: .milliseconds(900))
    subject.send(1)
    #expect(recorder.values == [])
    scheduler.advance(by: .milliseconds(900))
    subject.send(2)
    scheduler.advance(by: .milliseconds(900))
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    scheduler.advance(by: .milliseconds(100))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test func theCustomErrorComesTheIntervalAfterTheLastValue() {
    // One tick is 100 ms; the timeout is 1 s (10 ticks) after the subscription or the last value.
    let scheduler = DispatchQueue.test
    let input = scheduler.publisher(marbles: "---------a--------b", tick: .milliseconds(100))
    let output = scheduler.record(
      input.timeout(.seconds(1), scheduler: scheduler, customError: { MarbleError() }), tick: .milliseconds(100))
    scheduler.advance(by: .seconds(5))
    #expect(output.diagram == "---------a--------b---------#")
  }

  @Test func aCompletionInTimeStopsTheClock() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    subject.timeout(.seconds(1), scheduler: scheduler, customError: { TestError(id: 1) }).subscribe(recorder)
    subject.send(completion: .failure(TestError(id: 2)))
    scheduler.advance(by: .seconds(10))
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 2)))])
  }

  @Test func demandGoesStraightUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(2))
    upstream.timeout(.seconds(1), scheduler: DispatchQueue.test).subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.max(2))])
  }

  @Test func keepsTheContract() {
    checkOperatorContract(skipping: .demandAccounting) { $0.timeout(1, scheduler: NoDeadlineScheduler()) }
  }
}

/// Runs immediate work at once and never reaches a deadline, so the contract check sees the
/// operator without its clock running out.
private struct NoDeadlineScheduler: Scheduler {
  typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
  typealias SchedulerOptions = Never

  var now: SchedulerTimeType { SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1)) }
  var minimumTolerance: SchedulerTimeType.Stride { .zero }

  func schedule(options: Never?, _ action: @escaping () -> Void) {
    action()
  }

  func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?, _ action: @escaping () -> Void
  ) {}

  func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: Never?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    Subscriptions.empty
  }

  @Test func theClockIsARepeatingTimerArmedAtSubscriptionAtTheFirstRequestAndForEachValue() {
    let scheduler = RecordingScheduler()
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(recorder)
    let arm = [
      RecordingScheduler.Call.now, .minimumTolerance, .scheduleRepeating(after: .seconds(1), interval: .seconds(1)),
    ]
    #expect(scheduler.calls == arm + arm)
    #expect(scheduler.runningTimers == 1)
    upstream.send(1)
    #expect(scheduler.calls == arm + arm + arm + [.schedule])
    #expect(scheduler.runningTimers == 1)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
    #expect(scheduler.runningTimers == 0)
  }

  @Test func valuesBeyondDemandAreForwardedAsInCombine() {
    let scheduler = DispatchQueue.test
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    scheduler.advance()
    #expect(recorder.values == [1, 2])
  }

  @Test func cancelBeforeTheSubscriptionDoesNothing() {
    checkCancelBeforeSubscriptionDoesNothing { $0.timeout(.seconds(1), scheduler: DispatchQueue.test) }
  }

  #if compiler(>=6.2)
  @Test func aSchedulerThatRunsTheTimerAtOnceIsAMisuseThatTraps() async {
    // Combine stops too: the clock would run out before the subscriber has its subscription.
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let subject = PassthroughSubject<Int, Never>()
      let cancellable = subject.timeout(.seconds(1), scheduler: ImmediateScheduler.shared).sink { _ in }
      withExtendedLifetime(cancellable) {}
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("timeout(_:scheduler:) needs a scheduler that runs its timer later"))
  }
  #endif
}
