// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

/// The protocol contract every operator must keep, checked against a hand-driven upstream.
///
/// Each operator's suite calls ``checkOperatorContract(upstreamValues:forwardsBeyondDemand:sourceLocation:_:)`` once:
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
///   the upstream sends. Skipped with `forwardsBeyondDemand: true`, for the operators that, as in
///   Combine, trust their upstream and forward every value it sends (`receive(on:)`, `delay`, …).
func checkOperatorContract<P: Publisher>(
  upstreamValues: [Int] = Array(1...5),
  forwardsBeyondDemand: Bool = false,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (TestPublisher<Int, TestError>) -> P
) where P.Failure: Equatable {
  // Value before subscription.
  do {
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
  do {
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
  do {
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
  do {
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
  guard !forwardsBeyondDemand else { return }
  for limit in [1, 2] {
    let upstream = TestPublisher<Int, TestError>()
    let downstream = TestSubscriber<P.Output, P.Failure>(initialDemand: .max(limit))
    makeOperator(upstream).subscribe(downstream)
    for value in upstreamValues { upstream.send(value) }
    #expect(downstream.values.count <= limit, "no more values than requested", sourceLocation: sourceLocation)
  }
}
