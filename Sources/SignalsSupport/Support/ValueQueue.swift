// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// A first-in, first-out queue of values for state machines that live under a lock.
///
/// Popping moves the value out (its slot becomes `nil`), so the caller — not the lock holder —
/// owns the last reference and releases it after unlocking; dropping the whole queue likewise
/// hands every value back. Storage is reclaimed only when the slots being discarded are empty, so
/// no user value is ever released inside the critical section.
@_spi(Signals) public struct ValueQueue<Element> {
  @usableFromInline var slots: ContiguousArray<Element?> = []
  @usableFromInline var head = 0
  /// How many values wait (`slots.count - head`), kept apart so that asking costs no call into
  /// the array: unspecialised, each such call looks up the metadata of `Element?` in the runtime.
  @usableFromInline var waiting = 0

  /// Creates an empty queue.
  @inlinable
  public init() {}

  /// Creates a queue holding `elements`, oldest first.
  @inlinable
  public init(_ elements: some Sequence<Element>) {
    slots = ContiguousArray(elements.lazy.map { Optional($0) })
    waiting = slots.count
  }

  /// How many values are waiting.
  @inlinable
  public var count: Int { waiting }

  /// Whether no value is waiting.
  @inlinable
  public var isEmpty: Bool { waiting == 0 }

  /// Adds `element` at the back.
  @inlinable
  public mutating func append(_ element: Element) {
    slots.append(element)
    waiting += 1
  }

  /// Removes and returns the oldest value.
  @inlinable
  public mutating func popFirst() -> Element? {
    guard waiting > 0 else { return nil }
    let element = slots[head].take()
    head += 1
    waiting -= 1
    if waiting == 0 {
      // Every slot is empty: nothing user-owned is released here.
      slots.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 64, head * 2 >= slots.count {
      slots.removeFirst(head)
      head = 0
    }
    return element
  }

  /// The waiting values, oldest first, without removing them.
  @inlinable
  public var elements: [Element] {
    slots[head...].map { $0! }
  }

  /// Empties the queue and returns what it held, for the caller to release after unlocking.
  @inlinable
  public mutating func removeAll() -> ContiguousArray<Element?> {
    defer {
      head = 0
      waiting = 0
    }
    var taken: ContiguousArray<Element?> = []
    swap(&taken, &slots)
    return taken
  }
}
