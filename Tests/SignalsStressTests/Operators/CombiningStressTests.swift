// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import Testing

/// The combining operators with every input driven from its own thread, while other threads
/// request demand, cancel or complete: the subscriber contract is checked on every event.
struct CombiningStressTests {
  static let inputs = 4
  static let perInput = 2_000

  @Test func mergeOfInputsSentFromTheirOwnThreadsLosesAndRepeatsNothing() {
    withWatchdog("merge of concurrent inputs") {
      let subjects = (0..<Self.inputs).map { _ in PassthroughSubject<Int, TestFailure>() }
      let subscriber = InvariantSubscriber(sourceWidth: Self.perInput)
      Publishers.MergeMany(subjects).subscribe(subscriber)
      runConcurrently(Self.inputs) { input in
        for index in 0..<Self.perInput { subjects[input].send(input * Self.perInput + index) }
        subjects[input].send(completion: .finished)
      }
      #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
      #expect(subscriber.receivedCount == Self.inputs * Self.perInput)
      #expect(subscriber.completionCount == 1)
    }
  }

  @Test func mergeWithOneAtATimeDemandRequestedFromOtherThreadsNeverExceedsIt() {
    withWatchdog("merge with limited demand") {
      let subjects = (0..<Self.inputs).map { _ in PassthroughSubject<Int, TestFailure>() }
      let subscriber = InvariantSubscriber(initialDemand: .max(1), sourceWidth: Self.perInput)
      Publishers.MergeMany(subjects).subscribe(subscriber)
      runConcurrently(Self.inputs + 2) { worker in
        if worker < Self.inputs {
          for index in 0..<Self.perInput { subjects[worker].send(worker * Self.perInput + index) }
        } else {
          for _ in 0..<300 { subscriber.request(.max(1)) }
        }
      }
      for subject in subjects { subject.send(completion: .finished) }
      #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
      #expect(subscriber.receivedCount <= 1 + 2 * 300)
    }
  }

  @Test func mergeFailureRacingValuesCompletesOnceAndLast() {
    withWatchdog("merge failure racing values") {
      for _ in 0..<100 {
        let subjects = (0..<3).map { _ in PassthroughSubject<Int, TestFailure>() }
        let subscriber = InvariantSubscriber(sourceWidth: 100)
        Publishers.Merge3(subjects[0], subjects[1], subjects[2]).subscribe(subscriber)
        runConcurrently(3) { worker in
          if worker == 0 {
            subjects[0].send(completion: .failure(TestFailure()))
          } else {
            for index in 0..<100 { subjects[worker].send(worker * 100 + index) }
          }
        }
        #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
        #expect(subscriber.completionCount == 1)
      }
    }
  }

  @Test func zipPairsEveryValueOfInputsSentFromTwoThreads() {
    withWatchdog("zip of concurrent inputs") {
      let left = PassthroughSubject<Int, TestFailure>()
      let right = PassthroughSubject<Int, TestFailure>()
      let subscriber = InvariantSubscriber(sourceWidth: Self.perInput)
      left.zip(right)
        .tryMap { pair -> Int in
          guard pair.0 == pair.1 else { throw TestFailure() }
          return pair.0
        }
        .mapError { _ in TestFailure() }
        .subscribe(subscriber)
      runConcurrently(2) { worker in
        let subject = worker == 0 ? left : right
        for index in 0..<Self.perInput { subject.send(index) }
      }
      left.send(completion: .finished)
      #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
      #expect(subscriber.receivedCount == Self.perInput, "every value paired with its partner, in order")
      #expect(subscriber.completionCount == 1)
    }
  }

  @Test func combineLatestOfInputsSentFromTwoThreadsEndsWithBothLastValues() {
    withWatchdog("combineLatest of concurrent inputs") {
      let left = PassthroughSubject<Int, TestFailure>()
      let right = PassthroughSubject<Int, TestFailure>()
      let last = LockedState<(Int, Int)?>.make(nil)
      // Each output differs from the one before in exactly one input, so `left * width + right`
      // is unique and increases within each `left`.
      let width = Self.perInput
      let subscriber = InvariantSubscriber(sourceWidth: width)
      left.combineLatest(right)
        .handleEvents(receiveOutput: { pair in last.withLock { $0 = pair } })
        .map { $0.0 * width + $0.1 }
        .subscribe(subscriber)
      runConcurrently(2) { worker in
        let subject = worker == 0 ? left : right
        for index in 0..<Self.perInput { subject.send(index) }
        subject.send(completion: .finished)
      }
      #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
      #expect(subscriber.receivedCount <= 2 * Self.perInput)
      #expect(last.withLock { $0 }.map { [$0.0, $0.1] } == [Self.perInput - 1, Self.perInput - 1])
      #expect(subscriber.completionCount == 1)
    }
  }

  @Test func cancelRacingCombinedInputsStopsEveryInput() {
    withWatchdog("cancel racing combineLatest and zip") {
      for round in 0..<100 {
        let left = PassthroughSubject<Int, TestFailure>()
        let right = PassthroughSubject<Int, TestFailure>()
        let subscriber = InvariantSubscriber(sourceWidth: 1_000_000)
        if round.isMultiple(of: 2) {
          left.combineLatest(right).map { $0.0 * 1_000 + $0.1 }.subscribe(subscriber)
        } else {
          left.zip(right).map { $0.0 * 1_000 + $0.1 }.subscribe(subscriber)
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
}
