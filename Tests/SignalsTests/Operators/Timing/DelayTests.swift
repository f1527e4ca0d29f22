// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct DelayTests {
  @Test func eachEventArrivesTheIntervalAfterItWasSent() {
    // One tick is 500 ms; the delay is 1 s (2 ticks).
    let scheduler = DispatchQueue.test
    let input = scheduler.publisher(marbles: "a(b|)", tick: .milliseconds(500))
    let output = scheduler.record(input.delay(for: .seconds(1), scheduler: scheduler), tick: .milliseconds(500))
    scheduler.advance(by: .seconds(5))
    #expect(output.diagram == "--a(b|)")
  }

  @Test func failuresAreDelayedToo() {
    let scheduler = DispatchQueue.test
    let input = scheduler.publisher(marbles: "#", tick: .seconds(1))
    let output = scheduler.record(input.delay(for: .seconds(2), scheduler: scheduler), tick: .seconds(1))
    scheduler.advance(by: .seconds(5))
    #expect(output.diagram == "--#")
  }

  @Test func demandGoesUpstreamAtOnceAndReturnedDemandAfterDelivery() {
    let scheduler = DispatchQueue.test
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1), demandPerValue: .max(2))
    upstream.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.max(1))])
    upstream.send(1)
    scheduler.advance(by: .seconds(1))
    #expect(upstream.subscription.events == [.requested(.max(1)), .requested(.max(2))])
  }

  @Test func cancellingDropsDeliveriesNotYetMade() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    subject.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    subject.send(1)
    recorder.cancel()
    scheduler.advance(by: .seconds(5))
    #expect(recorder.events == [.subscription])
  }

  @Test func keepsTheContract() {
    checkOperatorContract(skipping: .demandAccounting) { $0.delay(for: 1, scheduler: ImmediateScheduler.shared) }
  }

  @Test func eventsKeepTheirOrderWhenTheSchedulerRunsDueActionsOutOfOrder() {
    let scheduler = ShufflingScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    subject.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    for value in 1...5 { subject.send(value) }
    subject.send(completion: .failure(TestError(id: 1)))
    scheduler.runLastScheduledFirst()
    #expect(
      recorder.events == [
        .subscription, .value(1), .value(2), .value(3), .value(4), .value(5),
        .completion(.failure(TestError(id: 1))),
      ])
  }
}

/// A scheduler that keeps every action and runs them newest first, as a scheduler that coalesces
/// close deadlines may.
private final class ShufflingScheduler: Scheduler, @unchecked Sendable {
  // Safety: used from one thread only, by one test.
  typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
  typealias SchedulerOptions = Never

  private var actions: [() -> Void] = []

  var now: SchedulerTimeType { SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1)) }
  var minimumTolerance: SchedulerTimeType.Stride { .zero }

  func schedule(options: Never?, _ action: @escaping () -> Void) { actions.append(action) }

  func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
    _ action: @escaping () -> Void
  ) {
    actions.append(action)
  }

  func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: Never?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    actions.append(action)
    return AnyCancellable {}
  }

  func runLastScheduledFirst() {
    let due = actions.reversed()
    actions.removeAll()
    for action in due { action() }
  }

  @Test func valuesBeyondDemandAreDelayedAndForwardedAsInCombine() {
    let scheduler = DispatchQueue.test
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values == [1, 2])
  }

  @Test func aCancelAfterTheUpstreamCompletedStopsNothing() {
    let scheduler = DispatchQueue.test
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    upstream.send(completion: .finished)
    recorder.cancel()
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.subscription, .completion(.finished)])
    #expect(!upstream.subscription.isCancelled)
  }

  @Test func theSubscriptionHasNoDescriptionOfItsOwnAsInCombine() {
    let recorder = TestSubscriber<Int, Never>()
    PassthroughSubject<Int, Never>().delay(for: 1, scheduler: DispatchQueue.test).subscribe(recorder)
    #expect(!(recorder.subscription is any CustomStringConvertible))
  }

  @Test func cancelBeforeTheSubscriptionDoesNothing() {
    checkCancelBeforeSubscriptionDoesNothing { $0.delay(for: 1, scheduler: DispatchQueue.test) }
  }
}
