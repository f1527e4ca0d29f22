// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// The subscription of a publisher that sends one value and finishes: ``Just``,
/// `Optional.Publisher` with a value and `Result.Publisher` with a success.
///
/// These are created once per value inside `flatMap { Just($0) }`, so they are kept small: one
/// atomic flag, claimed by the first `request(_:)` (which sends the value, then `.finished`)
/// or by `cancel()` (which sends nothing). The subscriber is released as soon as it is claimed, so
/// no cycle with a subscriber that holds its subscription outlives the delivery. The value, as in
/// Combine, stays until the subscription itself is released, and the mirror shows it throughout.
/// It keeps the contract (the value only on a request, nothing after a cancel, then the end), so
/// an operator behind it takes no lock of its own for the value (``ContractKeepingSubscription``).
final class SingleValueSubscription<Downstream: Subscriber>: Subscription, ContractKeepingSubscription,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
{
  /// 0 until a request or a cancel claims the subscriber, then 1: an atomic rather than a lock,
  /// which made subscribing to a `Just` cheaper (`Documentation/Performance.md`, "The one atomic").
  private let claimed = Atomic.make(0)
  /// Written by `init`, then read and cleared only by the one call that wins ``claim()``: the
  /// claim keeps every other call away, and `init` happened before any call could reach this
  /// subscription (see ``claim()``), so it needs no lock.
  private var downstream: Downstream?
  /// Kept for the subscription's lifetime, as Combine keeps it (its mirror shows it after the
  /// delivery too).
  private let value: Downstream.Input
  private let name: String

  private init(downstream: Downstream, value: Downstream.Input, name: String) {
    self.downstream = downstream
    self.value = value
    self.name = name
  }

  /// Gives `downstream` a subscription that sends `value` and `.finished` on the first request.
  static func subscribe(_ downstream: Downstream, to value: Downstream.Input, name: String) {
    downstream.receive(subscription: SingleValueSubscription(downstream: downstream, value: value, name: name))
  }

  var description: String { name }

  /// The value as one unlabelled child, as Combine shows it, before and after the delivery.
  var customMirror: Mirror {
    Mirror(self, unlabeledChildren: CollectionOfOne(value))
  }

  var playgroundDescription: Any { description }

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "Subscription.request(\(demand)): demand must be greater than zero")
    guard claim(), let downstream = downstream.take() else { return }
    _ = downstream.receive(value)
    downstream.receive(completion: .finished)
  }

  func cancel() {
    guard claim() else { return }
    downstream = nil
  }

  /// True for the first caller only.
  private func claim() -> Bool {
    // Relaxed is enough. Exactly one compare-exchange from 0 to 1 succeeds, whatever the ordering
    // (read-modify-writes of one word are totally ordered and each reads the latest value). The
    // flag hands no memory from one claimant to another: a loser touches nothing, and the winner
    // reads only `downstream`, written by `init`, which happened before this call by whatever
    // gave the caller this subscription (`receive(subscription:)` on the subscribing thread, or
    // the synchronisation that moved the reference to another thread). The winner's clear of
    // `downstream` and the deinit are ordered by the release of the last reference.
    claimed.compareExchange(expected: 0, desired: 1, ordering: .relaxed)
  }
}
#endif
