// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import Testing

/// A publisher that keeps the subscriber it is given, so a test can use it as the operator's
/// subscription before any upstream subscription has arrived.
final class HoldingPublisher: Publisher, @unchecked Sendable {
  // Safety: used from one test thread.
  typealias Output = Int
  typealias Failure = TestError

  private(set) var cancelOperator: (() -> Void)?
  private(set) var sendSubscription: ((any Subscription) -> Void)?

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
    cancelOperator = (subscriber as? any Subscription).map { subscription in { subscription.cancel() } }
    sendSubscription = { subscriber.receive(subscription: $0) }
  }
}

/// Checks Combine's rule for the pass-through and time-based operators: a `cancel()` that reaches
/// the operator before its upstream subscription does nothing, so the subscription that arrives
/// afterwards is taken and not cancelled.
func checkCancelBeforeSubscriptionDoesNothing<P: Publisher>(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (HoldingPublisher) -> P
) {
  let upstream = HoldingPublisher()
  let cancellable = makeOperator(upstream).sink(receiveCompletion: { _ in }, receiveValue: { _ in })
  guard let cancelOperator = upstream.cancelOperator, let sendSubscription = upstream.sendSubscription else {
    Issue.record("the operator must subscribe to its upstream as a subscription", sourceLocation: sourceLocation)
    return
  }
  cancelOperator()
  let subscription = TestSubscription()
  sendSubscription(subscription)
  #expect(!subscription.isCancelled, "an early cancel does nothing", sourceLocation: sourceLocation)
  withExtendedLifetime(cancellable) {}
}
