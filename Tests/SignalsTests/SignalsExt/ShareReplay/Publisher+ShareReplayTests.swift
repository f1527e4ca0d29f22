// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
import SignalsExt
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct ShareReplayTests {
  @Test func keepsTheContract() {
    checkOperatorContract { $0.share(replay: 2) }
  }

  @Test func connectsOnceAndReplaysTheLastValuesToALateSubscriber() {
    let upstream = TestPublisher<Int, Never>()
    let shared = upstream.share(replay: 2)
    let first = TestSubscriber<Int, Never>()
    shared.subscribe(first)
    #expect(upstream.subscription.events == [.requested(.unlimited)])
    for value in 1...3 { upstream.send(value) }
    let second = TestSubscriber<Int, Never>()
    shared.subscribe(second)
    upstream.send(4)
    #expect(upstream.subscriberCount == 1)
    #expect(first.values == [1, 2, 3, 4])
    #expect(second.values == [2, 3, 4])
  }

  @Test func eachSubscribersDemandIsHonoured() {
    let upstream = TestPublisher<Int, Never>()
    let shared = upstream.share(replay: 3)
    let eager = TestSubscriber<Int, Never>()
    shared.subscribe(eager)
    for value in 1...3 { upstream.send(value) }
    let slow = TestSubscriber<Int, Never>(initialDemand: .max(1))
    shared.subscribe(slow)
    upstream.send(4)
    #expect(slow.values == [1])
    slow.request(.max(3))
    #expect(slow.values == [1, 2, 3, 4], "values wait for the slow subscriber; none is dropped")
  }

  @Test func theCompletionIsReplayedWithoutResubscribing() {
    let upstream = TestPublisher<Int, TestError>()
    let shared = upstream.share(replay: 1)
    let first = TestSubscriber<Int, TestError>()
    shared.subscribe(first)
    upstream.send(1)
    upstream.send(2)
    upstream.send(completion: .failure(TestError(id: 2)))
    let late = TestSubscriber<Int, TestError>()
    shared.subscribe(late)
    #expect(late.events == [.subscription, .value(2), .completion(.failure(TestError(id: 2)))])
    #expect(upstream.subscriberCount == 1)
  }

  @Test func afterEverySubscriberCancelledTheNextReplaysAndReconnects() {
    let upstream = TestPublisher<Int, Never>()
    let shared = upstream.share(replay: 1)
    let first = TestSubscriber<Int, Never>()
    shared.subscribe(first)
    upstream.send(1)
    first.cancel()
    #expect(upstream.subscription.isCancelled)
    let second = TestSubscriber<Int, Never>()
    shared.subscribe(second)
    #expect(upstream.subscriberCount == 2)
    upstream.send(2)
    #expect(second.values == [1, 2])
  }

  @Test func cancelReleasesTheSubscriber() {
    let shared = PassthroughSubject<Int, Never>().share(replay: 1)
    weak var weakRecorder: TestSubscriber<Int, Never>?
    do {
      let recorder = TestSubscriber<Int, Never>()
      weakRecorder = recorder
      shared.subscribe(recorder)
      recorder.cancel()
    }
    #expect(weakRecorder == nil)
  }

  @Test func concurrentSubscribersAndSendsSeeEveryValueOnceInOrder() {
    for _ in 0..<10 {
      let subject = PassthroughSubject<Int, Never>()
      let shared = subject.share(replay: 1_000)
      let anchor = TestSubscriber<Int, Never>()
      shared.subscribe(anchor)
      let recorders = LockedState.make([TestSubscriber<Int, Never>]())
      DispatchQueue.concurrentPerform(iterations: 4) { worker in
        if worker == 0 {
          for value in 0..<400 { subject.send(value) }
        } else {
          for _ in 0..<5 {
            let recorder = TestSubscriber<Int, Never>(initialDemand: .max(200), demandPerValue: .max(1))
            shared.subscribe(recorder)
            recorders.withLock { $0.append(recorder) }
          }
        }
      }
      subject.send(completion: .finished)
      #expect(anchor.values == Array(0..<400))
      for recorder in recorders.withLock({ $0 }) {
        #expect(recorder.values == Array(0..<400))
        #expect(recorder.events.last == .completion(.finished))
      }
    }
  }
}

extension ShareReplayTests {
  @Test func completionReleasesTheSubscriber() {
    let subject = PassthroughSubject<Int, Never>()
    let shared = subject.share(replay: 1)
    weak var weakRecorder: TestSubscriber<Int, Never>?
    do {
      let recorder = TestSubscriber<Int, Never>()
      weakRecorder = recorder
      shared.subscribe(recorder)
      subject.send(1)
      subject.send(completion: .finished)
    }
    #expect(weakRecorder == nil)
  }

  @Test func everythingIsReleasedOnceEverySubscriberCancelled() {
    weak var weakUpstream: PassthroughSubject<Int, Never>?
    do {
      let upstream = PassthroughSubject<Int, Never>()
      weakUpstream = upstream
      let shared = upstream.share(replay: 2)
      let recorder = TestSubscriber<Int, Never>()
      shared.subscribe(recorder)
      upstream.send(1)
      recorder.cancel()
    }
    #expect(weakUpstream == nil)
  }
}
