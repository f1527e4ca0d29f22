// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct MergeManyTests {
  @Test func mergeManyKeepsTheContract() {
    checkOperatorContract { Publishers.MergeMany($0, TestPublisher()) }
    checkOperatorContract { Publishers.MergeMany([$0]) }
  }

  @Test func variadicAndSequenceInitialisersKeepThePublishersInOrder() {
    let variadic = Publishers.MergeMany(Just(1), Just(2), Just(3))
    let sequence = Publishers.MergeMany((1...3).map { Just($0) })
    #expect(variadic == sequence)
    #expect(variadic.merge(with: Just(4)).publishers == [1, 2, 3, 4].map { Just($0) })
    let recorder = TestSubscriber<Int, Never>()
    variadic.merge(with: Just(4)).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(4), .completion(.finished)])
  }

  @Test func noPublishersFinishesAtOnce() {
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    Publishers.MergeMany([PassthroughSubject<Int, TestError>]()).subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func collectWaitsForEveryFutureAndTheFirstFailureCancelsTheRest() {
    // A plain array: `Future`'s closure runs at once, on this thread, and Apple's `Future.Promise`
    // is not `Sendable`, so it cannot go into a `Recorder`.
    var promises: [Future<Int, TestError>.Promise] = []
    let futures = (0..<3).map { _ in Future<Int, TestError> { promises.append($0) } }
    let recorder = TestSubscriber<[Int], TestError>()
    Publishers.MergeMany(futures.map { future in Deferred { future } }).collect().subscribe(recorder)
    promises[2](.success(3))
    promises[0](.success(1))
    #expect(recorder.events == [.subscription])
    promises[1](.success(2))
    #expect(recorder.events == [.subscription, .value([3, 1, 2]), .completion(.finished)])

    let failing = (0..<3).map { _ in TestPublisher<Int, TestError>() }
    let failed = TestSubscriber<[Int], TestError>()
    Publishers.MergeMany(failing).collect().subscribe(failed)
    failing[0].send(1)
    failing[1].send(completion: .failure(TestError(id: 1)))
    #expect(failed.events == [.subscription, .completion(.failure(TestError(id: 1)))])
    #expect(failing[0].subscription.isCancelled)
    #expect(failing[2].subscription.isCancelled)
  }

  @Test(timeLimit(minutes: 1)) func asyncUploadsRunTogetherAndAreCollectedOnce() async throws {
    let uploads = (1...4).map { item in
      Deferred {
        Future<Int, TestError>(priority: .userInitiated) { () async throws(TestError) -> Int in item * 10 }
      }
    }
    let ids = try await Publishers.MergeMany(uploads).collect().firstValue
    #expect(ids?.sorted() == [10, 20, 30, 40])
  }

  @Test func valuesFromManyThreadsArriveOneAtATimeWithoutLossOrDuplicates() {
    let perSender = 1_000
    let subjects = (0..<6).map { _ in PassthroughSubject<Int, Never>() }
    let probe = SerialityProbe()
    let recorder = TestSubscriber<Int, Never>(onValue: { _ in probe.enterAndLeave() })
    Publishers.MergeMany(subjects).subscribe(recorder)
    DispatchQueue.concurrentPerform(iterations: subjects.count) { sender in
      for index in 0..<perSender { subjects[sender].send(sender * perSender + index) }
      subjects[sender].send(completion: .finished)
    }
    #expect(probe.overlaps == 0, "the subscriber must never be called from two threads at once")
    let values = recorder.values
    #expect(values.count == subjects.count * perSender)
    #expect(Set(values).count == subjects.count * perSender)
    #expect(recorder.events.last == .completion(.finished))
    #expect(recorder.events.filter { if case .completion = $0 { true } else { false } }.count == 1)
  }

  @Test func aFailureRacingValuesFromOtherThreadsEndsTheMergeOnce() {
    for _ in 0..<50 {
      let subjects = (0..<4).map { _ in PassthroughSubject<Int, TestError>() }
      let recorder = TestSubscriber<Int, TestError>()
      Publishers.MergeMany(subjects).subscribe(recorder)
      DispatchQueue.concurrentPerform(iterations: subjects.count) { sender in
        if sender == 0 {
          subjects[0].send(completion: .failure(TestError(id: 1)))
        } else {
          for value in 0..<100 { subjects[sender].send(value) }
        }
      }
      let events = recorder.events
      #expect(events.filter { if case .completion = $0 { true } else { false } }.count == 1)
      #expect(events.last == .completion(.failure(TestError(id: 1))))
    }
  }
}
