// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals

/// A publisher that only keeps the subscriber an operator attaches, as it is (not type-erased), so
/// a test can use the operator's inner as the subscription it also is before any subscription
/// reaches it.
final class HoldingPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
  // Safety: used from one test's thread only.
  private(set) var subscriber: Any?

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    self.subscriber = subscriber
  }

  /// The held subscriber as the subscription it is to downstream.
  var inner: (any Subscription)? { subscriber as? any Subscription }

  /// Hands `subscription` to the held subscriber.
  func send(subscription: any Subscription) {
    (subscriber as? any Subscriber)?.receive(subscription: subscription)
  }
}
