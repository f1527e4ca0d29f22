// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// At most one value of a generic type, kept without `Optional<Value>`.
///
/// Clients run Signals' generic code unspecialised, where every use of `Optional<Value>` (storing
/// into it, testing it, unwrapping it) costs a run-time metadata lookup. A slot allocated once,
/// with a flag, costs none: the value is read and written through a pointer typed by `Value`
/// itself. Per-value paths that must remember a value (`removeDuplicates`' previous value,
/// `first`/`last`/`min`/`max`'s choice) keep it here.
///
/// Its accessors are always inlined: called out of line from unspecialised code, a mutating one
/// looks up `ValueSlot<Value>`'s own metadata on every call, the cost the slot exists to avoid.
///
/// Not thread-safe: the owner guards it (a lock, or the upstream's serial delivery path), and calls
/// ``release()`` from its `deinit`.
@_spi(Signals) public struct ValueSlot<Value> {
  @usableFromInline let pointer = UnsafeMutablePointer<Value>.allocate(capacity: 1)

  @usableFromInline var filled = false

  /// Whether the slot holds a value.
  @inlinable @inline(__always)
  public var isFilled: Bool { filled }

  /// An empty slot.
  @inlinable
  public init() {}

  /// The value held; read it only when ``isFilled``.
  @inlinable @inline(__always)
  public var value: Value {
    precondition(isFilled, "ValueSlot read while empty")
    return pointer.pointee
  }

  /// Stores `value`, replacing the one held.
  @inlinable @inline(__always)
  public mutating func store(_ value: Value) {
    if isFilled {
      pointer.pointee = value
    } else {
      pointer.initialize(to: value)
      filled = true
    }
  }

  /// Swaps `value` with the value held and returns `true`; when the slot is empty, stores a copy
  /// of `value` and returns `false`. Calls no user code and releases nothing, so it may run under a
  /// lock: the value swapped out is the caller's to release.
  @inlinable @inline(__always)
  public mutating func exchange(_ value: inout Value) -> Bool {
    guard isFilled else {
      store(value)
      return false
    }
    swap(&pointer.pointee, &value)
    return true
  }

  /// Moves the value held out and leaves the slot empty; call it only when ``isFilled``. Releases
  /// nothing, so it may run under a lock: the value is the caller's to release.
  @inlinable @inline(__always)
  public mutating func take() -> Value {
    precondition(isFilled, "ValueSlot taken while empty")
    filled = false
    return pointer.move()
  }

  /// Destroys the value held and frees the slot, which is unusable afterwards.
  @inlinable
  public func release() {
    if isFilled { pointer.deinitialize(count: 1) }
    pointer.deallocate()
  }
}
