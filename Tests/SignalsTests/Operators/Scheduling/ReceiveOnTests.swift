// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct ReceiveOnTests {
  @Test func deliversValuesAndCompletionOnlyWhenTheSchedulerRuns() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    subject.receive(on: scheduler).subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    scheduler.advance()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test func requestAndCancelGoStraightUpstream() {
    let scheduler = DispatchQueue.test
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(2))
    upstream.receive(on: scheduler).subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.max(2))])
    recorder.cancel()
    #expect(upstream.subscription.events == [.requested(.max(2)), .cancelled])
  }

  @Test func demandReturnedByTheSubscriberIsRequestedAfterDelivery() {
    let scheduler = DispatchQueue.test
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1), demandPerValue: .max(1))
    upstream.receive(on: scheduler).subscribe(recorder)
    #expect(upstream.send(1) == .none)
    #expect(upstream.subscription.events == [.requested(.max(1))])
    scheduler.advance()
    #expect(upstream.subscription.events == [.requested(.max(1)), .requested(.max(1))])
  }

  @Test func deliveriesStillQueuedWhenCancelledAreDropped() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    subject.receive(on: scheduler).subscribe(recorder)
    subject.send(1)
    recorder.cancel()
    scheduler.advance()
    #expect(recorder.events == [.subscription])
  }

  @Test func aCancelAfterTheUpstreamCompletedStopsNothing() {
    // As in Combine: once the upstream completed, cancelling no longer reaches the events in flight.
    let scheduler = DispatchQueue.test
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.receive(on: scheduler).subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .finished)
    recorder.cancel()
    scheduler.advance()
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
    #expect(!upstream.subscription.isCancelled)
  }

  @Test func valuesBeyondDemandAreForwardedAsInCombine() {
    let scheduler = DispatchQueue.test
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.receive(on: scheduler).subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    scheduler.advance()
    #expect(recorder.values == [1, 2])
  }

  @Test func cancelBeforeTheSubscriptionDoesNothing() {
    checkCancelBeforeSubscriptionDoesNothing { $0.receive(on: DispatchQueue.test) }
  }

  @Test(timeLimit(minutes: 1)) func deliversOnTheDispatchQueue() async {
    let key = DispatchSpecificKey<String>()
    let queue = DispatchQueue(label: "signals.receive-on")
    queue.setSpecific(key: key, value: "target")
    let subject = PassthroughSubject<Int, Never>()
    let label = await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
      let cancellable = subject.receive(on: queue).sink { _ in
        continuation.resume(returning: DispatchQueue.getSpecific(key: key))
      }
      subject.send(1)
      queue.async { withExtendedLifetime(cancellable) {} }
    }
    #expect(label == "target")
  }

  @Test func keepsTheContract() {
    checkOperatorContract(skipping: .demandAccounting) { $0.receive(on: ImmediateScheduler.shared) }
  }
}
