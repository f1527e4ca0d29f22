// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// What every single-upstream operator inner holds, and the defaults they share: the subscriber
/// it delivers to, the link to its upstream, whether that upstream keeps the contract, its name and
/// mirror, and the failure passed through.
///
/// ``ForwardingInner`` (operators that pass values through) and ``ReducingInner`` (operators
/// that answer once) subclass it and add the `Subscriber` and `Subscription` methods.
class OperatorInner<Input, Failure: Error, Downstream: Subscriber>: CustomStringConvertible, CustomReflectable,
  CustomPlaygroundDisplayConvertible
{
  /// The subscriber this inner delivers to.
  final let downstream: Downstream

  /// The link to upstream.
  final let link = UpstreamLink()

  /// Whether the upstream subscription is another operator inner, a subject's conduit or a
  /// sequence's subscription, which keeps the contract towards this one (see
  /// ``ContractKeepingSubscription``), so its values skip this inner's own per-value check: a chain
  /// on a subject takes no lock of its own per value.
  ///
  /// Written once, under the link's lock, when the subscription is accepted. The value path reads
  /// it without a lock, after the round trips that demand makes before any value can arrive
  /// (this link's lock on `request`, then the upstream's lock, which its value path takes too), so
  /// the read is ordered after the write.
  @exclusivity(unchecked) final private(set) var upstreamKeepsContract = false

  #if DEBUG
  /// Registers this object with the current leak-check scope, if any (see `LiveObjectScope`).
  private let liveObject: LiveObjectToken?
  #endif

  init(downstream: Downstream) {
    self.downstream = downstream
    #if DEBUG
    liveObject = LiveObjectScope.track(Self.self)
    #endif
  }

  /// Whether this inner consults the link's demand itself beyond the per-value path (a final value
  /// held for demand), and so must account every value in its own link even behind an upstream
  /// that keeps the contract.
  var accountsEveryValue: Bool { false }

  /// ``UpstreamLink/accept(_:whenAccepted:)`` that also notes whether the upstream keeps the
  /// contract; every `receive(subscription:)` of an inner accepts through it.
  final func acceptUpstream(_ subscription: any Subscription) -> Subscribers.Demand? {
    let keepsContract = !accountsEveryValue && subscription is any ContractKeepingSubscription
    return link.accept(subscription) { upstreamKeepsContract = keepsContract }
  }

  /// The operator's name, as Combine's `description` of its subscription shows it; every
  /// operator overrides it.
  var description: String { "\(Self.self)" }

  /// Turns an upstream failure into a downstream one. The default passes it through unchanged
  /// (also into `any Error`); operators that change the failure otherwise override it.
  func mapFailure(_ failure: Failure) -> Downstream.Failure {
    failure as! Downstream.Failure
  }

  var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

  var playgroundDescription: Any { description }
}
#endif
