// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// Marks the publishers whose subscribers always receive a subscription that keeps the contract
/// (a ``ContractKeepingSubscription``, or `Subscriptions.empty` from a publisher of this library
/// that then sends nothing but a completion), whatever their own upstream is.
///
/// A stateless operator (`map`, `filter`, `compactMap`) on such a publisher needs no inner object
/// of its own: it subscribes a ``ContractRelay``, a struct that hands upstream's subscription
/// straight to its subscriber and transforms values on their way, as Combine's own `map` and
/// `filter` do. Behind any other upstream it keeps its ``ForwardingInner``, which checks each value
/// against the demand and the end, so a custom upstream that breaks the contract cannot make the
/// operator break it. Either way its subscriber ends up with a subscription that keeps the
/// contract, which is why those operators carry the marker too.
///
/// The check is one cast of the upstream's type when a subscriber attaches
/// (``keepsSubscriberContract(_:)``).
protocol ContractKeepingPublisher {}

/// Whether subscribers of a publisher of type `type` always receive a subscription that keeps the
/// contract.
func keepsSubscriberContract<P: Publisher>(_ type: P.Type) -> Bool {
  type is any ContractKeepingPublisher.Type
}

// A subject's subscriber receives its conduit (or `Subscriptions.empty` once it has completed).
extension PassthroughSubject: ContractKeepingPublisher {}
extension CurrentValueSubject: ContractKeepingPublisher {}
extension Published.Publisher: ContractKeepingPublisher {}
// A sequence's subscriber receives a `SequenceSubscription` (or `Subscriptions.empty` when empty).
extension Publishers.Sequence: ContractKeepingPublisher {}
extension Record: ContractKeepingPublisher {}
// These hand over a `SingleValueSubscription` (or a `Future`'s own), or `Subscriptions.empty`
// followed by the completion.
extension Future: ContractKeepingPublisher {}
extension Just: ContractKeepingPublisher {}
extension Optional.Publisher: ContractKeepingPublisher {}
extension Result.Publisher: ContractKeepingPublisher {}
// These hand over `Subscriptions.empty` and send nothing but (maybe) the completion.
extension Empty: ContractKeepingPublisher {}
extension Fail: ContractKeepingPublisher {}
// These hand their subscriber their `ForwardingInner`, or relay a contract-keeping subscription.
extension Publishers.Map: ContractKeepingPublisher {}
extension Publishers.Filter: ContractKeepingPublisher {}
extension Publishers.CompactMap: ContractKeepingPublisher {}
// These hand their subscriber their `ForwardingInner`.
extension Publishers.TryMap: ContractKeepingPublisher {}
extension Publishers.TryFilter: ContractKeepingPublisher {}
extension Publishers.TryCompactMap: ContractKeepingPublisher {}
extension Publishers.MapKeyPath: ContractKeepingPublisher {}
extension Publishers.MapKeyPath2: ContractKeepingPublisher {}
extension Publishers.MapKeyPath3: ContractKeepingPublisher {}
extension Publishers.MapError: ContractKeepingPublisher {}
extension Publishers.SetFailureType: ContractKeepingPublisher {}
extension Publishers.Scan: ContractKeepingPublisher {}
extension Publishers.TryScan: ContractKeepingPublisher {}
extension Publishers.RemoveDuplicates: ContractKeepingPublisher {}
extension Publishers.TryRemoveDuplicates: ContractKeepingPublisher {}
extension Publishers.Drop: ContractKeepingPublisher {}
extension Publishers.DropWhile: ContractKeepingPublisher {}
extension Publishers.TryDropWhile: ContractKeepingPublisher {}
extension Publishers.PrefixWhile: ContractKeepingPublisher {}
extension Publishers.TryPrefixWhile: ContractKeepingPublisher {}
extension Publishers.Output: ContractKeepingPublisher {}
extension Publishers.IgnoreOutput: ContractKeepingPublisher {}
extension Publishers.HandleEvents: ContractKeepingPublisher {}
extension Publishers.Print: ContractKeepingPublisher {}
extension Publishers.Breakpoint: ContractKeepingPublisher {}
extension Publishers.AssertNoFailure: ContractKeepingPublisher {}
extension Publishers.Dematerialize: ContractKeepingPublisher {}
extension Publishers.Encode: ContractKeepingPublisher {}
extension Publishers.Decode: ContractKeepingPublisher {}

/// The subscriber of a stateless operator whose upstream keeps the contract (see
/// ``ContractKeepingPublisher``): it passes upstream's subscription and completion through, and
/// each conforming struct transforms values in its own `receive(_:)`.
///
/// Nothing here runs per value: the value path is the conforming struct's own method, so it reads
/// no associated type or witness table of this protocol.
protocol ContractRelay: Subscriber, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
  associatedtype Downstream: Subscriber where Downstream.Failure == Failure

  /// The subscriber values go to.
  var downstream: Downstream { get }
}

extension ContractRelay {
  func receive(subscription: any Subscription) {
    downstream.receive(subscription: subscription)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    downstream.receive(completion: completion)
  }

  var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

  var playgroundDescription: Any { description }
}
