// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct MeasureIntervalTests {
  @Test func measuresFromTheSubscriptionThenBetweenValues() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<String, Never>()
    let recorder = TestSubscriber<DispatchQueue.SchedulerTimeType.Stride, Never>()
    subject.measureInterval(using: scheduler).subscribe(recorder)
    scheduler.advance(by: .milliseconds(200))
    subject.send("a")
    scheduler.advance(by: .seconds(1))
    subject.send("b")
    subject.send("c")
    subject.send(completion: .finished)
    #expect(
      recorder.events == [
        .subscription, .value(.milliseconds(200)), .value(.seconds(1)), .value(.nanoseconds(0)),
        .completion(.finished),
      ])
  }

  @Test func demandReturnedByTheSubscriberIsRequestedFromUpstreamAtOnce() {
    // As in Combine: `receive(_:)` returns nothing and requests the subscriber's new demand itself.
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<DispatchQueue.SchedulerTimeType.Stride, TestError>(
      initialDemand: .max(1), demandPerValue: .max(3))
    upstream.measureInterval(using: DispatchQueue.test).subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.max(1))])
    #expect(upstream.send(1) == .none)
    #expect(upstream.subscription.events == [.requested(.max(1)), .requested(.max(3))])
  }

  @Test func valuesBeyondDemandAreMeasuredAndForwardedAsInCombine() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<DispatchQueue.SchedulerTimeType.Stride, TestError>(initialDemand: .none)
    upstream.measureInterval(using: DispatchQueue.test).subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    #expect(recorder.values.count == 2)
  }

  @Test func cancelBeforeTheSubscriptionDoesNothing() {
    checkCancelBeforeSubscriptionDoesNothing { $0.measureInterval(using: DispatchQueue.test) }
  }

  @Test func keepsTheContract() {
    checkOperatorContract(skipping: .demandAccounting) { $0.measureInterval(using: DispatchQueue.test) }
  }
}
