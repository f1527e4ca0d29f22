// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

/// `flatMap` does not subscribe to a `Just` the transform returns: it takes the value and the
/// completion in the steps a subscribed `Just` would send them. These tests run each scenario
/// twice — with `Just` (that path) and with the same `Just` behind `eraseToAnyPublisher()` (an
/// ordinary subscribed inner) — and expect the same history: what the subscriber received, what
/// the upstream was asked for, and in which order.
struct FlatMapStorageTests {
  /// Everything a scenario observed, in order.
  private final class Log: @unchecked Sendable {
    // Safety: all mutable state is in `entries`, a `LockedState`.
    private let entries = LockedState<[String]>.make([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
  }

  /// A subscriber that logs what it receives and lets a scenario act from inside `receive(_:)`.
  private final class LoggingSubscriber<Failure: Error>: Subscriber, @unchecked Sendable {
    // Safety: `subscription` is set once, before any value, by the upstream's serial calls.
    typealias Input = Int
    let log: Log
    let initialDemand: Subscribers.Demand
    let onValue: (Int, LoggingSubscriber) -> Subscribers.Demand
    var subscription: (any Subscription)?

    init(
      log: Log, initialDemand: Subscribers.Demand,
      onValue: @escaping (Int, LoggingSubscriber) -> Subscribers.Demand = { _, _ in .none }
    ) {
      self.log = log
      self.initialDemand = initialDemand
      self.onValue = onValue
    }

    func receive(subscription: any Subscription) {
      self.subscription = subscription
      if initialDemand > 0 { subscription.request(initialDemand) }
    }

    func receive(_ input: Int) -> Subscribers.Demand {
      log.append("value \(input)")
      let demand = onValue(input, self)
      if demand > 0 { log.append("returned \(demand)") }
      return demand
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      switch completion {
      case .finished: log.append("finished")
      case .failure: log.append("failed")
      }
    }

    func request(_ demand: Subscribers.Demand) {
      log.append("request \(demand)")
      subscription?.request(demand)
    }
  }

  /// How a scenario's inners are made: a `Just` (the single-value path) or the same `Just` erased.
  private enum InnerKind: CaseIterable {
    case just
    case erased
  }

  /// Runs `scenario` on `upstream.flatMap(maxPublishers:) { Just($0) }` and returns its log.
  private func run(
    _ kind: InnerKind, maxPublishers: Subscribers.Demand = .unlimited, initialDemand: Subscribers.Demand,
    onValue: @escaping (Int, LoggingSubscriber<Never>, TestPublisher<Int, Never>) -> Subscribers.Demand = { _, _, _ in
      .none
    },
    transformAction: @escaping (Int, TestPublisher<Int, Never>) -> Void = { _, _ in },
    _ scenario: (TestPublisher<Int, Never>, LoggingSubscriber<Never>) -> Void
  ) -> [String] {
    let log = Log()
    let upstream = TestPublisher<Int, Never>(onRequest: { log.append("upstream asked for \($0)") })
    let subscriber = LoggingSubscriber<Never>(log: log, initialDemand: initialDemand) { value, subscriber in
      onValue(value, subscriber, upstream)
    }
    switch kind {
    case .just:
      upstream.flatMap(maxPublishers: maxPublishers) { value -> Just<Int> in
        transformAction(value, upstream)
        return Just(value)
      }
      .subscribe(subscriber)
    case .erased:
      upstream.flatMap(maxPublishers: maxPublishers) { value -> AnyPublisher<Int, Never> in
        transformAction(value, upstream)
        return Just(value).eraseToAnyPublisher()
      }
      .subscribe(subscriber)
    }
    scenario(upstream, subscriber)
    if upstream.subscription.isCancelled { log.append("upstream cancelled") }
    return log.all
  }

  /// Runs a scenario with both kinds of inner and expects the same log; returns it.
  @discardableResult
  private func expectSameHistory(
    maxPublishers: Subscribers.Demand = .unlimited, initialDemand: Subscribers.Demand,
    onValue: @escaping (Int, LoggingSubscriber<Never>, TestPublisher<Int, Never>) -> Subscribers.Demand = { _, _, _ in
      .none
    },
    transformAction: @escaping (Int, TestPublisher<Int, Never>) -> Void = { _, _ in },
    _ scenario: (TestPublisher<Int, Never>, LoggingSubscriber<Never>) -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> [String] {
    let logs = InnerKind.allCases.map { kind in
      run(
        kind, maxPublishers: maxPublishers, initialDemand: initialDemand, onValue: onValue,
        transformAction: transformAction, scenario)
    }
    #expect(logs[0] == logs[1], "Just (first) and an erased Just (second) differ", sourceLocation: sourceLocation)
    return logs[0]
  }

  @Test func aJustIsLaidOutAsItsValue() {
    // `flatMap` reads a `Just`'s value straight from its memory: this breaks if `Just` (or
    // `SetFailureType`) ever stores anything besides its value.
    #expect(MemoryLayout<Just<String>>.size == MemoryLayout<String>.size)
    #expect(MemoryLayout<Just<String>>.alignment == MemoryLayout<String>.alignment)
    #expect(MemoryLayout<Publishers.SetFailureType<Just<String>, TestError>>.size == MemoryLayout<String>.size)
    #expect(MemoryLayout<Just<(Int8, Int64)>>.size == MemoryLayout<(Int8, Int64)>.size)
  }

  @Test func justValuesOfReferenceTypesAreNeitherLeakedNorOverReleased() {
    final class Box: Sendable {
      let text: String
      init(_ text: String) { self.text = text }
    }
    /// Weak references to every value made, and the texts of those delivered.
    final class Seen: @unchecked Sendable {
      // Safety: touched only on the test's thread, which sends every value.
      var boxes: [() -> Box?] = []
      var texts: [String] = []
    }
    let seen = Seen()
    let subject = PassthroughSubject<Int, Never>()
    var cancellable: AnyCancellable?
    for erased in [false, true] {
      let demand = Subscribers.Demand.max(1)
      let sink = AnySubscriber<Box, Never>(
        receiveSubscription: { subscription in
          cancellable = AnyCancellable(subscription)
          subscription.request(demand)
        },
        receiveValue: { box in
          seen.texts.append(box.text)
          return box.text.hasSuffix("1") ? .max(1) : .none
        },
        receiveCompletion: { _ in })
      let make = { (value: Int) -> Box in
        let box = Box("value \(value)")
        seen.boxes.append { [weak box] in box }
        return box
      }
      if erased {
        subject.flatMap { Just(make($0)).eraseToAnyPublisher() }.subscribe(sink)
      } else {
        subject.flatMap { Just(make($0)) }.subscribe(sink)
      }
      subject.send(1)
      subject.send(2)
      subject.send(3)  // waits for demand until the cancel drops it
      cancellable?.cancel()
      cancellable = nil
    }
    #expect(seen.texts == ["value 1", "value 2", "value 1", "value 2"])
    #expect(seen.boxes.count == 6)
    #expect(seen.boxes.allSatisfy { $0() == nil }, "every value, delivered or dropped, is released")
  }

  @Test func justInnersWithUnlimitedDemandFlattenInOrder() {
    let history = expectSameHistory(initialDemand: .unlimited) { upstream, _ in
      upstream.send(1)
      upstream.send(2)
      upstream.send(completion: .finished)
    }
    #expect(history == ["upstream asked for unlimited", "value 1", "value 2", "finished"])
  }

  @Test func justValuesWaitForDemandAndTheUpstreamFinishesAfterThem() {
    let history = expectSameHistory(initialDemand: .max(1)) { upstream, subscriber in
      upstream.send(1)
      upstream.send(2)
      upstream.send(3)
      upstream.send(completion: .finished)
      subscriber.request(.max(1))
      subscriber.request(.max(5))
    }
    #expect(
      history == [
        "upstream asked for unlimited", "value 1", "request max(1)", "value 2", "request max(5)", "value 3", "finished",
      ])
  }

  @Test func maxPublishersAsksTheUpstreamForOneMoreAsEachJustFinishes() {
    for maxPublishers in [Subscribers.Demand.max(1), .max(2)] {
      expectSameHistory(maxPublishers: maxPublishers, initialDemand: .max(1)) { upstream, subscriber in
        upstream.send(1)
        upstream.send(2)
        subscriber.request(.max(1))
        upstream.send(3)
        subscriber.request(.unlimited)
        upstream.send(4)
        upstream.send(completion: .finished)
      }
    }
  }

  @Test func demandReturnedFromReceiveDrainsWaitingJustValues() {
    expectSameHistory(maxPublishers: .max(3), initialDemand: .none, onValue: { _, _, _ in .max(1) }) {
      upstream, subscriber in
      upstream.send(1)
      upstream.send(2)
      upstream.send(3)
      subscriber.request(.max(1))
      upstream.send(4)
    }
  }

  @Test func anUpstreamValueSentFromInsideReceiveIsDeliveredAfterIt() {
    let history = expectSameHistory(
      maxPublishers: .max(2), initialDemand: .unlimited,
      onValue: { value, _, upstream in
        if value < 3 { upstream.send(value * 10) }
        return .none
      }
    ) { upstream, _ in
      upstream.send(1)
      upstream.send(2)
    }
    #expect(history.filter { $0.hasPrefix("value") } == ["value 1", "value 10", "value 2", "value 20"])
  }

  @Test func anUpstreamValueSentFromInsideLimitedReceiveWaitsInOrder() {
    expectSameHistory(
      maxPublishers: .max(2), initialDemand: .max(1),
      onValue: { value, _, upstream in
        if value < 3 { upstream.send(value + 10) }
        return value == 1 ? .max(1) : .none
      }
    ) { upstream, subscriber in
      upstream.send(1)
      subscriber.request(.max(2))
      upstream.send(2)
      subscriber.request(.max(3))
    }
  }

  @Test func anUpstreamFinishingFromInsideReceiveFinishesAfterTheJust() {
    let history = expectSameHistory(
      initialDemand: .unlimited,
      onValue: { _, _, upstream in
        upstream.send(completion: .finished)
        return .none
      }
    ) { upstream, _ in
      upstream.send(1)
    }
    #expect(history == ["upstream asked for unlimited", "value 1", "finished"])
  }

  @Test func anUpstreamFinishingFromInsideTheTransformWaitsForThatJust() {
    let history = expectSameHistory(
      initialDemand: .unlimited,
      transformAction: { _, upstream in upstream.send(completion: .finished) }
    ) { upstream, _ in
      upstream.send(1)
    }
    #expect(history == ["upstream asked for unlimited", "value 1", "finished"])
  }

  @Test func anUpstreamValueSentFromInsideTheTransformComesFirst() {
    let history = expectSameHistory(
      initialDemand: .unlimited,
      transformAction: { value, upstream in
        if value == 1 { upstream.send(2) }
      }
    ) { upstream, _ in
      upstream.send(1)
    }
    #expect(history == ["upstream asked for unlimited", "value 2", "value 1"])
  }

  @Test func cancellingFromInsideReceiveStopsEverything() {
    let history = expectSameHistory(
      maxPublishers: .max(1), initialDemand: .unlimited,
      onValue: { _, subscriber, _ in
        subscriber.subscription?.cancel()
        return .none
      }
    ) { upstream, _ in
      upstream.send(1)
      upstream.send(2)
    }
    #expect(history == ["upstream asked for max(1)", "value 1", "upstream cancelled"])
  }

  @Test func cancellingWithJustValuesWaitingDropsThem() {
    expectSameHistory(maxPublishers: .max(2), initialDemand: .none) { upstream, subscriber in
      upstream.send(1)
      upstream.send(2)
      subscriber.subscription?.cancel()
      subscriber.request(.max(2))
    }
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func aFailingUpstreamDropsWaitingJustValues() {
    for erased in [false, true] {
      let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
      let upstream = TestPublisher<Int, TestError>()
      if erased {
        upstream.flatMap { Just($0).setFailureType(to: TestError.self).eraseToAnyPublisher() }.subscribe(recorder)
      } else {
        upstream.flatMap { Just($0) }.subscribe(recorder)
      }
      upstream.send(1)
      upstream.send(2)
      upstream.send(completion: .failure(TestError(id: 7)))
      recorder.request(.max(1))
      #expect(recorder.events == [.subscription, .value(1), .completion(.failure(TestError(id: 7)))])
    }
  }

  @Test func aJustWithSetFailureTypeTakesTheSamePathAsAJust() {
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(2))
    let upstream = TestPublisher<Int, TestError>()
    upstream.flatMap(maxPublishers: .max(1)) { Just($0 * 2).setFailureType(to: TestError.self) }.subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    upstream.send(3)
    upstream.send(completion: .finished)
    recorder.request(.max(1))
    #expect(
      recorder.events == [.subscription, .value(2), .value(4), .value(6), .completion(.finished)])
    #expect(upstream.subscription.events == Array(repeating: .requested(.max(1)), count: 4))
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func justInnersKeepTheContract() {
    checkOperatorContract { $0.flatMap { Just($0).setFailureType(to: TestError.self) } }
    checkOperatorContract { $0.flatMap(maxPublishers: .max(2)) { Just($0 + 1) } }
  }
}
