// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// Uninitialised memory that one value is about to be written into: a whole value, or one element
/// of a tuple that is written element by element (see ``TupleLayout``).
///
/// It carries no type: whoever writes into it names the type, and must name the one the memory is
/// for. Writing makes the memory initialised; the owner of the memory (a ``ValueRing`` slot or a
/// ``ValueHandoff``) then treats it as holding a value.
struct ValueDestination {
  private let address: UnsafeMutableRawPointer

  /// The memory at `pointer`.
  init<Value>(_ pointer: UnsafeMutablePointer<Value>) {
    address = UnsafeMutableRawPointer(pointer)
  }

  /// The element `offset` bytes into this destination, an offset ``TupleLayout`` gave for the
  /// tuple this destination is for.
  func element(at offset: Int) -> ValueDestination {
    ValueDestination(address + offset)
  }

  /// The memory as a pointer to a `Value`.
  ///
  /// Safety: the caller must guarantee that this destination is for a `Value` (a whole value of
  /// that type, or a tuple element of that type at its offset), so that the memory is bound to
  /// `Value` already (a tuple's memory is bound to each element type at that element's offset).
  func typed<Value>(_: Value.Type) -> UnsafeMutablePointer<Value> {
    address.assumingMemoryBound(to: Value.self)
  }

  private init(_ address: UnsafeMutableRawPointer) {
    self.address = address
  }
}

/// Room for one value, allocated once, that a value is written into and later moved out of: a
/// combining operator fills it under its lock for the thread it gave the delivery token, which
/// moves the value out right after unlocking.
///
/// It keeps no flag: the owner knows whether it is filled. Not thread-safe: the owner's protocol
/// (the delivery token) makes one thread at a time touch it.
struct ValueHandoff<Value> {
  private let pointer = UnsafeMutablePointer<Value>.allocate(capacity: 1)

  /// Empty room.
  init() {}

  /// The room, to write a value into while it is empty.
  var destination: ValueDestination { ValueDestination(pointer) }

  /// Moves the value out, leaving the room empty.
  ///
  /// Safety: the caller must guarantee that a value was written into ``destination`` and not moved
  /// out since.
  func move() -> Value {
    pointer.move()
  }

  /// Frees the room, which must be empty; unusable afterwards.
  func deallocate() {
    pointer.deallocate()
  }
}
#endif
