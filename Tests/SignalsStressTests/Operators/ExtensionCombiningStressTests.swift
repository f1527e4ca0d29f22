// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsExt
import Testing

/// `SignalsExt`'s combining operators — the collection `zip()` and `combineLatest()`, and
/// `withLatestFrom` — with inputs driven from their own threads while other threads request,
/// cancel or fail: the subscriber contract is checked on every event.
struct ExtensionCombiningStressTests {
  static let inputs = 4
  static let perInput = 2_000

  @Test func collectionZipOfInputsSentFromTheirOwnThreadsPairsEveryValueInOrder() {
    withWatchdog("collection zip of concurrent inputs") {
      let subjects = (0..<Self.inputs).map { _ in PassthroughSubject<Int, TestFailure>() }
      let subscriber = InvariantSubscriber(sourceWidth: Self.perInput)
      subjects.zip()
        .tryMap { values -> Int in
          guard Set(values).count == 1 else { throw TestFailure() }
          return values[0]
        }
        .mapError { _ in TestFailure() }
        .subscribe(subscriber)
      runConcurrently(Self.inputs) { input in
        for index in 0..<Self.perInput { subjects[input].send(index) }
      }
      subjects[0].send(completion: .finished)
      #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
      #expect(subscriber.receivedCount == Self.perInput, "every value zipped with its partners, in order")
      #expect(subscriber.completionCount == 1)
    }
  }

  @Test func collectionZipWithOneAtATimeDemandRequestedFromAnotherThreadNeverExceedsIt() {
    withWatchdog("collection zip with limited demand") {
      let subjects = (0..<2).map { _ in PassthroughSubject<Int, TestFailure>() }
      let subscriber = InvariantSubscriber(initialDemand: .max(1), sourceWidth: 100_000_000)
      // Each input's values arrive in order, so `first * 10_000 + second` increases.
      subjects.zip().map { $0[0] * 10_000 + $0[1] }.subscribe(subscriber)
      runConcurrently(3) { worker in
        if worker < 2 {
          for index in 0..<Self.perInput { subjects[worker].send(index) }
        } else {
          for _ in 0..<300 { subscriber.request(.max(1)) }
        }
      }
      #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
      #expect(subscriber.receivedCount <= 1 + 300)
    }
  }

  @Test func collectionCombineLatestWithAFailureRacingValuesCompletesOnceAndLast() {
    withWatchdog("collection combineLatest failure racing values") {
      for _ in 0..<100 {
        let subjects = (0..<3).map { _ in PassthroughSubject<Int, TestFailure>() }
        let subscriber = InvariantSubscriber(sourceWidth: 1_000_000_000)
        subjects.combineLatest().map { $0[0] * 1_000_000 + $0[1] * 1_000 + $0[2] }.subscribe(subscriber)
        for subject in subjects { subject.send(0) }
        runConcurrently(3) { worker in
          if worker == 0 {
            subjects[0].send(completion: .failure(TestFailure()))
          } else {
            for index in 1..<200 { subjects[worker].send(index) }
          }
        }
        #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
        #expect(subscriber.completionCount == 1)
      }
    }
  }

  @Test func cancelRacingCollectionFormsAndWithLatestFromStopsEveryInput() {
    withWatchdog("cancel racing the extension combining operators") {
      for round in 0..<150 {
        let left = PassthroughSubject<Int, TestFailure>()
        let right = PassthroughSubject<Int, TestFailure>()
        let subscriber = InvariantSubscriber(sourceWidth: 1_000_000)
        right.send(0)
        switch round % 3 {
        case 0: [left, right].combineLatest().map { $0[0] * 1_000 + $0[1] }.subscribe(subscriber)
        case 1: [left, right].zip().map { $0[0] * 1_000 + $0[1] }.subscribe(subscriber)
        default: left.withLatestFrom(right) { $0 * 1_000 + $1 }.subscribe(subscriber)
        }
        runConcurrently(3) { worker in
          switch worker {
          case 0: subscriber.cancel()
          case 1: for index in 0..<200 { left.send(index) }
          default: for index in 0..<200 { right.send(index) }
          }
        }
        let afterCancel = subscriber.receivedCount
        left.send(1_000)
        right.send(1_000)
        #expect(subscriber.receivedCount == afterCancel, "nothing is delivered after cancel returns")
        #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
        #expect(subscriber.completionCount == 0)
      }
    }
  }

  @Test func withLatestFromWithTriggersOtherValuesAndRequestsFromTheirOwnThreads() {
    withWatchdog("withLatestFrom of concurrent inputs") {
      let triggers = PassthroughSubject<Int, TestFailure>()
      let other = CurrentValueSubject<Int, TestFailure>(0)
      let subscriber = InvariantSubscriber(initialDemand: .max(1), sourceWidth: 1_000_000)
      triggers.withLatestFrom(other) { trigger, _ in trigger }.subscribe(subscriber)
      runConcurrently(3) { worker in
        switch worker {
        case 0: for index in 0..<Self.perInput { triggers.send(index) }
        case 1: for index in 0..<Self.perInput { other.send(index) }
        default: for _ in 0..<Self.perInput { subscriber.request(.max(1)) }
        }
      }
      runConcurrently(2) { worker in
        if worker == 0 {
          triggers.send(completion: .finished)
        } else {
          other.send(completion: .failure(TestFailure()))
        }
      }
      #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
      #expect(subscriber.receivedCount <= Self.perInput)
      #expect(subscriber.completionCount == 1)
    }
  }
}
