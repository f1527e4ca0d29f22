// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import Testing

/// `switchToLatest()` driven from many threads at once: switches racing values of the old and the
/// new inner, requests, cancels and completions.
struct SwitchToLatestStressTests {
  static let senders = 4
  static let perSender = 2_000

  @Test func switchesRacingValuesKeepTheContract() {
    withWatchdog("switchToLatest switches racing values") {
      let inners = (0..<Self.senders).map { _ in PassthroughSubject<Int, TestFailure>() }
      let upstream = PassthroughSubject<PassthroughSubject<Int, TestFailure>, TestFailure>()
      let subscriber = InvariantSubscriber(sourceWidth: Self.perSender)
      upstream.switchToLatest().subscribe(subscriber)
      runConcurrently(Self.senders + 1) { worker in
        if worker == Self.senders {
          for round in 0..<1_000 { upstream.send(inners[round % Self.senders]) }
        } else {
          for index in 0..<Self.perSender { inners[worker].send(worker * Self.perSender + index) }
        }
      }
      upstream.send(completion: .finished)
      #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
      #expect(subscriber.completionCount == 0, "the last inner has not finished")
    }
  }

  @Test func limitedDemandRequestedFromOtherThreadsIsNeverExceeded() {
    withWatchdog("switchToLatest limited demand") {
      let inners = (0..<Self.senders).map { _ in PassthroughSubject<Int, TestFailure>() }
      let upstream = PassthroughSubject<PassthroughSubject<Int, TestFailure>, TestFailure>()
      let subscriber = InvariantSubscriber(initialDemand: .max(1), sourceWidth: Self.perSender)
      upstream.switchToLatest().subscribe(subscriber)
      runConcurrently(Self.senders + 2) { worker in
        if worker == Self.senders {
          for round in 0..<500 { upstream.send(inners[round % Self.senders]) }
        } else if worker == Self.senders + 1 {
          for _ in 0..<500 { subscriber.request(.max(2)) }
        } else {
          for index in 0..<Self.perSender { inners[worker].send(worker * Self.perSender + index) }
        }
      }
      #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
    }
  }

  @Test func completionsRacingValuesAreDeliveredOnceAndLast() {
    withWatchdog("switchToLatest completion racing values") {
      for _ in 0..<100 {
        let inner = PassthroughSubject<Int, TestFailure>()
        let upstream = PassthroughSubject<PassthroughSubject<Int, TestFailure>, TestFailure>()
        let subscriber = InvariantSubscriber(sourceWidth: 1_000)
        upstream.switchToLatest().subscribe(subscriber)
        upstream.send(inner)
        runConcurrently(3) { worker in
          switch worker {
          case 0: upstream.send(completion: .failure(TestFailure()))
          case 1: inner.send(completion: .finished)
          default: for index in 0..<200 { inner.send(index) }
          }
        }
        #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
        #expect(subscriber.completionCount == 1)
      }
    }
  }

  @Test func cancelRacingDeliveryKeepsTheContract() {
    withWatchdog("switchToLatest cancel racing delivery") {
      for _ in 0..<200 {
        let inner = PassthroughSubject<Int, TestFailure>()
        let upstream = PassthroughSubject<PassthroughSubject<Int, TestFailure>, TestFailure>()
        let subscriber = InvariantSubscriber(sourceWidth: 1_000)
        upstream.switchToLatest().subscribe(subscriber)
        upstream.send(inner)
        runConcurrently(3) { worker in
          switch worker {
          case 0: subscriber.cancel()
          default: for index in 0..<200 { inner.send(worker * 1_000 + index) }
          }
        }
        #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
        #expect(subscriber.completionCount == 0)
      }
    }
  }

  // MARK: Fused `Just` inners

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func fusedJustsRacingRequestsNeverExceedTheDemand() {
    withWatchdog("switchToLatest fused Justs racing requests") {
      let upstream = PassthroughSubject<Just<Int>, Never>()
      let subscriber = InvariantSubscriber(initialDemand: .max(1), sourceWidth: 1_000_000)
      upstream.setFailureType(to: TestFailure.self).switchToLatest().subscribe(subscriber)
      runConcurrently(3) { worker in
        if worker == 0 {
          // One sender: the upstream's calls are serial, as the contract requires.
          for index in 0..<Self.perSender * 4 { upstream.send(Just(index)) }
          upstream.send(completion: .finished)
        } else {
          for _ in 0..<500 { subscriber.request(.max(1)) }
        }
      }
      #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
      #expect(subscriber.receivedCount <= 1_001)
    }
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func aWaitingJustReleasedByARequestRacingTheUpstreamsEndIsDeliveredOnceThenTheCompletion() {
    withWatchdog("switchToLatest waiting Just racing finish") {
      for round in 0..<200 {
        let upstream = PassthroughSubject<Just<Int>, TestFailure>()
        let subscriber = InvariantSubscriber(initialDemand: .none, sourceWidth: 1_000_000)
        upstream.switchToLatest().subscribe(subscriber)
        runConcurrently(2) { worker in
          if worker == 0 {
            upstream.send(Just(round))
            upstream.send(completion: .finished)
          } else {
            subscriber.request(.max(1))
          }
        }
        #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
        #expect(subscriber.values == [round], "the one value, whichever came first")
        #expect(subscriber.completionCount == 1)
      }
    }
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func cancelRacingFusedJustsKeepsTheContract() {
    withWatchdog("switchToLatest cancel racing fused Justs") {
      for _ in 0..<200 {
        let upstream = PassthroughSubject<Just<Int>, TestFailure>()
        let subscriber = InvariantSubscriber(initialDemand: .max(50), sourceWidth: 1_000_000)
        upstream.switchToLatest().subscribe(subscriber)
        runConcurrently(3) { worker in
          switch worker {
          case 0: subscriber.cancel()
          case 1: for index in 0..<200 { upstream.send(Just(index)) }
          default: for _ in 0..<20 { subscriber.request(.max(2)) }
          }
        }
        #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
        #expect(subscriber.completionCount == 0)
      }
    }
  }
}
