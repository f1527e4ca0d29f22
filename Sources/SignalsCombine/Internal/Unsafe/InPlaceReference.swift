// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// An object its owner retains once and releases explicitly, and uses in place, with no retain per
/// use: a class reference read from a stored property is retained around each use, two atomic
/// operations that per-value paths cannot afford (a `Subscribers.Sink` fed by a subject's delivery
/// token calls its closures through one).
///
/// Not thread-safe: the owner guarantees that no use runs while it calls ``hold(_:)`` or
/// ``release()`` (for a sink fed by a delivery token, the token does), and releases it from its
/// `deinit` if it has not.
///
/// Safety: the object holds one retain from ``hold(_:)`` until ``release()``, which clears the
/// reference before dropping it, so a use after the release finds nothing rather than a freed
/// object.
struct InPlaceReference<Object: AnyObject> {
  private var reference: Unmanaged<Object>?

  /// Holds nothing yet.
  init() {}

  /// Holds `object`, retained until ``release()``.
  init(_ object: Object) {
    reference = Unmanaged.passRetained(object)
  }

  /// Whether an object is held.
  // Inlined, so that a generic caller (`Subscribers.Sink.receive`, on every value) does not
  // instantiate `Object`'s metadata to call it: the check reads one pointer.
  @inline(__always)
  var isHeld: Bool { reference != nil }

  /// Runs `body` with the object, in place; `nil` when nothing is held.
  @inline(__always)
  func withObject<Result>(_ body: (Object) -> Result) -> Result? {
    guard let reference else { return nil }
    return reference._withUnsafeGuaranteedRef(body)
  }

  /// Drops the object (its `deinit`, if this was the last reference, runs here); later uses find
  /// nothing.
  mutating func release() {
    let released = reference
    reference = nil
    released?.release()
  }
}
#endif
