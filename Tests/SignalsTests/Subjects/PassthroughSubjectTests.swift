// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct PassthroughSubjectTests {
  @Test func deliversValuesThenCompletionToSubscribers() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    subject.subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test func valueSentBeforeSubscriptionIsNotReceived() {
    let subject = PassthroughSubject<Int, Never>()
    subject.send(0)
    let recorder = TestSubscriber<Int, Never>()
    subject.subscribe(recorder)
    subject.send(1)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func valuesSentWithoutDemandAreDroppedForThatSubscriber() {
    let subject = PassthroughSubject<Int, Never>()
    let limited = TestSubscriber<Int, Never>(initialDemand: .max(1))
    let unlimited = TestSubscriber<Int, Never>()
    subject.subscribe(limited)
    subject.subscribe(unlimited)
    subject.send(1)
    subject.send(2)
    limited.request(.max(1))
    subject.send(3)
    #expect(limited.values == [1, 3])
    #expect(unlimited.values == [1, 2, 3])
  }

  @Test func demandReturnedFromReceiveAddsUp() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
    subject.subscribe(recorder)
    for value in 1...5 { subject.send(value) }
    #expect(recorder.values == [1, 2, 3, 4, 5])
  }

  @Test func subscriberWithNoDemandReceivesNothingButCompletion() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    subject.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(TestError(id: 7)))
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 7)))])
  }

  @Test func completionReachesLaterSubscribersAtOnce() {
    let subject = PassthroughSubject<Int, TestError>()
    subject.send(completion: .failure(TestError(id: 1)))
    let late = TestSubscriber<Int, TestError>()
    subject.subscribe(late)
    #expect(late.events == [.subscription, .completion(.failure(TestError(id: 1)))])
  }

  @Test func onlyTheFirstCompletionCountsAndValuesAfterItAreIgnored() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    subject.subscribe(recorder)
    subject.send(completion: .finished)
    subject.send(completion: .failure(TestError()))
    subject.send(1)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func cancelledSubscriberReceivesNothingMoreAndOthersContinue() {
    let subject = PassthroughSubject<Int, Never>()
    let first = TestSubscriber<Int, Never>()
    let second = TestSubscriber<Int, Never>()
    subject.subscribe(first)
    subject.subscribe(second)
    subject.send(1)
    first.cancel()
    subject.send(2)
    subject.send(completion: .finished)
    #expect(first.events == [.subscription, .value(1)])
    #expect(second.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test func sinkKeepsReceivingWhileItsCancellableIsHeld() {
    let subject = PassthroughSubject<String, Never>()
    var received: [String] = []
    var cancellables = Set<AnyCancellable>()
    subject.sink { received.append($0) }.store(in: &cancellables)
    subject.send("a")
    cancellables.removeAll()
    subject.send("b")
    #expect(received == ["a"])
  }

  @Test func voidSubjectSendsWithoutArgument() {
    let taps = PassthroughSubject<Void, Never>()
    var count = 0
    let cancellable = taps.sink { count += 1 }
    taps.send()
    taps.send()
    #expect(count == 2)
    cancellable.cancel()
  }

  @Test func nestedSendIsDeliveredDepthFirstAsInCombine() {
    let subject = PassthroughSubject<Int, Never>()
    var log: [String] = []
    let first = subject.sink { value in
      log.append("first \(value)")
      if value == 1 { subject.send(2) }
    }
    let second = subject.sink { log.append("second \($0)") }
    subject.send(1)
    #expect(log == ["first 1", "first 2", "second 2", "second 1"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func cancellingAnotherSubscriberFromInsideReceiveStopsItsDelivery() {
    let subject = PassthroughSubject<Int, Never>()
    var log: [String] = []
    var second: AnyCancellable?
    let first = subject.sink { value in
      log.append("first \(value)")
      second?.cancel()
    }
    second = subject.sink { log.append("second \($0)") }
    subject.send(1)
    subject.send(2)
    #expect(log == ["first 1", "first 2"])
    withExtendedLifetime(first) {}
  }

  @Test func subscriberCancellingItselfInsideReceiveGetsNothingMore() {
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    var cancellable: AnyCancellable?
    cancellable = subject.sink { value in
      received.append(value)
      cancellable?.cancel()
    }
    subject.send(1)
    subject.send(2)
    #expect(received == [1])
  }

  @Test func completionSentFromInsideReceiveIsDeliveredNested() {
    let subject = PassthroughSubject<Int, Never>()
    var log: [String] = []
    let cancellable = subject.sink(
      receiveCompletion: { _ in log.append("finished") },
      receiveValue: { value in
        log.append("value \(value)")
        subject.send(completion: .finished)
        log.append("after completion")
      })
    subject.send(1)
    subject.send(2)
    #expect(log == ["value 1", "finished", "after completion"])
    cancellable.cancel()
  }

  @Test func subscribingFromInsideReceiveDoesNotDeadlock() {
    let subject = PassthroughSubject<Int, Never>()
    let late = TestSubscriber<Int, Never>()
    // Subscribed to only from inside receive(_:), which this test's own send runs on its thread.
    let subjectInside = UnsafeTransfer(subject)
    let first = TestSubscriber<Int, Never>(onValue: { value in
      if value == 1 { subjectInside.wrapped.subscribe(late) }
    })
    subject.subscribe(first)
    subject.send(1)
    subject.send(2)
    #expect(first.values == [1, 2])
    #expect(late.events == [.subscription, .value(2)])
  }

  @Test func requestFromInsideReceiveAddsDemand() {
    let subject = PassthroughSubject<Int, Never>()
    let box = SubscriberBox<Int>()
    let recorder = TestSubscriber<Int, Never>(
      initialDemand: .max(1),
      onValue: { _ in box.subscriber?.request(Subscribers.Demand.max(1)) })
    box.subscriber = recorder
    subject.subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    #expect(recorder.values == [1, 2, 3])
  }

  @Test func subscribingASubjectToAPublisherForwardsOnceThereIsDemand() {
    let upstream = TestPublisher<Int, Never>()
    let subject = PassthroughSubject<Int, Never>()
    let link = upstream.subscribe(subject)
    #expect(upstream.subscription.events.isEmpty)
    let recorder = TestSubscriber<Int, Never>()
    subject.subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.unlimited)])
    upstream.send(5)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(5), .completion(.finished)])
    link.cancel()
  }

  @Test func cancellingTheLinkCancelsTheUpstream() {
    let upstream = TestPublisher<Int, Never>()
    let subject = PassthroughSubject<Int, Never>()
    let link = upstream.subscribe(subject)
    link.cancel()
    #expect(upstream.subscription.isCancelled)
  }

  @Test func anySubscriberWrappingASubjectFeedsIt() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    subject.subscribe(recorder)
    let upstream = TestPublisher<Int, Never>()
    upstream.subscribe(AnySubscriber(subject))
    upstream.send(3)
    #expect(recorder.values == [3])
  }

  @Test func subscriberIsReleasedAfterCancel() {
    let subject = PassthroughSubject<Int, Never>()
    weak var weakRecorder: TestSubscriber<Int, Never>?
    do {
      let recorder = TestSubscriber<Int, Never>()
      weakRecorder = recorder
      subject.subscribe(recorder)
      recorder.cancel()
    }
    #expect(weakRecorder == nil)
  }

  @Test func subscriberIsReleasedAfterCompletion() {
    let subject = PassthroughSubject<Int, Never>()
    weak var weakRecorder: TestSubscriber<Int, Never>?
    do {
      let recorder = TestSubscriber<Int, Never>()
      weakRecorder = recorder
      subject.subscribe(recorder)
      subject.send(completion: .finished)
    }
    #expect(weakRecorder == nil)
  }

  @Test func subscriberCancellingItselfInsideReceiveIsReleasedOnceTheDeliveryReturns() {
    /// Keeps its subscription (as hand-written subscribers often do) and cancels it from the first
    /// value.
    final class CancelsOnFirstValue: Subscriber, @unchecked Sendable {
      // Safety: used from the test's thread only.
      var subscription: (any Subscription)?
      var values: [Int] = []
      func receive(subscription: any Subscription) {
        self.subscription = subscription
        subscription.request(.unlimited)
      }
      func receive(_ input: Int) -> Subscribers.Demand {
        values.append(input)
        subscription?.cancel()
        return .none
      }
      func receive(completion: Subscribers.Completion<Never>) {}
    }
    let subject = PassthroughSubject<Int, Never>()
    weak var weakSubscriber: CancelsOnFirstValue?
    do {
      let subscriber = CancelsOnFirstValue()
      weakSubscriber = subscriber
      subject.subscribe(subscriber)
      subject.send(1)
      subject.send(2)
      #expect(subscriber.values == [1])
    }
    #expect(weakSubscriber == nil, "released by the delivery that was running when it cancelled")
  }

  @Test func subscriberToAFinishedSubjectIsReleased() {
    let subject = PassthroughSubject<Int, Never>()
    subject.send(completion: .finished)
    weak var weakRecorder: TestSubscriber<Int, Never>?
    do {
      let recorder = TestSubscriber<Int, Never>()
      weakRecorder = recorder
      subject.subscribe(recorder)
      #expect(recorder.events == [.subscription, .completion(.finished)])
    }
    #expect(weakRecorder == nil)
  }

  @Test func subjectIsReleasedOnceSubscriptionsEnd() {
    weak var weakSubject: PassthroughSubject<Int, Never>?
    var cancellable: AnyCancellable?
    do {
      let subject = PassthroughSubject<Int, Never>()
      weakSubject = subject
      cancellable = subject.sink { _ in }
    }
    #expect(weakSubject != nil, "a live subscription keeps its subject, as in Combine")
    cancellable?.cancel()
    cancellable = nil
    #expect(weakSubject == nil)
  }

  @Test func cancellingManySubscribersInRandomOrderLeavesTheRestIntact() {
    let subject = PassthroughSubject<Int, Never>()
    var generator = SplitMix64(seed: 42)
    let recorders = (0..<200).map { _ in TestSubscriber<Int, Never>() }
    for recorder in recorders { subject.subscribe(recorder) }
    let cancelled = Set(recorders.indices.shuffled(using: &generator).prefix(150))
    for index in cancelled { recorders[index].cancel() }
    subject.send(1)
    for (index, recorder) in recorders.enumerated() {
      #expect(recorder.values == (cancelled.contains(index) ? [] : [1]))
    }
  }

  @Test func concurrentSendsAreDeliveredSeriallyWithoutLossOrDuplicates() {
    let subject = PassthroughSubject<Int, Never>()
    let probe = SerialityProbe()
    let recorder = TestSubscriber<Int, Never>(onValue: { _ in probe.enterAndLeave() })
    subject.subscribe(recorder)
    let senders = 4
    let perSender = 2_000
    DispatchQueue.concurrentPerform(iterations: senders) { sender in
      for index in 0..<perSender { subject.send(sender * perSender + index) }
    }
    #expect(probe.overlaps == 0, "a subscriber must never be called from two threads at once")
    let values = recorder.values
    #expect(values.count == senders * perSender)
    #expect(Set(values).count == senders * perSender)
    for sender in 0..<senders {
      let mine = values.filter { $0 / perSender == sender }
      #expect(mine == mine.sorted(), "each sender's values keep their order")
    }
  }

  @Test func concurrentCompletionIsDeliveredExactlyOnceAndLast() {
    for _ in 0..<50 {
      let subject = PassthroughSubject<Int, Never>()
      let recorder = TestSubscriber<Int, Never>()
      subject.subscribe(recorder)
      DispatchQueue.concurrentPerform(iterations: 4) { index in
        if index == 0 {
          subject.send(completion: .finished)
        } else {
          for value in 0..<100 { subject.send(value) }
        }
      }
      let events = recorder.events
      #expect(events.filter { if case .completion = $0 { true } else { false } }.count == 1)
      #expect(events.last == .completion(.finished))
    }
  }

  /// `sink` through generic code reaches `Publisher.sink`; on the subject itself it reaches the
  /// subject's own `sink`. Both must behave the same.
  private static func genericSink<P: Publisher>(
    _ publisher: P, log: @escaping (String) -> Void
  ) -> AnyCancellable where P.Output == Int {
    publisher.sink(receiveCompletion: { log("end \($0)") }, receiveValue: { log("value \($0)") })
  }

  @Test func sinkOnTheSubjectBehavesAsSinkThroughGenericCode() {
    final class Log: @unchecked Sendable {
      // Safety: touched only on the test's thread.
      var entries: [String] = []
    }
    let direct = Log()
    let generic = Log()
    let subject = PassthroughSubject<Int, TestError>()
    let directSink = subject.sink(
      receiveCompletion: { direct.entries.append("end \($0)") }, receiveValue: { direct.entries.append("value \($0)") })
    let genericSink = Self.genericSink(subject) { generic.entries.append($0) }
    subject.send(1)
    subject.send(2)
    directSink.cancel()
    subject.send(3)
    #expect(direct.entries == ["value 1", "value 2"])
    subject.send(completion: .failure(TestError(id: 1)))
    #expect(
      generic.entries == [
        "value 1", "value 2", "value 3", "end failure(SignalsTests.TestError(id: 1))",
      ])
    withExtendedLifetime(genericSink) {}

    let neverFailing = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    let valueSink = neverFailing.sink { received.append($0) }
    neverFailing.send(4)
    valueSink.cancel()
    neverFailing.send(5)
    #expect(received == [4])
  }
}
