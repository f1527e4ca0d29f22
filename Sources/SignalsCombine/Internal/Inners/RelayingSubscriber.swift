// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// The subscriber of a stateless operator that hands its upstream's own subscription to its
/// subscriber, as Combine's `map`, `filter`, `compactMap`, `mapError`, `setFailureType`, `scan`,
/// `ignoreOutput`, `map(keyPath)`, `breakpoint` and `assertNoFailure` do.
///
/// Such an operator adds no subscription, no object and no lock of its own: demand and cancel go
/// straight from its subscriber to the upstream's subscription, and whatever upstream sends,
/// including a value or a completion that breaks the contract, is transformed and forwarded as
/// Combine forwards it. A `print()` after the operator therefore names the upstream's
/// subscription (`PassthroughSubject`, `CustomSubscription`), not the operator.
///
/// Nothing here runs per value: the value path is the conforming type's own `receive(_:)`, so it
/// reads no associated type or witness table of this protocol.
protocol RelayingSubscriber: Subscriber, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
{
  associatedtype Downstream: Subscriber

  /// The subscriber values go to.
  var downstream: Downstream { get }
}

extension RelayingSubscriber where Downstream.Failure == Failure {
  func receive(subscription: any Subscription) {
    downstream.receive(subscription: subscription)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    downstream.receive(completion: completion)
  }
}

extension RelayingSubscriber {
  /// Combine's relays show no children.
  var customMirror: Mirror { Mirror(self, children: [:]) }

  var playgroundDescription: Any { description }
}
#endif
