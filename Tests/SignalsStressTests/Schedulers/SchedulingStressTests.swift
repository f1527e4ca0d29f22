// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import Testing

/// Operators that hop threads, fed from many threads at once: values reach the subscriber one
/// call at a time, in each sender's order, each once, and the completion arrives once, last.
struct SchedulingStressTests {
  static let senders = 4
  static let perSender = 2_000

  @Test func receiveOnDeliversConcurrentSendsSeriallyOnTheQueue() {
    withWatchdog("receive(on:) of concurrent sends") {
      let subject = PassthroughSubject<Int, TestFailure>()
      let queue = DispatchQueue(label: "signals.stress.receive-on")
      let subscriber = InvariantSubscriber(sourceWidth: Self.perSender)
      subject.receive(on: queue).subscribe(subscriber)
      runConcurrently(Self.senders) { sender in
        for index in 0..<Self.perSender { subject.send(sender * Self.perSender + index) }
      }
      subject.send(completion: .finished)
      subscriber.completed.wait()
      #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
      #expect(subscriber.receivedCount == Self.senders * Self.perSender)
      #expect(subscriber.completionCount == 1)
    }
  }

  @Test func receiveOnWithDemandRequestedFromOtherThreadsNeverExceedsIt() {
    withWatchdog("receive(on:) with limited demand") {
      let subject = PassthroughSubject<Int, TestFailure>()
      let queue = DispatchQueue(label: "signals.stress.receive-on-demand")
      let subscriber = InvariantSubscriber(initialDemand: .max(1), sourceWidth: Self.perSender)
      subject.receive(on: queue).subscribe(subscriber)
      runConcurrently(Self.senders + 1) { worker in
        if worker < Self.senders {
          for index in 0..<Self.perSender { subject.send(worker * Self.perSender + index) }
        } else {
          for _ in 0..<300 { subscriber.request(.max(1)) }
        }
      }
      subject.send(completion: .finished)
      subscriber.completed.wait()
      #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
      #expect(subscriber.completionCount == 1)
    }
  }

  @Test func subscribeOnAndReceiveOnChainKeepsTheContractUnderCancelChurn() {
    withWatchdog("subscribe(on:) and receive(on:) churn") {
      let subject = PassthroughSubject<Int, TestFailure>()
      let queue = DispatchQueue(label: "signals.stress.hop")
      let churned = LockedState<[InvariantSubscriber]>.make([])
      runConcurrently(Self.senders) { worker in
        if worker < 2 {
          for index in 0..<Self.perSender { subject.send(worker * Self.perSender + index) }
        } else {
          for _ in 0..<200 {
            let subscriber = InvariantSubscriber(sourceWidth: Self.perSender)
            subject.subscribe(on: queue).receive(on: queue).subscribe(subscriber)
            subscriber.cancel()
            churned.withLock { $0.append(subscriber) }
          }
        }
      }
      // Drain whatever hops are still queued before checking.
      queue.sync {}
      for subscriber in churned.withLock({ $0 }) {
        #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
      }
    }
  }

  @Test(arguments: ["debounce", "throttle", "delay"])
  func timeBasedOperatorsOnARealQueueKeepTheContractUnderConcurrentSends(operatorName: String) {
    withWatchdog("\(operatorName) of concurrent sends") {
      let subject = PassthroughSubject<Int, TestFailure>()
      let queue = DispatchQueue(label: "signals.stress.\(operatorName)")
      let subscriber = InvariantSubscriber(sourceWidth: Self.perSender)
      switch operatorName {
      case "debounce": subject.debounce(for: .microseconds(50), scheduler: queue).subscribe(subscriber)
      case "throttle": subject.throttle(for: .microseconds(50), scheduler: queue, latest: true).subscribe(subscriber)
      default: subject.delay(for: .microseconds(50), scheduler: queue).subscribe(subscriber)
      }
      runConcurrently(Self.senders) { sender in
        for index in 0..<Self.perSender { subject.send(sender * Self.perSender + index) }
      }
      subject.send(completion: .finished)
      subscriber.completed.wait()
      #expect(subscriber.violations.isEmpty, "\(operatorName): \(subscriber.violations.prefix(5))")
      #expect(subscriber.completionCount == 1)
      if operatorName == "delay" {
        #expect(subscriber.receivedCount == Self.senders * Self.perSender, "delay loses nothing")
      }
    }
  }
}
