// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(WinSDK)
import WinSDK
#endif

#if canImport(Darwin)
@usableFromInline typealias PlatformLock = os_unfair_lock
#elseif canImport(WinSDK)
@usableFromInline typealias PlatformLock = SRWLOCK
#else
@usableFromInline typealias PlatformLock = pthread_mutex_t
#endif

/// The one lock of Signals: a value and the platform lock that guards it, in a single allocation.
///
/// The header of a `ManagedBuffer` holds the state and its tail holds the lock, so creating a
/// `LockedState` costs one allocation and taking the lock never touches a second object. The only
/// way in is ``withLock(_:)``, which hands the closure the state as `inout` for the duration of the
/// critical section. Nothing else in Signals locks: no `NSLock`, no recursive lock, no `lock()` and
/// `unlock()` pairs elsewhere (see `Documentation/Internals.md`).
///
/// Rules for callers: the closure must be short and must never call out to user code (a subscriber,
/// a user closure, a continuation). Compute what to do under the lock, return it, act after.
///
/// ```swift
/// let counter = LockedState.make(0)
/// let next = counter.withLock { value -> Int in
///   value += 1
///   return value
/// }
/// print(next)  // 1
/// ```
@_spi(Signals) public struct LockedState<State> {
  @usableFromInline let buffer: LockBuffer<State>

  @usableFromInline init(buffer: LockBuffer<State>) {
    self.buffer = buffer
  }

  /// Creates a lock guarding `initialState`.
  @inlinable
  public static func make(_ initialState: State) -> LockedState<State> {
    LockedState(buffer: LockBuffer.make(initialState))
  }

  /// Runs `body` with exclusive access to the state and returns what it returns.
  ///
  /// Never call out to user code from `body`.
  @inlinable @inline(__always)
  public func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try buffer.withLock(body)
  }
}

// Safety: the state is only reachable through `withLock`, which holds the platform lock for the
// whole access, so sharing a `LockedState` between threads is safe when the state itself may move
// between threads.
@_spi(Signals) extension LockedState: @unchecked Sendable where State: Sendable {}

/// The storage of ``LockedState``: the state in the header, the platform lock in the tail.
@usableFromInline final class LockBuffer<State>: ManagedBuffer<State, PlatformLock> {
  @inlinable
  static func make(_ initialState: State) -> LockBuffer<State> {
    let buffer = Self.create(minimumCapacity: 1) { _ in initialState }
    buffer.withUnsafeMutablePointerToElements { lock in
      #if canImport(Darwin)
      lock.initialize(to: os_unfair_lock())
      #elseif canImport(WinSDK)
      InitializeSRWLock(lock)
      #else
      lock.initialize(to: pthread_mutex_t())
      let result = pthread_mutex_init(lock, nil)
      precondition(result == 0, "pthread_mutex_init failed with \(result)")
      #endif
    }
    // `create` returns an instance of the class it is called on.
    return unsafeDowncast(buffer, to: LockBuffer<State>.self)
  }

  deinit {
    // `ManagedBuffer` destroys the header (the state) itself; the tail element is ours.
    withUnsafeMutablePointerToElements { lock -> Void in
      #if !canImport(Darwin) && !canImport(WinSDK)
      let result = pthread_mutex_destroy(lock)
      precondition(result == 0, "pthread_mutex_destroy failed with \(result)")
      #endif
      lock.deinitialize(count: 1)
    }
  }

  @inlinable @inline(__always)
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try withUnsafeMutablePointers { state, lock in
      #if canImport(Darwin)
      os_unfair_lock_lock(lock)
      defer { os_unfair_lock_unlock(lock) }
      #elseif canImport(WinSDK)
      AcquireSRWLockExclusive(lock)
      defer { ReleaseSRWLockExclusive(lock) }
      #else
      pthread_mutex_lock(lock)
      defer { pthread_mutex_unlock(lock) }
      #endif
      return try body(&state.pointee)
    }
  }
}

/// The identity of the calling thread, used to tell a re-entrant call (the thread that is already
/// delivering to a subscriber calls back in) from a concurrent one (another thread).
///
/// It lives here because this file is the only one that talks to the platform's threading API.
@_spi(Signals) public struct ThreadIdentity: Equatable, Sendable {
  /// The platform's identifier of the thread.
  public let rawValue: UInt

  /// The thread that is running this code.
  @inlinable
  public static var current: ThreadIdentity {
    #if canImport(WinSDK)
    return ThreadIdentity(rawValue: UInt(GetCurrentThreadId()))
    #elseif canImport(Darwin)
    return ThreadIdentity(rawValue: UInt(bitPattern: pthread_self()))
    #else
    return ThreadIdentity(rawValue: UInt(pthread_self()))
    #endif
  }

  /// The identity with this platform identifier (tests make made-up threads with it).
  @inlinable
  public init(rawValue: UInt) {
    self.rawValue = rawValue
  }
}
