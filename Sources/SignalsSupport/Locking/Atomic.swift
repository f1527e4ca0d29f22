// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import CSignalsAtomics

/// The one atomic of Signals: a word-sized integer (`Int`) read and updated without a lock.
///
/// It wraps the C11 atomics of the package's `CSignalsAtomics` header (header-only `static inline`
/// functions, as swift-atomics' shims are), so every platform runs the same code and the
/// deployment floor stays Combine's: `Synchronization.Atomic` would need macOS 15 / iOS 18 and a
/// second, locking path below them. The word lives in the tail of a `ManagedBuffer`, so its
/// address is stable and creating one costs one allocation, as a ``LockedState`` does.
///
/// Rules for callers (`Documentation/Internals.md`, "The one lock and the one atomic"): use it only
/// where a measurement showed it beats a ``LockedState``, only for a value that stands alone (a
/// counter, not one field of a state that a lock guards), and write next to each use why the
/// ordering it passes is enough. Each operation takes its ordering explicitly; only the orderings
/// and operations that Signals uses exist, and a new one starts with a use that needs it.
///
/// ```swift
/// let counter = Atomic.make(1)
/// let first = counter.loadThenWrappingIncrement(ordering: .relaxed)
/// print(first, counter.load(ordering: .relaxed))  // 1 2
/// ```
@_spi(Signals) public struct Atomic {
  @usableFromInline let buffer: AtomicBuffer

  @usableFromInline init(buffer: AtomicBuffer) {
    self.buffer = buffer
  }

  /// Creates an atomic word holding `initialValue`.
  @inlinable
  public static func make(_ initialValue: Int) -> Atomic {
    Atomic(buffer: AtomicBuffer.make(initialValue))
  }

  /// The value, read atomically with `ordering`.
  @inlinable @inline(__always)
  public func load(ordering: AtomicOrdering) -> Int {
    buffer.withUnsafeMutablePointerToElements { word in
      switch ordering {
      case .relaxed: signals_atomic_word_load_relaxed(word)
      }
    }
  }

  /// Adds one to the value in a single atomic step, wrapping from `Int.max` to `Int.min`, and
  /// returns the value it held before.
  @inlinable @inline(__always) @discardableResult
  public func loadThenWrappingIncrement(ordering: AtomicOrdering) -> Int {
    buffer.withUnsafeMutablePointerToElements { word in
      switch ordering {
      case .relaxed: signals_atomic_word_fetch_add_relaxed(word, 1)
      }
    }
  }

  /// Replaces the value with `desired` if it is `expected`, in a single atomic step, and returns
  /// whether it did: of several callers racing from the same value to another, exactly one wins.
  @inlinable @inline(__always)
  public func compareExchange(expected: Int, desired: Int, ordering: AtomicOrdering) -> Bool {
    buffer.withUnsafeMutablePointerToElements { word in
      switch ordering {
      case .relaxed: signals_atomic_word_compare_exchange_relaxed(word, expected, desired)
      }
    }
  }
}

extension Atomic {
  // An atomic byte inside an object of the caller's, for state that must cost no allocation of its
  // own (a subject keeps one per subscriber: see `TokenLoan`).
  //
  // Safety: `object`'s class must be a root Swift class (no superclass) whose first stored property
  // is a `UInt8` reserved for these three functions: Swift lays out a class's stored properties in
  // declaration order after the object header, so that byte is the first byte of
  // `_getUnsafePointerToStoredProperties(object)` (a test checks this for every class that keeps
  // one). Swift code must never read or write that property itself, except to initialise it in the
  // class's `init`, before the object is shared: a plain access racing an atomic one is a data race,
  // and the optimiser may assume a property no atomic changes under it. Neighbouring properties
  // are separate memory locations and stay ordinary Swift fields.

  /// The leading byte of `object`, read with acquire ordering: what the thread that last released
  /// it wrote before is visible after.
  @inlinable @inline(__always)
  public static func loadLeadingByte(of object: AnyObject) -> UInt8 {
    signals_atomic_byte_load_acquire(_getUnsafePointerToStoredProperties(object))
  }

  /// Writes the leading byte of `object` with relaxed ordering: for a writer that already orders
  /// its write another way (it holds the lock every reader of that value takes).
  @inlinable @inline(__always)
  public static func storeLeadingByte(of object: AnyObject, _ value: UInt8) {
    signals_atomic_byte_store_relaxed(_getUnsafePointerToStoredProperties(object), value)
  }

  /// Replaces the leading byte of `object` with `desired` if it is `expected`, in one atomic step
  /// with acquire-release ordering (acquire when it fails), and returns whether it did: of callers
  /// racing from the same value, exactly one wins, and the winner sees what the last writer wrote
  /// before its write.
  @inlinable @inline(__always)
  public static func compareExchangeLeadingByte(of object: AnyObject, expected: UInt8, desired: UInt8) -> Bool {
    signals_atomic_byte_compare_exchange_acq_rel(_getUnsafePointerToStoredProperties(object), expected, desired)
  }
}

// Safety: the word is only reached through the C11 atomic operations above, which may run on any
// number of threads at once; the buffer itself is never replaced.
@_spi(Signals) extension Atomic: @unchecked Sendable {}

/// How an operation of ``Atomic`` orders the memory accesses around it, as C11's `memory_order`.
///
/// Only the orderings Signals uses exist. `relaxed` makes the operation itself atomic (no torn
/// value, no lost update, one total order of the updates of that word) and orders nothing else:
/// right for a counter whose value publishes no other memory.
@_spi(Signals) public enum AtomicOrdering: Sendable {
  /// Atomic, with no ordering of other memory accesses (`memory_order_relaxed`).
  case relaxed
}

/// The storage of ``Atomic``: the C11 atomic word in the tail, at an address that never moves.
@usableFromInline final class AtomicBuffer: ManagedBuffer<Void, signals_atomic_word> {
  @inlinable
  static func make(_ initialValue: Int) -> AtomicBuffer {
    let buffer = Self.create(minimumCapacity: 1) { _ in }
    buffer.withUnsafeMutablePointerToElements { word in
      // The word is not shared yet: C11's `atomic_init`, a plain store.
      signals_atomic_word_init(word, initialValue)
    }
    // `create` returns an instance of the class it is called on.
    return unsafeDowncast(buffer, to: AtomicBuffer.self)
  }
  // No deinit: the word is a plain integer, with nothing to destroy.
}
