// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsExt
import SignalsTesting
import Testing

/// Operators that send one last value of their own (`replaceError`, `replaceEmpty`,
/// `collect(_:)`, `materialize`) when upstream completes on one thread while downstream requests or
/// cancels on another: the last value is sent exactly once, or not at all after a cancel.
struct FinalValueStressTests {
  static let rounds = 2_000

  @Test func failureRacingARequestDeliversTheReplacementOnce() {
    withWatchdog("replaceError failure vs request") {
      for _ in 0..<Self.rounds {
        let subject = PassthroughSubject<Int, TestFailure>()
        let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
        subject.replaceError(with: -1).subscribe(recorder)
        runConcurrently(2) { worker in
          if worker == 0 {
            subject.send(completion: .failure(TestFailure()))
          } else {
            recorder.request(.max(1))
          }
        }
        #expect(recorder.values == [-1])
        #expect(recorder.completion == .finished)
      }
    }
  }

  @Test func finishRacingACancelDeliversTheLastValueAtMostOnce() {
    withWatchdog("materialize finish vs cancel") {
      for _ in 0..<Self.rounds {
        let subject = PassthroughSubject<Int, TestFailure>()
        let recorder = TestSubscriber<Event<Int, TestFailure>, Never>(initialDemand: .none)
        subject.materialize().subscribe(recorder)
        runConcurrently(3) { worker in
          switch worker {
          case 0: subject.send(completion: .finished)
          case 1: recorder.request(.max(1))
          default: recorder.cancel()
          }
        }
        let values = recorder.values
        #expect(values.isEmpty || values == [.finished])
        #expect(values.isEmpty || recorder.completion == .finished)
      }
    }
  }
}
