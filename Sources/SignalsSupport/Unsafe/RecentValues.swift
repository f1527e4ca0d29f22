// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The last values pushed, up to a limit, oldest first: a ring of slots of a generic type, kept
/// without `Optional<Element>`.
///
/// Built for a replay buffer, which records every value that passes: unspecialised (as clients run
/// Signals' generic code), a `ValueQueue` looks up the metadata of `Element?` on every push and
/// pop, while the ring reads and writes through a pointer typed by `Element` itself. It allocates
/// as it fills, doubling up to `limit`; once full, a push swaps the new value with the oldest.
///
/// Not thread-safe: the owner guards it, and calls ``release()`` from its `deinit`. It never
/// releases a value it is given back: the value a push evicts returns to the caller.
@_spi(Signals) public struct RecentValues<Element> {
  @usableFromInline var storage: UnsafeMutablePointer<Element>?
  @usableFromInline var capacity = 0
  @usableFromInline var start = 0
  @usableFromInline var held = 0
  /// The most values held at once.
  public let limit: Int

  /// How many values are held.
  public var count: Int { held }

  /// An empty ring that holds at most `limit` values (none when `limit` is 0).
  public init(limit: Int) {
    precondition(limit >= 0, "RecentValues(limit: \(limit)): the limit must not be negative")
    self.limit = limit
  }

  /// Adds `element` as the newest value. When the ring is full, the oldest value is swapped into
  /// `element` (for the caller to release after unlocking) and `true` is returned; when the limit
  /// is 0, nothing is kept and `true` is returned with `element` unchanged.
  @inlinable @inline(__always)
  public mutating func push(_ element: inout Element) -> Bool {
    if held == capacity, !growRecentValues(&storage, capacity: &capacity, start: &start, held: held, limit: limit) {
      guard let storage else { return true }
      swap(&storage[start], &element)
      start = start + 1 == capacity ? 0 : start + 1
      return true
    }
    let end = start + held
    storage.unsafelyUnwrapped.advanced(by: end < capacity ? end : end - capacity).initialize(to: element)
    held += 1
    return false
  }

  /// The values held, oldest first.
  public var elements: [Element] {
    guard let storage else { return [] }
    return (0..<held).map { offset in
      let index = start + offset
      return storage[index < capacity ? index : index - capacity]
    }
  }

  /// Destroys the values held and frees the storage; the ring is unusable afterwards.
  public func release() {
    guard let storage else { return }
    for offset in 0..<held {
      let index = start + offset
      storage.advanced(by: index < capacity ? index : index - capacity).deinitialize(count: 1)
    }
    storage.deallocate()
  }
}

/// Makes room in a ``RecentValues`` for one more value when its limit allows: `false` when it is at
/// its limit. A function of its own rather than a mutating method: called out of line from
/// unspecialised code, a mutating method would look up `RecentValues<Element>`'s metadata on
/// every push that reaches it.
@usableFromInline @inline(never)
func growRecentValues<Element>(
  _ storage: inout UnsafeMutablePointer<Element>?, capacity: inout Int, start: inout Int, held: Int, limit: Int
) -> Bool {
  guard capacity < limit else { return false }
  let newCapacity = Swift.min(limit, Swift.max(4, capacity * 2))
  let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
  if let old = storage {
    for offset in 0..<held {
      let index = start + offset
      grown.advanced(by: offset).moveInitialize(
        from: old.advanced(by: index < capacity ? index : index - capacity), count: 1)
    }
    old.deallocate()
  }
  storage = grown
  capacity = newCapacity
  start = 0
  return true
}
