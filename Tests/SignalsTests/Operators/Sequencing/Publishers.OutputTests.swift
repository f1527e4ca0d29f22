// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct OutputTests {
  @Test func outputKeepsTheContract() {
    checkOperatorContract(skipping: .passThrough) { $0.output(in: 1..<4) }
  }

  @Test func prefixKeepsTheContract() {
    checkOperatorContract(skipping: .passThrough) { $0.prefix(2) }
  }

  @Test func rangesTranslateLikeCombine() {
    let empty = Empty<Int, Never>()
    #expect(empty.prefix(3).range == 0..<3)
    #expect(empty.prefix(0).range == 0..<0)
    #expect(empty.output(at: 4).range == 4..<5)
    #expect(empty.output(in: ...8).range == 0..<9)
    #expect(empty.output(in: 8...).range == 8..<Int.max)
    #expect(empty.output(in: 2...3).range == 2..<4)
  }

  /// Values before the range ask for one more each; the last value in the range is delivered, the
  /// stream finishes, and the demand downstream returned for that value still goes upstream (as
  /// Combine reports it).
  @Test func valuesBeforeTheRangeAskForOneMoreAndTheLastOneFinishes() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(2), demandPerValue: .max(5))
    upstream.output(in: 2..<4).subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.max(2))])
    #expect(upstream.send(0) == .max(1))
    #expect(upstream.send(1) == .max(1))
    #expect(upstream.send(2) == .max(5))
    #expect(recorder.completion == nil)
    #expect(upstream.send(3) == .max(5))
    #expect(recorder.events == [.subscription, .value(2), .value(3), .completion(.finished)])
    #expect(upstream.subscription.events == [.requested(.max(2)), .cancelled])
    #expect(upstream.send(4) == .none)
    #expect(recorder.events.count == 4)
  }

  @Test func prefixFinishesAsSoonAsTheCountIsReached() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    subject.prefix(1).subscribe(recorder)
    subject.send(7)
    #expect(recorder.events == [.subscription, .value(7), .completion(.finished)])
  }

  @Test func emptyRangeFinishesAtTheFirstValue() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.prefix(0).subscribe(recorder)
    #expect(recorder.events == [.subscription])
    upstream.send(1)
    #expect(recorder.events == [.subscription, .completion(.finished)])
    #expect(upstream.subscription.isCancelled)
  }

  @Test func upstreamCompletionBeforeTheRangeEndIsForwarded() {
    let recorder = TestSubscriber<Int, Never>()
    (0..<3).publisher.output(in: 1...10).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test func reentrantSendFromTheLastValueIsNotDelivered() {
    let subject = PassthroughSubject<Int, Never>()
    let box = SubscriberBox<Int>()
    // Sent to only from inside receive(_:), which this test's own send runs on its thread.
    let subjectInside = UnsafeTransfer(subject)
    let recorder = TestSubscriber<Int, Never>(onValue: { value in
      if value < 5 { subjectInside.wrapped.send(value + 1) }
      _ = box
    })
    box.subscriber = recorder
    subject.prefix(2).subscribe(recorder)
    subject.send(1)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  // MARK: Combine's behaviour

  /// As in Combine, a value a finished upstream still sends goes through `output(in:)` while it is
  /// in the range: the operator checks no value.
  @Test func outputForwardsAValueInTheRangeThatComesAfterTheUpstreamsCompletion() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.output(in: 1..<3).subscribe(recorder)
    upstream.send(completion: .finished)
    #expect(upstream.send(10) == .max(1))
    upstream.send(11)
    #expect(recorder.events == [.subscription, .completion(.finished), .value(11)])
  }

  @Test func outputForwardsAValueBeyondTheDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    upstream.output(in: 0..<5).subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    #expect(recorder.values == [1, 2])
  }
}
