// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import SignalsTesting
import Testing

@testable import Signals

/// `map`, `filter` and `compactMap` behind an upstream that keeps the contract (a subject, a
/// sequence, another operator) relay its subscription instead of wrapping it, as Combine's do;
/// behind any other upstream they keep their own checks.
struct ContractRelayTests {
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

  /// Behind an upstream that may break the contract (a custom publisher, or one erased to
  /// `AnyPublisher`), the operator keeps its own checks: nothing after a cancel reaches a closure.
  @Test func behindAnyOtherUpstreamTheOperatorStillDropsValuesSentAfterACancel() {
    let upstream = TestPublisher<Int, TestError>()
    let tested = Recorder<Int>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.eraseToAnyPublisher().map { value in
      tested.append(value)
      return value
    }.filter { _ in true }.subscribe(recorder)
    #expect(recorder.subscription.map { "\($0)" } == "Map")
    _ = upstream.send(1)
    recorder.cancel()
    _ = upstream.send(2)
    #expect(tested.elements == [1])
    #expect(recorder.values == [1])
  }

  /// The marker is a promise about the subscription the subscriber receives; check it for every
  /// marked publisher, relayed or not.
  @Test func everyMarkedPublisherHandsItsSubscriberASubscriptionThatKeepsTheContract() {
    let subject = PassthroughSubject<Int, TestError>()
    let custom = TestPublisher<Int, TestError>()
    func check<P: Publisher>(_ publisher: P, sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(keepsSubscriberContract(P.self), sourceLocation: sourceLocation)
      let recorder = TestSubscriber<P.Output, P.Failure>()
      publisher.subscribe(recorder)
      #expect(recorder.subscription is any ContractKeepingSubscription, sourceLocation: sourceLocation)
      recorder.cancel()
    }
    check(subject)
    check(CurrentValueSubject<Int, TestError>(0))
    check(Model().$count)
    check([1, 2].publisher)
    check(Record<Int, TestError>(output: [1, 2], completion: .finished))
    check(Just(1))
    check(Future<Int, TestError> { $0(.success(1)) })
    check(Optional.Publisher(1))
    check(Result<Int, TestError>.Publisher(1))
    for upstream in [subject.eraseToAnyPublisher(), custom.eraseToAnyPublisher()] {
      check(upstream.map { $0 })
      check(upstream.tryMap { $0 })
      check(upstream.filter { _ in true })
      check(upstream.tryFilter { _ in true })
      check(upstream.compactMap { $0 })
      check(upstream.tryCompactMap { $0 })
      check(upstream.scan(0, +))
      check(upstream.tryScan(0, +))
      check(upstream.removeDuplicates())
      check(upstream.tryRemoveDuplicates { $0 == $1 })
      check(upstream.map(\.self) as Publishers.MapKeyPath<AnyPublisher<Int, TestError>, Int>)
      check(upstream.map(\.self, \.self))
      check(upstream.map(\.self, \.self, \.self))
      check(upstream.mapError { $0 })
      check(upstream.dropFirst())
      check(upstream.drop { _ in false })
      check(upstream.tryDrop { _ in false })
      check(upstream.prefix { _ in true })
      check(upstream.tryPrefix { _ in true })
      check(upstream.output(in: 0..<3))
      check(upstream.ignoreOutput())
      check(upstream.handleEvents())
      check(upstream.print(to: LineSink(LockedState<[String]>.make([]))))
      check(upstream.breakpoint())
      check(upstream.assertNoFailure())
      check(upstream.materialize().dematerialize())
      check(upstream.encode(encoder: DecimalCoder()).decode(type: Int.self, decoder: DecimalCoder()))
    }
    check(Empty<Int, Never>().setFailureType(to: TestError.self))
    check(subject.map { $0 })
    check(subject.map { $0 }.filter { _ in true }.compactMap { $0 })
    // These send nothing but a completion.
    func checkEnding<P: Publisher>(_ publisher: P, sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(keepsSubscriberContract(P.self), sourceLocation: sourceLocation)
      let recorder = TestSubscriber<P.Output, P.Failure>()
      publisher.subscribe(recorder)
      #expect(recorder.values.isEmpty && recorder.completion != nil, sourceLocation: sourceLocation)
    }
    checkEnding(Empty<Int, TestError>())
    checkEnding(Fail<Int, TestError>(error: TestError(id: 1)))
    checkEnding(Optional<Int>.Publisher(nil))
    checkEnding(Result<Int, TestError>.Publisher(TestError(id: 1)))
    #expect(keepsSubscriberContract(Empty<Int, Never>.self))
    #expect(!keepsSubscriberContract(AnyPublisher<Int, TestError>.self))
    #expect(!keepsSubscriberContract(TestPublisher<Int, TestError>.self))
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
