// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsExt
@_spi(Signals) import SignalsSupport
import Testing

/// `share()`, `multicast` and `share(replay:)` driven from many threads at once: concurrent sends,
/// subscribes, cancels and requests, with the subscriber contract checked on every event.
struct MulticastStressTests {
  static let senders = 4
  static let perSender = 1_000

  @Test func shareUnderConcurrentSendsAndSubscriberChurn() {
    withWatchdog("share churn") {
      let subject = PassthroughSubject<Int, TestFailure>()
      let shared = subject.share()
      let steady = InvariantSubscriber(sourceWidth: Self.perSender)
      let limited = InvariantSubscriber(initialDemand: .max(5), demandPerValue: .max(1), sourceWidth: Self.perSender)
      shared.subscribe(steady)
      shared.subscribe(limited)
      let churned = LockedState<[InvariantSubscriber]>.make([])
      runConcurrently(Self.senders + 2) { worker in
        if worker < Self.senders {
          for index in 0..<Self.perSender { subject.send(worker * Self.perSender + index) }
        } else {
          for _ in 0..<200 {
            let subscriber = InvariantSubscriber(initialDemand: .max(3), sourceWidth: Self.perSender)
            shared.subscribe(subscriber)
            subscriber.request(.max(2))
            subscriber.cancel()
            churned.withLock { $0.append(subscriber) }
          }
        }
      }
      subject.send(completion: .finished)
      #expect(steady.violations.isEmpty, "\(steady.violations.prefix(5))")
      #expect(steady.receivedCount == Self.senders * Self.perSender)
      #expect(steady.completionCount == 1)
      #expect(limited.violations.isEmpty, "\(limited.violations.prefix(5))")
      #expect(limited.completionCount == 1)
      for subscriber in churned.withLock({ $0 }) {
        #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
      }
    }
  }

  @Test func multicastConnectAndCancelRacingSubscribers() {
    withWatchdog("multicast connect race") {
      for _ in 0..<50 {
        let subject = PassthroughSubject<Int, TestFailure>()
        let multicast = subject.multicast { PassthroughSubject<Int, TestFailure>() }
        let subscribers = (0..<4).map { _ in InvariantSubscriber(sourceWidth: 1_000) }
        let connection = LockedState<AnyCancellable?>.make(nil)
        runConcurrently(6) { worker in
          switch worker {
          case 0..<4:
            multicast.subscribe(subscribers[worker])
          case 4:
            let made = multicast.connect()
            connection.withLock { $0 = AnyCancellable(made) }
          default:
            for index in 0..<200 { subject.send(worker * 1_000 + index) }
          }
        }
        subject.send(completion: .failure(TestFailure()))
        for subscriber in subscribers {
          #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
          #expect(subscriber.completionCount <= 1)
        }
        connection.withLock { $0 }?.cancel()
      }
    }
  }

  @Test func shareReplayUnderConcurrentSendsSubscribesAndRequests() {
    withWatchdog("share(replay:)") {
      let subject = PassthroughSubject<Int, TestFailure>()
      let shared = subject.share(replay: 16)
      let anchor = InvariantSubscriber(sourceWidth: Self.perSender)
      shared.subscribe(anchor)
      let late = LockedState<[InvariantSubscriber]>.make([])
      runConcurrently(Self.senders + 2) { worker in
        if worker < Self.senders {
          for index in 0..<Self.perSender { subject.send(worker * Self.perSender + index) }
        } else {
          for round in 0..<100 {
            let subscriber = InvariantSubscriber(initialDemand: .max(1), sourceWidth: Self.perSender)
            shared.subscribe(subscriber)
            for _ in 0..<3 { subscriber.request(.max(2)) }
            if round.isMultiple(of: 2) { subscriber.cancel() }
            late.withLock { $0.append(subscriber) }
          }
        }
      }
      subject.send(completion: .finished)
      #expect(anchor.violations.isEmpty, "\(anchor.violations.prefix(5))")
      #expect(anchor.receivedCount == Self.senders * Self.perSender)
      #expect(anchor.completionCount == 1)
      for subscriber in late.withLock({ $0 }) {
        #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
        #expect(subscriber.receivedCount <= 7)
      }
    }
  }
}
