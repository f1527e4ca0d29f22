// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// One input's values, with the type erased so that inputs of different types sit side by side.
///
/// Only ``CombiningValueBuffer`` derives from it; the storage downcasts each slot to the type its
/// publisher wrapper knows statically.
class CombiningBuffer {}

/// The values one input of a combining operator holds — its latest value (`combineLatest`,
/// `merge`) or a queue of values not yet paired (`zip`) — or the outputs waiting
/// for the token holder (the storage's backlog).
///
/// A ring of slots in raw memory rather than an array of optionals: in unspecialised code every
/// `Optional<Value>` or `ContiguousArray<Value?>` costs a run-time metadata lookup, while a method
/// of this class reads `Value` from the instance and touches the slots through its value witnesses
/// only. Values leave by moving out, so whoever takes one owns it and releases it after unlocking.
///
/// It lives in the storage's locked state (or, as the backlog, next to it) and is only touched
/// while holding the storage's lock.
final class CombiningValueBuffer<Value>: CombiningBuffer {
  // Safety of `@exclusivity(unchecked)`: every access happens while holding the owning storage's
  // lock, which already makes it exclusive.
  @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Value>
  @exclusivity(unchecked) private var capacity: Int
  @exclusivity(unchecked) private var head = 0
  /// How many values the buffer holds.
  @exclusivity(unchecked) private(set) var count = 0

  /// An empty buffer with room for `capacity` values before it grows.
  init(capacity: Int = 1) {
    self.capacity = Swift.max(capacity, 1)
    slots = .allocate(capacity: self.capacity)
  }

  deinit {
    for offset in 0..<count { (slots + (head + offset) % capacity).deinitialize(count: 1) }
    slots.deallocate()
  }

  /// Replaces the latest value with `value`; on return `value` holds the value it displaced (or
  /// still the new one, when the buffer was empty), for the caller to release after unlocking.
  func replaceLatest(with value: inout Value) {
    if count == 0 {
      append(value)
    } else {
      swap(&value, &slots[head])
    }
  }

  /// Adds `value` after the others.
  func append(_ value: Value) {
    appendUninitialized().initialize(to: value)
  }

  /// Adds a slot after the others and returns it; the caller initialises it before unlocking.
  func appendUninitialized() -> UnsafeMutablePointer<Value> {
    if count == capacity { grow() }
    let slot = slots + (head + count) % capacity
    count += 1
    return slot
  }

  /// Removes and returns the oldest value.
  func removeFirst() -> Value {
    precondition(count > 0, "removeFirst on an empty combining buffer")
    let value = (slots + head).move()
    head = (head + 1) % capacity
    count -= 1
    if count == 0 { head = 0 }
    return value
  }

  /// Moves the oldest value into the uninitialised memory at `destination`.
  func moveFirst(to destination: UnsafeMutablePointer<Value>) {
    precondition(count > 0, "moveFirst on an empty combining buffer")
    destination.moveInitialize(from: slots + head, count: 1)
    head = (head + 1) % capacity
    count -= 1
    if count == 0 { head = 0 }
  }

  /// Moves every value into a new buffer, returned for release after unlocking; this one is left
  /// empty.
  func takeAll() -> CombiningBuffer {
    let taken = CombiningValueBuffer(capacity: 1)
    swap(&taken.slots, &slots)
    swap(&taken.capacity, &capacity)
    swap(&taken.head, &head)
    swap(&taken.count, &count)
    return taken
  }

  /// The value `take` asks of input `index`.
  func value(for take: CombiningTake, at index: Int) -> Value {
    if removes(for: take, at: index) { return removeFirst() }
    return slots[head]
  }

  /// Writes the value `take` asks of input `index` into the uninitialised `destination`.
  func read(for take: CombiningTake, at index: Int, into destination: UnsafeMutablePointer<Value>) {
    if removes(for: take, at: index) {
      moveFirst(to: destination)
    } else {
      destination.initialize(to: slots[head])
    }
  }

  /// Whether `take` removes the value of input `index` (otherwise it copies the latest value).
  private func removes(for take: CombiningTake, at index: Int) -> Bool {
    switch take {
    case .latest:
      precondition(count == 1, "combineLatest reads a latest value")
      return false
    case .heads:
      return true
    case .slot(let taken):
      precondition(taken == index, "a merge take reads only the input it names")
      return true
    }
  }

  /// Doubles the room, keeping the values in order.
  private func grow() {
    let newCapacity = capacity * 2
    let newSlots = UnsafeMutablePointer<Value>.allocate(capacity: newCapacity)
    let firstRun = Swift.min(count, capacity - head)
    newSlots.moveInitialize(from: slots + head, count: firstRun)
    (newSlots + firstRun).moveInitialize(from: slots, count: count - firstRun)
    slots.deallocate()
    slots = newSlots
    capacity = newCapacity
    head = 0
  }
}

extension ContiguousArray where Element == CombiningBuffer {
  /// Reads the value `take` asks of input `index`, whose values are of type `Value`.
  func value<Value>(_ take: CombiningTake, at index: Int, as type: Value.Type) -> Value {
    unsafeDowncast(self[index], to: CombiningValueBuffer<Value>.self).value(for: take, at: index)
  }

  /// Writes the value `take` asks of input `index`, whose values are of type `Value`, into the
  /// uninitialised `destination` (an output tuple's element, or a whole output).
  func read<Value>(_ take: CombiningTake, at index: Int, as type: Value.Type, into destination: UnsafeMutableRawPointer)
  {
    let buffer = unsafeDowncast(self[index], to: CombiningValueBuffer<Value>.self)
    buffer.read(for: take, at: index, into: destination.assumingMemoryBound(to: Value.self))
  }
}

extension CombiningBuffer {
  /// An empty buffer for values of `type`.
  static func of<Value>(_ type: Value.Type) -> CombiningBuffer {
    CombiningValueBuffer<Value>()
  }
}
#endif
