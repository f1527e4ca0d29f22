// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
import SignalsTesting
import Testing

struct DelayTests {
  @Test func eachEventArrivesTheIntervalAfterItWasSent() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    subject.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    subject.send(1)
    scheduler.advance(by: .milliseconds(500))
    subject.send(2)
    subject.send(completion: .finished)
    scheduler.advance(by: .milliseconds(499))
    #expect(recorder.events == [.subscription])
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.events == [.subscription, .value(1)])
    scheduler.advance(by: .milliseconds(500))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test func failuresAreDelayedToo() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    subject.delay(for: .seconds(2), scheduler: scheduler).subscribe(recorder)
    subject.send(completion: .failure(TestError(id: 7)))
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.subscription])
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 7)))])
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
    checkOperatorContract { $0.delay(for: 1, scheduler: ImmediateScheduler.shared) }
  }
}
