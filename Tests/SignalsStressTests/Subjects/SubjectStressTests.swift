// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import Testing

/// Subjects driven from many threads at once: concurrent send, subscribe, cancel, request and
/// completion, with the subscriber contract checked on every event.
struct SubjectStressTests {
  static let senders = 4
  static let perSender = 2_000

  @Test(arguments: [false, true])
  func concurrentSendsReachEverySubscriberOnceInOrder(currentValue: Bool) {
    withWatchdog("concurrent sends") {
      let subscribers = (0..<8).map { _ in InvariantSubscriber(sourceWidth: Self.perSender) }
      let send: @Sendable (Int) -> Void
      let complete: @Sendable () -> Void
      if currentValue {
        let subject = CurrentValueSubject<Int, TestFailure>(-1)
        for subscriber in subscribers { subject.subscribe(subscriber) }
        send = { subject.send($0) }
        complete = { subject.send(completion: .finished) }
      } else {
        let subject = PassthroughSubject<Int, TestFailure>()
        for subscriber in subscribers { subject.subscribe(subscriber) }
        send = { subject.send($0) }
        complete = { subject.send(completion: .finished) }
      }
      runConcurrently(Self.senders) { sender in
        for index in 0..<Self.perSender { send(sender * Self.perSender + index) }
      }
      complete()
      for subscriber in subscribers {
        #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
        #expect(subscriber.receivedCount == Self.senders * Self.perSender + (currentValue ? 1 : 0))
        #expect(subscriber.completionCount == 1)
      }
    }
  }

  @Test func subscribeAndCancelChurnDuringSendsKeepsTheContract() {
    withWatchdog("subscribe/cancel churn") {
      let subject = PassthroughSubject<Int, TestFailure>()
      let (steady, churned) = runSubscribeCancelChurn(
        senders: Self.senders, perSender: Self.perSender, attach: { subject.subscribe($0) },
        send: { subject.send($0) }, complete: { subject.send(completion: .finished) })
      #expect(steady.violations.isEmpty, "\(steady.violations.prefix(5))")
      #expect(steady.receivedCount == Self.senders * Self.perSender)
      for subscriber in churned {
        #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
        #expect(subscriber.completionCount == 0, "a cancelled subscriber gets no completion")
      }
    }
  }

  @Test func demandRequestedFromOtherThreadsIsNeverExceeded() {
    withWatchdog("concurrent requests") {
      let subject = PassthroughSubject<Int, TestFailure>()
      let subscriber = InvariantSubscriber(initialDemand: .max(1), sourceWidth: Self.perSender)
      subject.subscribe(subscriber)
      runConcurrently(Self.senders + 2) { worker in
        if worker < Self.senders {
          for index in 0..<Self.perSender { subject.send(worker * Self.perSender + index) }
        } else {
          for _ in 0..<500 { subscriber.request(.max(2)) }
        }
      }
      subject.send(completion: .finished)
      #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
      #expect(subscriber.receivedCount <= 1 + 2 * 500 * 2)
      #expect(subscriber.completionCount == 1)
    }
  }

  @Test func completionRacingSendsIsDeliveredOnceAndLast() {
    withWatchdog("completion racing sends") {
      for _ in 0..<100 {
        let subject = PassthroughSubject<Int, TestFailure>()
        let subscribers = (0..<4).map { _ in InvariantSubscriber(sourceWidth: 100) }
        for subscriber in subscribers { subject.subscribe(subscriber) }
        runConcurrently(4) { worker in
          if worker == 0 {
            subject.send(completion: .failure(TestFailure()))
          } else {
            for index in 0..<100 { subject.send(worker * 100 + index) }
          }
        }
        for subscriber in subscribers {
          #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
          #expect(subscriber.completionCount == 1)
        }
      }
    }
  }

  @Test func cancelRacingDeliveryNeverFreesTheSubscriberMidCall() {
    withWatchdog("cancel racing delivery") {
      for _ in 0..<200 {
        let subject = PassthroughSubject<Int, TestFailure>()
        let subscriber = InvariantSubscriber(sourceWidth: 1_000)
        subject.subscribe(subscriber)
        runConcurrently(3) { worker in
          switch worker {
          case 0: subscriber.cancel()
          default: for index in 0..<200 { subject.send(worker * 1_000 + index) }
          }
        }
        #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
      }
    }
  }

  // MARK: Sinks

  /// What the closures of one `sink` on a subject saw. The subject calls a sink's closures one at a
  /// time and they take no lock of their own, so ThreadSanitizer reports any overlap, and a closure
  /// released while it runs is a use after free.
  private final class SinkProbe: @unchecked Sendable {
    // Safety: written only by the sink's closures, which the subject calls one at a time (the
    // delivery token's lock orders them); read after the sending threads joined.
    var lastIndex: [Int: Int] = [:]
    var violations: [String] = []
    var received = 0
    var completions = 0

    func receive(_ value: Int, width: Int) {
      if completions > 0 { violations.append("value \(value) after the completion") }
      let sender = value / width
      let index = value % width
      if let last = lastIndex[sender], last >= index { violations.append("value \(value) out of order") }
      lastIndex[sender] = index
      received += 1
    }

    func complete() {
      completions += 1
    }
  }

  /// One or two sinks take the send path that lends the delivery token and gives it back with a
  /// compare-exchange (`TokenLoan`); eight take the one that gives the tokens back under the lock.
  @Test(arguments: [false, true], [1, 2, 8])
  func concurrentSendsReachEverySinkOnceInOrder(currentValue: Bool, sinks: Int) {
    withWatchdog("concurrent sends to sinks") {
      let probes = (0..<sinks).map { _ in SinkProbe() }
      let send: @Sendable (Int) -> Void
      let complete: @Sendable () -> Void
      let cancellables: [AnyCancellable]
      if currentValue {
        let subject = CurrentValueSubject<Int, TestFailure>(-1)
        cancellables = probes.map { probe in
          subject.sink(
            receiveCompletion: { _ in probe.complete() },
            receiveValue: { if $0 >= 0 { probe.receive($0, width: Self.perSender) } })
        }
        send = { subject.send($0) }
        complete = { subject.send(completion: .finished) }
      } else {
        let subject = PassthroughSubject<Int, TestFailure>()
        cancellables = probes.map { probe in
          subject.sink(
            receiveCompletion: { _ in probe.complete() }, receiveValue: { probe.receive($0, width: Self.perSender) })
        }
        send = { subject.send($0) }
        complete = { subject.send(completion: .finished) }
      }
      runConcurrently(Self.senders) { sender in
        for index in 0..<Self.perSender { send(sender * Self.perSender + index) }
      }
      complete()
      for probe in probes {
        #expect(probe.violations.isEmpty, "\(probe.violations.prefix(5))")
        #expect(probe.received == Self.senders * Self.perSender)
        #expect(probe.completions == 1)
      }
      withExtendedLifetime(cancellables) {}
    }
  }

  /// A `Subscribers.Sink` behind relays on a subject takes no lock of its own per value: the
  /// subject's delivery token serialises its calls and releases its closures.
  @Test func aSinkBehindRelaysFedFromManyThreadsIsEnteredOnceAtATimeAndReleasedAfterItsLastCall() {
    withWatchdog("relay sink racing sends and cancel") {
      for round in 0..<200 {
        let subject = PassthroughSubject<Int, TestFailure>()
        let probe = SinkProbe()
        let held = LockedState<AnyCancellable?>.make(
          subject.map { $0 }.filter { _ in true }.sink(
            receiveCompletion: { _ in probe.complete() }, receiveValue: { probe.receive($0, width: 1_000) }))
        runConcurrently(3) { worker in
          switch worker {
          case 0 where round % 2 == 0:
            let cancellable = held.withLock { cancellable in
              defer { cancellable = nil }
              return cancellable
            }
            cancellable?.cancel()
          case 0:
            subject.send(completion: .finished)
          default:
            for index in 0..<200 { subject.send(worker * 1_000 + index) }
          }
        }
        #expect(probe.violations.isEmpty, "\(probe.violations.prefix(5))")
        #expect(probe.completions == (round % 2 == 0 ? 0 : 1))
      }
    }
  }

  /// Sinks come and go while others send, so the list keeps crossing the length up to which sends
  /// lend their tokens (`TokenLoan`): every sink still sees one call at a time, in each sender's
  /// order, and a cancelled sink is left alone.
  @Test func sinksComingAndGoingAcrossTheLendingLengthKeepTheContract() {
    withWatchdog("sink churn across the lending length") {
      let subject = PassthroughSubject<Int, TestFailure>()
      let probes = LockedState.make([SinkProbe]())
      runConcurrently(4) { worker in
        if worker == 0 {
          var live: [AnyCancellable] = []
          for round in 0..<400 {
            let probe = SinkProbe()
            probes.withLock { $0.append(probe) }
            live.append(
              subject.sink(
                receiveCompletion: { _ in probe.complete() }, receiveValue: { probe.receive($0, width: 10_000) }))
            // Between one and five sinks at a time.
            if live.count > 1 + round % 5 { live.removeFirst().cancel() }
          }
          live.forEach { $0.cancel() }
        } else {
          for index in 0..<3_000 { subject.send(worker * 10_000 + index) }
        }
      }
      for probe in probes.withLock({ $0 }) {
        #expect(probe.violations.isEmpty, "\(probe.violations.prefix(5))")
        #expect(probe.completions == 0)
      }
    }
  }

  @Test func cancellingASinkRacingSendsNeverReleasesItsClosuresMidCall() {
    withWatchdog("sink cancel racing delivery") {
      for _ in 0..<200 {
        let subject = PassthroughSubject<Int, TestFailure>()
        let probe = SinkProbe()
        let held = LockedState<AnyCancellable?>.make(
          subject.sink(receiveCompletion: { _ in probe.complete() }, receiveValue: { probe.receive($0, width: 1_000) }))
        runConcurrently(3) { worker in
          switch worker {
          case 0:
            // Cancel and drop the cancellable while the others send: the closures are released
            // by whichever thread holds the delivery token, after its call returns.
            let cancellable = held.withLock { cancellable in
              defer { cancellable = nil }
              return cancellable
            }
            cancellable?.cancel()
          default:
            for index in 0..<200 { subject.send(worker * 1_000 + index) }
          }
        }
        #expect(probe.violations.isEmpty, "\(probe.violations.prefix(5))")
        #expect(probe.completions == 0)
      }
    }
  }

  @Test(arguments: [1, 4])
  func completionRacingSendsReachesEverySinkOnceAndLast(sinks: Int) {
    withWatchdog("completion racing sends to sinks") {
      for _ in 0..<100 {
        let subject = PassthroughSubject<Int, TestFailure>()
        let probes = (0..<sinks).map { _ in SinkProbe() }
        let cancellables = probes.map { probe in
          subject.sink(receiveCompletion: { _ in probe.complete() }, receiveValue: { probe.receive($0, width: 100) })
        }
        runConcurrently(4) { worker in
          if worker == 0 {
            subject.send(completion: .failure(TestFailure()))
          } else {
            for index in 0..<100 { subject.send(worker * 100 + index) }
          }
        }
        for probe in probes {
          #expect(probe.violations.isEmpty, "\(probe.violations.prefix(5))")
          #expect(probe.completions == 1)
        }
        withExtendedLifetime(cancellables) {}
      }
    }
  }
}
