// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// The subscription of a publisher that sends one value and finishes: ``Just``,
/// `Optional.Publisher` with a value and `Result.Publisher` with a success.
///
/// These are created once per value inside `flatMap { Just($0) }`, so they are kept small: one
/// lock over a flag, claimed by the first `request(_:)` (which sends the value, then `.finished`)
/// or by `cancel()` (which sends nothing). The subscriber is released as soon as it is claimed, so
/// no cycle with a subscriber that holds its subscription outlives the delivery. The value, as in
/// Combine, stays until the subscription itself is released, and the mirror shows it throughout.
/// It keeps the contract (the value only on a request, nothing after a cancel, then the end), so
/// an operator behind it takes no lock of its own for the value (``ContractKeepingSubscription``).
final class SingleValueSubscription<Downstream: Subscriber>: Subscription, ContractKeepingSubscription,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
{
  /// Whether a request or a cancel has claimed the subscriber and the value.
  private let claimed = LockedState.make(false)
  /// Written by `init`, then read and cleared only by the one call that wins ``claim()``; the
  /// lock orders that call after `init` and keeps every other call away, so it needs no lock.
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
    claimed.withLock { claimed in
      defer { claimed = true }
      return !claimed
    }
  }
}
#endif
