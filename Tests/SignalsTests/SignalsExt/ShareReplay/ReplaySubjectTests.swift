// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
import SignalsExt
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct ReplaySubjectTests {
  @Test func aLateSubscriberGetsTheLastValuesThenLiveOnes() {
    let subject = ReplaySubject<Int, Never>(bufferSize: 2)
    for value in 1...3 { subject.send(value) }
    let recorder = TestSubscriber<Int, Never>()
    subject.subscribe(recorder)
    subject.send(4)
    #expect(recorder.events == [.subscription, .value(2), .value(3), .value(4)])
  }

  @Test func theReplayWaitsForDemandAndIsNeverDropped() {
    let subject = ReplaySubject<Int, Never>(bufferSize: 3)
    for value in 1...3 { subject.send(value) }
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1))
    subject.subscribe(recorder)
    subject.send(4)
    #expect(recorder.values == [1])
    recorder.request(.max(2))
    #expect(recorder.values == [1, 2, 3])
    recorder.request(.unlimited)
    #expect(recorder.values == [1, 2, 3, 4])
  }

  @Test func theCompletionIsReplayedAfterTheValues() {
    let subject = ReplaySubject<Int, TestError>(bufferSize: 1)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(TestError(id: 4)))
    subject.send(3)
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    subject.subscribe(recorder)
    #expect(recorder.events == [.subscription], "the completion waits behind the replayed value")
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(2), .completion(.failure(TestError(id: 4)))])
  }

  @Test func aZeroSizeReplaysOnlyTheCompletion() {
    let subject = ReplaySubject<Int, Never>(bufferSize: 0)
    subject.send(1)
    subject.send(completion: .finished)
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    subject.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func feedingFromAPublisherAsksForUnlimitedAtOnce() {
    let upstream = TestPublisher<Int, Never>()
    let subject = ReplaySubject<Int, Never>(bufferSize: 2)
    let link = upstream.subscribe(subject)
    #expect(upstream.subscription.events == [.requested(.unlimited)])
    upstream.send(1)
    let recorder = TestSubscriber<Int, Never>()
    subject.subscribe(recorder)
    #expect(recorder.values == [1])
    link.cancel()
    #expect(upstream.subscription.isCancelled)
  }

  @Test func aCancelledSubscriberStopsReceivingAndIsReleased() {
    let subject = ReplaySubject<Int, Never>(bufferSize: 1)
    weak var weakRecorder: TestSubscriber<Int, Never>?
    do {
      let recorder = TestSubscriber<Int, Never>()
      weakRecorder = recorder
      subject.subscribe(recorder)
      subject.send(1)
      recorder.cancel()
      subject.send(2)
      #expect(recorder.values == [1])
    }
    #expect(weakRecorder == nil)
  }

  @Test func completionReleasesTheSubscriberAndTheSubject() {
    weak var weakRecorder: TestSubscriber<Int, Never>?
    weak var weakSubject: ReplaySubject<Int, Never>?
    do {
      let subject = ReplaySubject<Int, Never>(bufferSize: 1)
      weakSubject = subject
      let recorder = TestSubscriber<Int, Never>()
      weakRecorder = recorder
      subject.subscribe(recorder)
      subject.send(completion: .finished)
    }
    #expect(weakRecorder == nil)
    #expect(weakSubject == nil)
  }

  @Test func subscribingWhileSendingNeitherLosesNorDuplicatesAValue() {
    for _ in 0..<20 {
      let subject = ReplaySubject<Int, Never>(bufferSize: 1_000)
      let recorders = LockedState.make([TestSubscriber<Int, Never>]())
      DispatchQueue.concurrentPerform(iterations: 4) { worker in
        if worker == 0 {
          for value in 0..<500 { subject.send(value) }
        } else {
          for _ in 0..<5 {
            let recorder = TestSubscriber<Int, Never>()
            subject.subscribe(recorder)
            recorders.withLock { $0.append(recorder) }
          }
        }
      }
      subject.send(completion: .finished)
      for recorder in recorders.withLock({ $0 }) {
        #expect(recorder.values == Array(0..<500), "the replay and the live values meet exactly")
        #expect(recorder.events.last == .completion(.finished))
      }
    }
  }
}
