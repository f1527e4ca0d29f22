// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// A ``ValueRing`` with its value type erased, so that rings of different value types sit side by
/// side in one array (the inputs of a combining operator); ``ValueRing/unerased(_:)`` gives the
/// type back.
typealias AnyValueRing = AnyObject

/// Where a ``ValueRing``'s values are: its slots (its own tail, or a larger allocation once it
/// grew), their number, the oldest and how many are held.
struct ValueRingHeader {
  /// The first slot; memory for `capacity` values of the ring's type.
  fileprivate var slots: UnsafeMutableRawPointer
  fileprivate var capacity = 1
  fileprivate var head = 0
  /// How many values the ring holds.
  fileprivate(set) var count = 0
  /// Whether `slots` is an allocation of the ring's own (after it grew), rather than its tail.
  fileprivate var grew = false
}

/// A first-in first-out queue of values of a generic type, in raw slots rather than optionals.
///
/// In unspecialised code every `Optional<Value>` or `ContiguousArray<Value?>` costs a run-time
/// metadata lookup, while a method of this class reads `Value` from the instance and touches the
/// slots through its value witnesses only. Values leave by moving out, so whoever takes one owns
/// it (and may release it after unlocking). The first slot is allocated with the ring itself, so a
/// ring that never holds more than one value (a latest value, a merge buffer) is one allocation.
///
/// Not thread-safe: the owner guards it (the combining operators: their lock).
final class ValueRing<Value>: ManagedBuffer<ValueRingHeader, Value> {
  /// An empty ring, with room for one value.
  static func make() -> ValueRing<Value> {
    let buffer = create(minimumCapacity: 1) { buffer in
      ValueRingHeader(slots: buffer.withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0) })
    }
    // Safety: `create` makes an instance of the class it is called on, this one.
    return unsafeDowncast(buffer, to: ValueRing<Value>.self)
  }

  deinit {
    let ring = state.pointee
    for offset in 0..<ring.count { (typedSlots + (ring.head + offset) % ring.capacity).deinitialize(count: 1) }
    if ring.grew { ring.slots.deallocate() }
  }

  /// `ring`, which the caller knows to be a `ValueRing<Value>`, with its type back.
  ///
  /// Safety: the caller must guarantee that `ring` was made as a `ValueRing<Value>` of this very
  /// `Value` (the combining operators keep one ring per input, made from that input's type, and read
  /// it back as that type). Checked in debug builds; unchecked in release builds, where a wrong type
  /// would read memory as the wrong type.
  @inline(__always)
  static func unerased(_ ring: AnyValueRing) -> ValueRing<Value> {
    assert(ring is ValueRing<Value>, "\(type(of: ring)) is not a ValueRing<\(Value.self)>")
    return unsafeDowncast(ring, to: ValueRing<Value>.self)
  }

  /// How many values the ring holds.
  var count: Int { state.pointee.count }

  /// The oldest value, copied; the ring must not be empty.
  var first: Value {
    precondition(state.pointee.count > 0, "first of an empty ValueRing")
    return typedSlots[state.pointee.head]
  }

  /// Adds `value` after the others.
  func append(_ value: Value) {
    appendSlot().initialize(to: value)
  }

  /// Replaces the oldest value with `value`; on return `value` holds the value it displaced (or
  /// still the new one, when the ring was empty and it was stored as a copy), for the caller to
  /// release after unlocking.
  func replaceFirst(with value: inout Value) {
    if state.pointee.count == 0 {
      append(value)
    } else {
      swap(&value, &typedSlots[state.pointee.head])
    }
  }

  /// Removes and returns the oldest value; the ring must not be empty.
  func removeFirst() -> Value {
    precondition(state.pointee.count > 0, "removeFirst of an empty ValueRing")
    let value = (typedSlots + state.pointee.head).move()
    dropFirstSlot()
    return value
  }

  /// Moves the oldest value into `destination`, which must be uninitialised memory for a `Value`;
  /// the ring must not be empty.
  func moveFirst(into destination: ValueDestination) {
    precondition(state.pointee.count > 0, "moveFirst of an empty ValueRing")
    destination.typed(Value.self).moveInitialize(from: typedSlots + state.pointee.head, count: 1)
    dropFirstSlot()
  }

  /// Copies the oldest value into `destination`, which must be uninitialised memory for a `Value`;
  /// the ring must not be empty.
  func copyFirst(into destination: ValueDestination) {
    precondition(state.pointee.count > 0, "copyFirst of an empty ValueRing")
    destination.typed(Value.self).initialize(to: typedSlots[state.pointee.head])
  }

  /// Adds a slot after the others and returns it, for the caller to initialise with a `Value`
  /// before anything else touches the ring.
  func appendUninitialized() -> ValueDestination {
    ValueDestination(appendSlot())
  }

  /// Moves every value into a new ring, returned for release after unlocking; this one is left
  /// empty.
  func takeAll() -> AnyValueRing {
    let taken = ValueRing.make()
    while state.pointee.count > 0 { taken.appendSlot().initialize(to: removeFirst()) }
    return taken
  }

  /// The header, through a pointer: `ManagedBuffer.header` would check exclusivity dynamically on
  /// every access. The pointer stays valid as long as the ring lives (the header sits in the ring
  /// object itself), and the owner's guard makes the accesses exclusive.
  private var state: UnsafeMutablePointer<ValueRingHeader> {
    withUnsafeMutablePointerToHeader { $0 }
  }

  /// The slots, typed: the memory is bound to `Value` (the tail by `ManagedBuffer`, a grown
  /// allocation by ``grow()``).
  private var typedSlots: UnsafeMutablePointer<Value> {
    state.pointee.slots.assumingMemoryBound(to: Value.self)
  }

  private func appendSlot() -> UnsafeMutablePointer<Value> {
    if state.pointee.count == state.pointee.capacity { grow() }
    state.pointee.count += 1
    return typedSlots + (state.pointee.head + state.pointee.count - 1) % state.pointee.capacity
  }

  private func dropFirstSlot() {
    state.pointee.head = (state.pointee.head + 1) % state.pointee.capacity
    state.pointee.count -= 1
    if state.pointee.count == 0 { state.pointee.head = 0 }
  }

  /// Doubles the room in an allocation of the ring's own, keeping the values in order.
  private func grow() {
    let ring = state.pointee
    let newCapacity = ring.capacity * 2
    let newSlots = UnsafeMutablePointer<Value>.allocate(capacity: newCapacity)
    let firstRun = Swift.min(ring.count, ring.capacity - ring.head)
    newSlots.moveInitialize(from: typedSlots + ring.head, count: firstRun)
    (newSlots + firstRun).moveInitialize(from: typedSlots, count: ring.count - firstRun)
    if ring.grew { ring.slots.deallocate() }
    state.pointee = ValueRingHeader(
      slots: UnsafeMutableRawPointer(newSlots), capacity: newCapacity, count: ring.count, grew: true)
  }
}
#endif
