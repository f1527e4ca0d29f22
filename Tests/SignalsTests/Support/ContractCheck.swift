// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

/// The protocol contract every operator must keep, checked against a hand-driven upstream.
///
/// Each operator's suite calls ``checkOperatorContract(skipping:upstreamValues:sourceLocation:_:)`` once:
///
/// ```swift
/// @Test func keepsTheContract() {
///   checkOperatorContract { $0.map { $0 * 2 } }
/// }
/// ```
///
/// It checks, each with a fresh upstream:
/// - **value before subscription**: a value reaching the operator before its subscription is not
///   forwarded and asks for nothing;
/// - **second subscription**: a second upstream subscription is cancelled and the first keeps working;
/// - **cancel**: cancelling downstream cancels upstream, and later upstream events are not forwarded;
/// - **completion**: forwarded once; values and completions after it are not forwarded;
/// - **demand accounting**: downstream never receives more values than it asked for, whatever
///   the upstream sends.
///
/// Combine itself keeps only part of this contract in some operators, and Signals follows it: a
/// pass-through operator forwards whatever its upstream sends (`map`, `tryMap`, `handleEvents`,
/// `print`, `encode`, `output(in:)`, `receive(on:)`, `delay`), and the filtering ones forward values
/// beyond the demand and stop the process on a value before the subscription (`tryFilter`,
/// `removeDuplicates`, `prefix(while:)`). Such a call site names the cases Combine does not keep in
/// `skipping`, and the operator's own tests check what Combine does instead.
func checkOperatorContract<P: Publisher>(
  skipping skipped: ContractCase = [],
  upstreamValues: [Int] = Array(1...5),
  sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (TestPublisher<Int, TestError>) -> P
) where P.Failure: Equatable {
  // Value before subscription.
  if !skipped.contains(.valueBeforeSubscription) {
    let upstream = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let downstream = TestSubscriber<P.Output, P.Failure>()
    makeOperator(upstream).subscribe(downstream)
    if upstream.subscriberCount > 0 {
      let demand = upstream.send(upstreamValues[0])
      #expect(demand == .none, "value before subscription must ask for nothing", sourceLocation: sourceLocation)
      #expect(
        downstream.values.isEmpty, "value before subscription must not be forwarded", sourceLocation: sourceLocation)
    }
  }
  // Second subscription.
  if !skipped.contains(.secondSubscription) {
    let upstream = TestPublisher<Int, TestError>()
    let downstream = TestSubscriber<P.Output, P.Failure>()
    makeOperator(upstream).subscribe(downstream)
    if upstream.subscriberCount > 0 {
      let second = TestSubscription()
      upstream.sendSubscription(second)
      #expect(second.isCancelled, "a second subscription must be cancelled", sourceLocation: sourceLocation)
      #expect(!upstream.subscription.isCancelled, "the first subscription must stay", sourceLocation: sourceLocation)
      #expect(downstream.subscriptionCount == 1, "downstream gets one subscription", sourceLocation: sourceLocation)
    }
  }
  // Cancel.
  if !skipped.contains(.eventsAfterCancel) {
    let upstream = TestPublisher<Int, TestError>()
    let downstream = TestSubscriber<P.Output, P.Failure>()
    makeOperator(upstream).subscribe(downstream)
    downstream.cancel()
    if upstream.subscriberCount > 0 {
      #expect(upstream.subscription.isCancelled, "cancel must reach upstream", sourceLocation: sourceLocation)
      let before = downstream.events.count
      for value in upstreamValues { upstream.send(value) }
      upstream.send(completion: .finished)
      #expect(downstream.events.count == before, "nothing is forwarded after cancel", sourceLocation: sourceLocation)
    }
  }
  // Completion.
  if !skipped.contains(.eventsAfterCompletion) {
    let upstream = TestPublisher<Int, TestError>()
    let downstream = TestSubscriber<P.Output, P.Failure>()
    makeOperator(upstream).subscribe(downstream)
    upstream.send(completion: .failure(TestError()))
    let afterCompletion = downstream.events.count
    #expect(downstream.completion != nil, "completion is forwarded", sourceLocation: sourceLocation)
    for value in upstreamValues { upstream.send(value) }
    upstream.send(completion: .finished)
    #expect(downstream.events.count == afterCompletion, "nothing follows a completion", sourceLocation: sourceLocation)
  }
  // Demand accounting.
  for limit in [1, 2] where !skipped.contains(.demandAccounting) {
    let upstream = TestPublisher<Int, TestError>()
    let downstream = TestSubscriber<P.Output, P.Failure>(initialDemand: .max(limit))
    makeOperator(upstream).subscribe(downstream)
    for value in upstreamValues { upstream.send(value) }
    #expect(downstream.values.count <= limit, "no more values than requested", sourceLocation: sourceLocation)
  }
}

/// The cases of ``checkOperatorContract(skipping:upstreamValues:sourceLocation:_:)``, for naming
/// those an operator does not keep because Combine's does not.
struct ContractCase: OptionSet {
  let rawValue: Int

  /// A value before the subscription is not forwarded.
  static let valueBeforeSubscription = ContractCase(rawValue: 1 << 0)
  /// A second subscription is cancelled.
  static let secondSubscription = ContractCase(rawValue: 1 << 1)
  /// Nothing is forwarded after a cancel.
  static let eventsAfterCancel = ContractCase(rawValue: 1 << 2)
  /// Nothing is forwarded after a completion.
  static let eventsAfterCompletion = ContractCase(rawValue: 1 << 3)
  /// No more values than downstream asked for.
  static let demandAccounting = ContractCase(rawValue: 1 << 4)

  /// What a relay (`map`, `filter`, `scan`, …) and an unchecked inner (`tryMap`, `print`, …) do
  /// not keep: they forward every event upstream sends.
  static let passThrough: ContractCase = [
    .valueBeforeSubscription, .secondSubscription, .eventsAfterCancel, .eventsAfterCompletion, .demandAccounting,
  ]
  /// What the filtering inners (`tryFilter`, `removeDuplicates`, `prefix(while:)`,
  /// `drop(while:)`) do not keep: they forward values beyond the demand, and the strict ones stop
  /// the process on a value before the subscription.
  static let filtering: ContractCase = [.valueBeforeSubscription, .demandAccounting]
}

/// Checks that the operator hands its subscriber the upstream's own subscription, as Combine's
/// stateless operators (`map`, `filter`, `scan`, `mapError`, …) do, so that demand and cancel
/// reach the upstream directly.
func expectUpstreamSubscriptionPassedThrough<P: Publisher>(
  _ makeOperator: (TestPublisher<Int, TestError>) -> P,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let upstream = TestPublisher<Int, TestError>()
  let downstream = TestSubscriber<P.Output, P.Failure>(initialDemand: .max(2))
  makeOperator(upstream).subscribe(downstream)
  #expect(
    (downstream.subscription as? TestSubscription) === upstream.subscription,
    "the subscriber holds the upstream's subscription", sourceLocation: sourceLocation)
  downstream.cancel()
  #expect(upstream.subscription.events.last == .cancelled, sourceLocation: sourceLocation)
}
