// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import Testing

/// `flatMap` driven from many threads at once: concurrent upstream values, inners sending from
/// several threads, requests, cancels and failures racing deliveries.
struct FlatMapStressTests {
  static let senders = 4
  static let perSender = 2_000

  @Test func concurrentUpstreamValuesReachTheSubscriberOnce() {
    withWatchdog("flatMap concurrent upstream") {
      let upstream = PassthroughSubject<Int, TestFailure>()
      let subscriber = InvariantSubscriber(sourceWidth: Self.perSender)
      upstream.flatMap { Result<Int, TestFailure>.success($0).publisher }.subscribe(subscriber)
      runConcurrently(Self.senders) { sender in
        for index in 0..<Self.perSender { upstream.send(sender * Self.perSender + index) }
      }
      upstream.send(completion: .finished)
      #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
      #expect(subscriber.receivedCount == Self.senders * Self.perSender)
      #expect(subscriber.completionCount == 1)
    }
  }

  @Test func innersSendingFromManyThreadsNeverExceedDemand() {
    withWatchdog("flatMap inners with limited demand") {
      let inners = (0..<Self.senders).map { _ in PassthroughSubject<Int, TestFailure>() }
      let upstream = PassthroughSubject<Int, TestFailure>()
      let subscriber = InvariantSubscriber(initialDemand: .max(1), sourceWidth: Self.perSender)
      upstream.flatMap(maxPublishers: .max(Self.senders)) { inners[$0] }.subscribe(subscriber)
      for index in inners.indices { upstream.send(index) }
      runConcurrently(Self.senders + 2) { worker in
        if worker < Self.senders {
          for index in 0..<Self.perSender { inners[worker].send(worker * Self.perSender + index) }
          inners[worker].send(completion: .finished)
        } else {
          for _ in 0..<500 { subscriber.request(.max(2)) }
        }
      }
      upstream.send(completion: .finished)
      subscriber.request(.unlimited)
      #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
      #expect(subscriber.completionCount == 1, "finishes once the buffer drained")
    }
  }

  @Test func anInnerFailureRacingValuesCompletesOnceAndLast() {
    withWatchdog("flatMap failure racing values") {
      for _ in 0..<100 {
        let inners = (0..<3).map { _ in PassthroughSubject<Int, TestFailure>() }
        let upstream = PassthroughSubject<Int, TestFailure>()
        let subscriber = InvariantSubscriber(sourceWidth: 100)
        upstream.flatMap { inners[$0] }.subscribe(subscriber)
        for index in inners.indices { upstream.send(index) }
        runConcurrently(4) { worker in
          if worker == 3 {
            inners[0].send(completion: .failure(TestFailure()))
          } else {
            for index in 0..<100 { inners[worker].send(worker * 100 + index) }
          }
        }
        #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
        #expect(subscriber.completionCount == 1)
      }
    }
  }

  @Test func cancelRacingDeliveryKeepsTheContract() {
    withWatchdog("flatMap cancel racing delivery") {
      for _ in 0..<200 {
        let upstream = PassthroughSubject<Int, TestFailure>()
        let subscriber = InvariantSubscriber(sourceWidth: 1_000)
        upstream.flatMap { Publishers.Sequence<[Int], TestFailure>(sequence: [$0, $0 + 1]) }.subscribe(subscriber)
        runConcurrently(3) { worker in
          switch worker {
          case 0: subscriber.cancel()
          default: for index in 0..<100 { upstream.send(worker * 1_000 + index * 2) }
          }
        }
        #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
        #expect(subscriber.completionCount == 0)
      }
    }
  }
}
