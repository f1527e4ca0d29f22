// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct CollectByTimeTests {
  @Test func publishesOneArrayPerWindowAndNothingForAnEmptyWindow() {
    // One tick is 500 ms; windows are 1 s (2 ticks). The symbol of an array is its count.
    let scheduler = DispatchQueue.test
    let input = scheduler.publisher(marbles: "ab---c", tick: .milliseconds(500))
    let output = scheduler.record(
      input.collect(.byTime(scheduler, .seconds(1))), tick: .milliseconds(500), symbol: { Character("\($0.count)") })
    let values = TestSubscriber<[String], MarbleError>()
    input.collect(.byTime(scheduler, .seconds(1))).subscribe(values)
    scheduler.advance(by: .seconds(5))
    #expect(output.diagram == "--2---1")  // the window from 1 s to 2 s is empty: nothing at tick 4
    #expect(values.values == [["a", "b"], ["c"]])
  }

  @Test func byTimeOrCountPublishesAFullArrayAtOnceWithoutMovingTheWindows() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<[Int], Never>()
    subject.collect(.byTimeOrCount(scheduler, .seconds(1), 2)).subscribe(recorder)
    scheduler.advance(by: .milliseconds(600))
    subject.send(1)
    subject.send(2)
    subject.send(3)
    scheduler.advance()
    #expect(recorder.values == [[1, 2]])
    scheduler.advance(by: .milliseconds(400))  // the window that began at 0 ends at 1 s
    #expect(recorder.values == [[1, 2], [3]])
  }

  @Test func finishingPublishesWhatWasCollectedThenFinishes() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<[Int], Never>()
    subject.collect(.byTime(scheduler, .seconds(1))).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    scheduler.advance()
    #expect(recorder.events == [.subscription, .value([1]), .completion(.finished)])
    scheduler.advance(by: .seconds(3))
    #expect(recorder.events == [.subscription, .value([1]), .completion(.finished)])
  }

  @Test func failingDiscardsWhatWasCollected() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TestSubscriber<[Int], TestError>()
    subject.collect(.byTime(scheduler, .seconds(1))).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(TestError()))
    scheduler.advance()
    #expect(recorder.events == [.subscription, .completion(.failure(TestError()))])
  }

  @Test func valuesDueWithoutDemandJoinTheNextArray() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<[Int], Never>(initialDemand: .none)
    subject.collect(.byTime(scheduler, .seconds(1))).subscribe(recorder)
    subject.send(1)
    scheduler.advance(by: .seconds(1))
    subject.send(2)
    recorder.request(.max(1))
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values == [[1, 2]])
  }

  @Test func cancellingStopsTheWindowsAndCancelsUpstream() {
    let scheduler = DispatchQueue.test
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<[Int], TestError>()
    upstream.collect(.byTime(scheduler, .seconds(1))).subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.unlimited)])
    upstream.send(1)
    recorder.cancel()
    scheduler.advance(by: .seconds(3))
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.isCancelled)
  }

  @Test func keepsTheContract() {
    checkOperatorContract { $0.collect(.byTimeOrCount(ImmediateScheduler.shared, 1, 2)) }
  }
}
