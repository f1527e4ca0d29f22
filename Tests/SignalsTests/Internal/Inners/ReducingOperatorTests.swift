// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

struct ReducingOperatorTests {
  // As in Combine, the reducing operators do not remember a cancel that comes before their
  // subscription: the subscription arriving later is accepted and asked for everything.

  @Test(arguments: ["reduce", "collect", "count", "first", "lastWhere", "min", "contains", "allSatisfy"])
  func cancelBeforeTheSubscriptionIsNotRemembered(_ name: String) throws {
    let upstream = HoldingPublisher<Int, TestError>()
    let recorder = TestSubscriber<String, TestError>()
    switch name {
    case "reduce": upstream.reduce(0, +).map { "\($0)" }.subscribe(recorder)
    case "collect": upstream.collect().map { "\($0)" }.subscribe(recorder)
    case "count": upstream.count().map { "\($0)" }.subscribe(recorder)
    case "first": upstream.first().map { "\($0)" }.subscribe(recorder)
    case "lastWhere": upstream.last { $0 > 0 }.map { "\($0)" }.subscribe(recorder)
    case "min": upstream.min().map { "\($0)" }.subscribe(recorder)
    case "contains": upstream.contains(1).map { "\($0)" }.subscribe(recorder)
    default: upstream.allSatisfy { $0 > 0 }.map { "\($0)" }.subscribe(recorder)
    }
    try #require(upstream.inner).cancel()
    let subscription = TestSubscription()
    upstream.send(subscription: subscription)
    #expect(subscription.events == [.requested(.unlimited)])
  }

  @Test func mirrorShowsCombinesFourChildren() throws {
    let upstream = HoldingPublisher<Int, TestError>()
    upstream.reduce(10, +).subscribe(TestSubscriber<Int, TestError>())
    let inner = try #require(upstream.inner)
    let labels = Mirror(reflecting: inner).children.map(\.label)
    #expect(labels == ["downstream", "result", "initial", "status"])
    let initial = Mirror(reflecting: inner).children.first { $0.label == "initial" }?.value
    #expect(initial as? Int == 10)
  }

  @Test func namesMatchCombines() throws {
    func name<P: Publisher>(_ make: (HoldingPublisher<Int, TestError>) -> P) -> String? {
      let upstream = HoldingPublisher<Int, TestError>()
      make(upstream).subscribe(TestSubscriber<P.Output, P.Failure>())
      return (upstream.subscriber as? any CustomStringConvertible)?.description
    }
    #expect(name { $0.contains(1) } == "Contains")
    #expect(name { $0.contains { $0 > 1 } } == "ContainsWhere")
    #expect(name { $0.first { $0 > 1 } } == "TryFirst")
    #expect(name { $0.tryFirst { $0 > 1 } } == "TryFirstWhere")
  }
}
