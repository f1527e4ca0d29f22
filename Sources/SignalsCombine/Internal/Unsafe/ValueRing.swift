// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// A ``ValueRing`` with its value type erased, so that rings of different value types sit side by
/// side in one array (the inputs of a combining operator). Only ``ValueRing`` derives from it.
class AnyValueRing {}

/// A first-in first-out queue of values of a generic type, in raw slots rather than optionals.
///
/// In unspecialised code every `Optional<Value>` or `ContiguousArray<Value?>` costs a run-time
/// metadata lookup, while a method of this class reads `Value` from the instance and touches the
/// slots through its value witnesses only. Values leave by moving out, so whoever takes one owns
/// it (and may release it after unlocking). The slots are allocated with the first value.
///
/// Not thread-safe: the owner guards it (the combining operators: their lock).
final class ValueRing<Value>: AnyValueRing {
  // Safety of `@exclusivity(unchecked)`: the owner guards every access (see the type's comment),
  // which already makes it exclusive.
  @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Value>?
  @exclusivity(unchecked) private var capacity = 0
  @exclusivity(unchecked) private var head = 0
  /// How many values the ring holds.
  @exclusivity(unchecked) private(set) var count = 0

  /// An empty ring.
  override init() {}

  deinit {
    guard let slots else { return }
    for offset in 0..<count { (slots + (head + offset) % capacity).deinitialize(count: 1) }
    slots.deallocate()
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

  /// The oldest value, copied; the ring must not be empty.
  var first: Value {
    precondition(count > 0, "first of an empty ValueRing")
    return occupied[head]
  }

  /// Adds `value` after the others.
  func append(_ value: Value) {
    appendSlot().initialize(to: value)
  }

  /// Replaces the oldest value with `value`; on return `value` holds the value it displaced (or
  /// still the new one, when the ring was empty and it was stored as a copy), for the caller to
  /// release after unlocking.
  func replaceFirst(with value: inout Value) {
    if count == 0 {
      append(value)
    } else {
      swap(&value, &occupied[head])
    }
  }

  /// Removes and returns the oldest value; the ring must not be empty.
  func removeFirst() -> Value {
    precondition(count > 0, "removeFirst of an empty ValueRing")
    let value = (occupied + head).move()
    dropFirstSlot()
    return value
  }

  /// Moves the oldest value into `destination`, which must be uninitialised memory for a `Value`;
  /// the ring must not be empty.
  func moveFirst(into destination: ValueDestination) {
    precondition(count > 0, "moveFirst of an empty ValueRing")
    destination.typed(Value.self).moveInitialize(from: occupied + head, count: 1)
    dropFirstSlot()
  }

  /// Copies the oldest value into `destination`, which must be uninitialised memory for a `Value`;
  /// the ring must not be empty.
  func copyFirst(into destination: ValueDestination) {
    precondition(count > 0, "copyFirst of an empty ValueRing")
    destination.typed(Value.self).initialize(to: occupied[head])
  }

  /// Adds a slot after the others and returns it, for the caller to initialise with a `Value`
  /// before anything else touches the ring.
  func appendUninitialized() -> ValueDestination {
    ValueDestination(appendSlot())
  }

  /// Moves every value into a new ring, returned for release after unlocking; this one is left
  /// empty.
  func takeAll() -> AnyValueRing {
    let taken = ValueRing()
    swap(&taken.slots, &slots)
    swap(&taken.capacity, &capacity)
    swap(&taken.head, &head)
    swap(&taken.count, &count)
    return taken
  }

  /// The slots, once allocated: every caller either checked that the ring holds a value (which
  /// allocated them) or just grew it. Unwrapped without a check (checked in debug builds).
  private var occupied: UnsafeMutablePointer<Value> {
    slots.unsafelyUnwrapped
  }

  private func appendSlot() -> UnsafeMutablePointer<Value> {
    if count == capacity { grow() }
    count += 1
    return occupied + (head + count - 1) % capacity
  }

  private func dropFirstSlot() {
    head = (head + 1) % capacity
    count -= 1
    if count == 0 { head = 0 }
  }

  /// Doubles the room (one slot at first), keeping the values in order.
  private func grow() {
    let newCapacity = Swift.max(capacity * 2, 1)
    let newSlots = UnsafeMutablePointer<Value>.allocate(capacity: newCapacity)
    if let slots {
      let firstRun = Swift.min(count, capacity - head)
      newSlots.moveInitialize(from: slots + head, count: firstRun)
      (newSlots + firstRun).moveInitialize(from: slots, count: count - firstRun)
      slots.deallocate()
    }
    slots = newSlots
    capacity = newCapacity
    head = 0
  }
}
#endif
