// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// A value of a generic type kept in a heap box that its owner retains once and releases
/// explicitly, and that is used in place, with no retain per use: a subject's conduit keeps its
/// subscriber (any `Subscriber`, often a struct chain of relays) this way.
///
/// Kept as an `Optional<Value>` field instead, each call would copy the generic value out (a
/// retain and a release, and value-witness calls, on every value).
///
/// Not thread-safe: the owner guarantees that no use runs while it calls ``release()`` (for a
/// conduit, the delivery token does), and releases the box from its `deinit` if it has not. The
/// box is an ``InPlaceReference``, whose Safety comment covers it.
struct InPlaceBox<Value> {
  /// The box: an immutable class, so its value is used in place.
  final class Box {
    let value: Value

    init(_ value: Value) {
      self.value = value
    }
  }

  private var box: InPlaceReference<Box>

  /// Boxes `value`, retained until ``release()``.
  init(_ value: Value) {
    box = InPlaceReference(Box(value))
  }

  /// Whether the value is still held.
  var isHeld: Bool { box.isHeld }

  /// Runs `body` with the value, in place; `nil` once released.
  @inline(__always)
  func withValue<Result>(_ body: (Value) -> Result) -> Result? {
    box.withObject { body($0.value) }
  }

  /// Drops the value (its `deinit`, if any, runs here); later uses find nothing.
  mutating func release() {
    box.release()
  }
}
#endif
