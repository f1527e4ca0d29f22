// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport

/// A copy, behind a lock, of a value an operator keeps on its upstream's serial delivery path, for
/// the operator's mirror, which any thread may ask for (`scan`'s running result).
///
/// The working value stays a field of the delivery path, which needs no lock to read it back; the
/// copy costs the value path one uncontended lock round trip per value (``update(_:)``), and it is
/// the only thing the mirror reads, so the mirror never races with a delivery.
///
/// ```swift
/// let reflected = ReflectedValue(0)
/// reflected.update(3)
/// print(reflected.value)  // 3
/// ```
struct ReflectedValue<Value> {
  private let state: LockedState<Value>

  /// A copy that starts as `initial`.
  init(_ initial: Value) {
    state = .make(initial)
  }

  /// Replaces the copy with `value`. The copy it replaces is released after unlocking, as the
  /// value may be the last reference to a user's object.
  func update(_ value: Value) {
    var replaced = value
    state.withLock { swap(&$0, &replaced) }
  }

  /// The copy as last updated.
  var value: Value {
    state.withLock { $0 }
  }
}
#endif
