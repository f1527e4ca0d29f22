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
    let recorder = TestSubscriber<[Int], Never>(initialDemand: .max(1))
    subject.collect(.byTime(scheduler, .seconds(1))).subscribe(recorder)
    subject.send(1)
    scheduler.advance(by: .seconds(1))
    subject.send(2)
    scheduler.advance(by: .seconds(1))  // no demand left: 2 stays
    subject.send(3)
    recorder.request(.max(1))
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values == [[1], [2, 3]])
  }

  @Test func byTimeAsksTheUpstreamForOneValueAtATime() {
    let scheduler = DispatchQueue.test
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<[Int], TestError>(initialDemand: .none, demandPerValue: .max(1))
    upstream.collect(.byTime(scheduler, .seconds(1))).subscribe(recorder)
    #expect(upstream.subscription.events == [], "nothing is asked before the subscriber requests")
    recorder.request(.max(3))
    #expect(upstream.subscription.events == [.requested(.max(1))], "one value, whatever the request")
    #expect(upstream.send(1) == .max(1), "each value asks for the next")
    #expect(upstream.send(2) == .max(1))
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values == [[1, 2]])
    #expect(upstream.subscription.events == [.requested(.max(1))], "the demand returned for an array stays here")
    recorder.request(.max(1))
    #expect(upstream.subscription.events == [.requested(.max(1)), .requested(.max(1))])
  }

  @Test func byTimeOrCountAsksTheUpstreamForCountValuesPerArray() {
    let scheduler = DispatchQueue.test
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<[Int], TestError>(initialDemand: .none, demandPerValue: .max(1))
    upstream.collect(.byTimeOrCount(scheduler, .seconds(1), 3)).subscribe(recorder)
    #expect(upstream.subscription.events == [], "nothing is asked before the subscriber requests")
    recorder.request(.max(2))
    #expect(upstream.subscription.events == [.requested(.max(6))])
    #expect([1, 2, 3].map { upstream.send($0) } == [.none, .none, .none])
    scheduler.advance()
    #expect(recorder.values == [[1, 2, 3]])
    #expect(
      upstream.subscription.events == [.requested(.max(6)), .requested(.max(3))],
      "the demand returned for a full array is asked of the upstream, count values each")
    #expect(upstream.send(4) == .none)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values == [[1, 2, 3], [4]])
    #expect(
      upstream.subscription.events == [.requested(.max(6)), .requested(.max(3))],
      "the demand returned for an array that ended a window is not")
  }

  /// The arrays Combine gives when the upstream keeps to its demand: a subject asked for `count`
  /// values per array requested drops what is sent beyond that.
  @Test func byTimeOrCountWithADemandKeepingUpstreamStopsWhereCombineDoes() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    var arrays: [[Int]] = []
    let subscriber = AnySubscriber<[Int], Never>(
      receiveSubscription: { $0.request(.max(2)) },
      receiveValue: { array in
        arrays.append(array)
        if array.contains(0) { return .max(1) }
        if array.contains(2) { return .max(5) }
        return .none
      })
    subject.collect(.byTimeOrCount(scheduler, .seconds(1), 2)).subscribe(subscriber)
    for value in 0..<30 {
      if value.isMultiple(of: 3) { scheduler.advance(by: .seconds(1)) }
      subject.send(value)
    }
    scheduler.advance(by: .seconds(5))
    #expect(arrays == [[0, 1], [2], [3, 4], [5]])
  }

  @Test func cancellingStopsTheWindowsAndCancelsUpstream() {
    let scheduler = DispatchQueue.test
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<[Int], TestError>()
    upstream.collect(.byTime(scheduler, .seconds(1))).subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.max(1))])
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
