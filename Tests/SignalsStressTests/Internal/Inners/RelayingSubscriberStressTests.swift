// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import Testing

/// `map`, `filter` and `compactMap` on a subject hand the subject's own subscription to their
/// subscriber and check nothing themselves: the subject's conduit must keep the contract for the
/// whole chain while sends, requests, subscriptions and cancels race.
struct RelayingSubscriberStressTests {
  static let senders = 4
  static let perSender = 2_000

  /// Every other value is dropped by the chain's `filter`, which asks the subject for a replacement.
  private static func chain(_ subject: PassthroughSubject<Int, TestFailure>) -> some Publisher<Int, TestFailure> {
    subject.map { $0 * 2 }.filter { $0 % 4 == 0 }.compactMap { $0 / 2 }
  }

  @Test func relayedChainsKeepTheContractUnderConcurrentSendsAndRequests() {
    withWatchdog("relayed chains, concurrent sends and requests") {
      let subject = PassthroughSubject<Int, TestFailure>()
      let unlimited = (0..<4).map { _ in InvariantSubscriber(sourceWidth: Self.perSender) }
      let bounded = (0..<2).map { _ in InvariantSubscriber(initialDemand: .max(1), sourceWidth: Self.perSender) }
      for subscriber in unlimited + bounded { Self.chain(subject).subscribe(subscriber) }
      runConcurrently(Self.senders + 1) { worker in
        if worker < Self.senders {
          for index in 0..<Self.perSender { subject.send(worker * Self.perSender + index) }
        } else {
          for _ in 0..<300 {
            for subscriber in bounded { subscriber.request(.max(2)) }
          }
        }
      }
      subject.send(completion: .finished)
      for subscriber in unlimited + bounded {
        #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
        #expect(subscriber.completionCount == 1)
      }
      for subscriber in unlimited {
        #expect(subscriber.receivedCount == Self.senders * Self.perSender / 2, "the even values, each once")
      }
    }
  }

  @Test func subscribingAndCancellingRelayedChainsDuringSendsKeepsTheContract() {
    withWatchdog("relayed chains, subscribe/cancel churn") {
      let subject = PassthroughSubject<Int, TestFailure>()
      let (steady, churned) = runSubscribeCancelChurn(
        senders: Self.senders, perSender: Self.perSender, attach: { Self.chain(subject).subscribe($0) },
        send: { subject.send($0) }, complete: { subject.send(completion: .finished) })
      #expect(steady.violations.isEmpty, "\(steady.violations.prefix(5))")
      #expect(steady.receivedCount == Self.senders * Self.perSender / 2)
      for subscriber in churned {
        #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
        #expect(subscriber.completionCount == 0, "a cancelled subscriber gets no completion")
      }
    }
  }
}
