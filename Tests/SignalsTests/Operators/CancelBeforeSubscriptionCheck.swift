// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import Testing

/// Checks Combine's rule for the pass-through and time-based operators: a `cancel()` that reaches
/// the operator before its upstream subscription does nothing, so the subscription that arrives
/// afterwards is taken and not cancelled.
func checkCancelBeforeSubscriptionDoesNothing<P: Publisher>(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (HoldingPublisher<Int, TestError>) -> P
) {
  let upstream = HoldingPublisher<Int, TestError>()
  let cancellable = makeOperator(upstream).sink(receiveCompletion: { _ in }, receiveValue: { _ in })
  guard let inner = upstream.inner else {
    Issue.record("the operator must subscribe to its upstream as a subscription", sourceLocation: sourceLocation)
    return
  }
  inner.cancel()
  let subscription = TestSubscription()
  upstream.send(subscription: subscription)
  #expect(!subscription.isCancelled, "an early cancel does nothing", sourceLocation: sourceLocation)
  withExtendedLifetime(cancellable) {}
}
