// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// A subscriber in a box, for a subscription that must release its subscriber when it ends and
/// reads it on every value: an optional reference to the box is copied without a run-time
/// metadata lookup, where an optional of the subscriber's own (generic) type is not.
///
/// Immutable; the owner guards the optional reference to it (under its lock) and copies the
/// reference out to call the subscriber after unlocking.
@_spi(Signals) public final class HeldSubscriber<Downstream> {
  /// The subscriber.
  public let downstream: Downstream

  /// Boxes `downstream`.
  public init(_ downstream: Downstream) {
    self.downstream = downstream
  }
}
