// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

/// `map`, `filter` and `compactMap` behind an upstream that keeps the contract (a subject, a
/// sequence, another operator) relay its subscription instead of wrapping it, as Combine's do;
/// behind any other upstream they keep their own checks.
struct RelayingSubscriberTests {
  @Test func theSubscriberOfAChainOnASubjectHoldsTheSubjectsOwnSubscription() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    subject.map { $0 }.filter { _ in true }.compactMap { $0 }.subscribe(recorder)
    let direct = TestSubscriber<Int, Never>()
    subject.subscribe(direct)
    #expect(recorder.subscription.map { "\($0)" } == "PassthroughSubject")
    #expect(recorder.subscription.map { "\($0)" } == direct.subscription.map { "\($0)" })

    let current = TestSubscriber<String, Never>()
    CurrentValueSubject<Int, Never>(1).map { "\($0)" }.subscribe(current)
    #expect(current.subscription.map { "\($0)" } == "CurrentValueSubject")
    #expect(current.values == ["1"])
  }

  @Test func printBehindAMapOnASubjectShowsTheSubjectsSubscriptionAsCombineDoes() {
    let lines = LockedState<[String]>.make([])
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.map { $0 * 2 }.print("p", to: LineSink(lines)).sink { _ in }
    subject.send(1)
    cancellable.cancel()
    #expect(
      lines.withLock { $0 } == [
        "p: receive subscription: (PassthroughSubject)", "p: request unlimited", "p: receive value: (2)",
        "p: receive cancel",
      ])
  }

  @Test func aRelayedChainHonoursBoundedDemandAndAsksForAReplacementOfWhatItDrops() {
    let subject = PassthroughSubject<Int, TestError>()
    let tested = Recorder<Int>()
    let recorder = TestSubscriber<String, TestError>(initialDemand: .max(2))
    subject.scan(0) { $1 }.filter { value in
      tested.append(value)
      return value % 2 == 0
    }.compactMap { $0 == 4 ? nil : $0 }.map { "\($0)" }.subscribe(recorder)
    for value in 1...8 { subject.send(value) }
    #expect(recorder.values == ["2", "6"], "4 is dropped by compactMap and does not use up demand")
    #expect(tested.elements == [1, 2, 3, 4, 5, 6], "values beyond the demand stop at the subject")
    recorder.request(.max(1))
    subject.send(9)
    subject.send(10)
    subject.send(completion: .failure(TestError(id: 1)))
    #expect(
      recorder.events == [
        .subscription, .value("2"), .value("6"), .value("10"), .completion(.failure(TestError(id: 1))),
      ])
  }

  @Test func aRelayedFilterOnASequenceGetsAReplacementForWhatItDropsUnderBoundedDemand() {
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(2))
    // Spelled out: `filter` on a sequence publisher is its own eager overload.
    Publishers.Filter(upstream: (1...10).publisher) { $0 % 2 == 0 }.subscribe(recorder)
    #expect(recorder.values == [2, 4])
    recorder.request(.max(1))
    #expect(recorder.values == [2, 4, 6])
    recorder.request(.unlimited)
    #expect(recorder.events.last == .completion(.finished))
    #expect(recorder.values == [2, 4, 6, 8, 10])

    let dropped = TestSubscriber<Int, Never>(initialDemand: .max(1))
    Just(1).filter { _ in false }.subscribe(dropped)
    #expect(dropped.events == [.subscription, .completion(.finished)])
  }

  @Test func aRelayedChainOnJustSendsItsValueOnlyWhenDemanded() {
    let recorder = TestSubscriber<String, Never>(initialDemand: .none)
    Just(1).map { $0 * 2 }.filter { _ in true }.scan("") { $0 + "\($1)" }.subscribe(recorder)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value("2"), .completion(.finished)])

    let relayed = TestSubscriber<Int, Never>()
    Just(1).map { $0 }.subscribe(relayed)
    #expect(relayed.subscription.map { "\($0)" } == "Just")
  }

  @Test func aRelayedChainOnAFutureDeliversTheResultOnceResolvedAndDemanded() {
    let promise = LockedState<Future<Int, TestError>.Promise?>.make(nil)
    let future = Future<Int, TestError> { resolve in promise.withLock { $0 = resolve } }
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    future.map { $0 + 1 }.filter { _ in true }.subscribe(recorder)
    promise.withLock { $0 }?(.success(1))
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(2), .completion(.finished)])
    #expect(recorder.subscription.map { "\($0)" } == "Future")
  }

  @Test func aRelayedChainOnAPublishedPropertyDeliversTheCurrentValueThenEachChange() {
    let model = Model()
    let recorder = TestSubscriber<Int, Never>()
    model.$count.map { $0 * 10 }.filter { $0 != 20 }.subscribe(recorder)
    model.count = 1
    model.count = 2
    model.count = 3
    #expect(recorder.values == [0, 10, 30])
    #expect(recorder.subscription.map { "\($0)" } == "PublishedSubject")
  }

  @Test func aRelayedChainOnAFinishedSubjectFinishesAtOnce() {
    let subject = CurrentValueSubject<Int, TestError>(1)
    subject.send(completion: .failure(TestError(id: 2)))
    let recorder = TestSubscriber<Int, TestError>()
    subject.map { $0 }.filter { _ in true }.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 2)))])
  }

  @Test func aRelayedChainOnASequenceStopsOnACancelFromInsideReceive() {
    let stopped = StopAfter(3)
    let tested = Recorder<Int>()
    // Spelled out: `map` and `filter` on a sequence publisher are its own eager overloads.
    let doubled = Publishers.Map(upstream: (1...100).publisher) { $0 * 2 }
    Publishers.Filter(upstream: doubled) { value in
      tested.append(value)
      return true
    }.subscribe(stopped)
    #expect(stopped.values == [2, 4, 6])
    #expect(tested.elements == [2, 4, 6], "no closure runs after the cancel")
  }

  @Test func theSubscriberIsReleasedWhenARelayedChainIsCancelled() {
    let subject = PassthroughSubject<Int, Never>()
    weak var released: TestSubscriber<Int, Never>?
    do {
      let recorder = TestSubscriber<Int, Never>()
      released = recorder
      subject.map { $0 }.filter { _ in true }.subscribe(recorder)
      subject.send(1)
      #expect(recorder.values == [1])
      recorder.cancel()
    }
    #expect(released == nil, "the subject let go of the relays and the subscriber they hold")
  }

  /// Behind any upstream, even a hand-written one erased to `AnyPublisher`, the stateless
  /// operators hand on the upstream's own subscription and forward whatever it sends, as Combine's
  /// do: a value sent after the cancel still reaches the closures and the subscriber.
  @Test func behindAnyUpstreamTheStatelessOperatorsPassTheSubscriptionAndEveryEventThrough() {
    let upstream = TestPublisher<Int, TestError>()
    let tested = Recorder<Int>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.eraseToAnyPublisher().map { value in
      tested.append(value)
      return value
    }.filter { _ in true }.scan(0, +).mapError { $0 }.subscribe(recorder)
    #expect((recorder.subscription as? TestSubscription) === upstream.subscription)
    _ = upstream.send(1)
    recorder.cancel()
    #expect(upstream.subscription.events == [.requested(.unlimited), .cancelled])
    _ = upstream.send(2)
    #expect(tested.elements == [1, 2])
    #expect(recorder.values == [1, 3])
  }

  /// A value or completion sent before the subscription passes through too (Combine does not
  /// check the contract in its stateless operators).
  @Test func statelessOperatorsForwardAValueSentBeforeTheSubscription() {
    let upstream = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let recorder = TestSubscriber<Int, TestError>()
    upstream.map { $0 + 1 }.compactMap { $0 }.subscribe(recorder)
    #expect(upstream.send(1) == .none)
    upstream.send(completion: .finished)
    #expect(recorder.values == [2])
    #expect(recorder.completion == .finished)
  }
}

private final class Model {
  @Published var count = 0
}

/// A text stream that appends each line to a list.
private struct LineSink: TextOutputStream {
  let lines: LockedState<[String]>

  init(_ lines: LockedState<[String]>) { self.lines = lines }

  func write(_ string: String) {
    guard !string.isEmpty, string != "\n" else { return }
    lines.withLock { $0.append(string) }
  }
}
