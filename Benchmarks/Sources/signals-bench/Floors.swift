// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

// The floors of issue 8: what handing a value to an escaping closure costs with no framework at all.
//
// - lock + closure: one uncontended round trip through the same kind of lock Signals uses (a
//   `ManagedBuffer` whose header is the state and whose tail is a `pthread_mutex_t`; `os_unfair_lock`
//   on Darwin), reading the closure under the lock and calling it after unlocking, as a subject does.
// - bare closure: calling a stored escaping closure, nothing else.
//
// The closures are made by `@inline(never)` functions so the optimiser cannot see through them.

#if canImport(Darwin)
  import Darwin
  typealias FloorMutex = os_unfair_lock
#elseif canImport(Glibc)
  import Glibc
  typealias FloorMutex = pthread_mutex_t
#elseif canImport(Musl)
  import Musl
  typealias FloorMutex = pthread_mutex_t
#endif

/// A value guarded by a mutex in one allocation: the floor's copy of Signals' `LockedState` layout.
final class FloorLock<State>: ManagedBuffer<State, FloorMutex> {
  static func make(_ state: State) -> FloorLock<State> {
    let buffer = create(minimumCapacity: 1) { _ in state }
    buffer.withUnsafeMutablePointerToElements { mutex in
      #if canImport(Darwin)
        mutex.initialize(to: os_unfair_lock())
      #else
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
      #endif
    }
    return unsafeDowncast(buffer, to: FloorLock<State>.self)
  }

  deinit {
    withUnsafeMutablePointerToElements { mutex in
      #if !canImport(Darwin)
        pthread_mutex_destroy(mutex)
      #endif
      mutex.deinitialize(count: 1)
    }
  }

  @inline(__always)
  func withLock<Result>(_ body: (inout State) -> Result) -> Result {
    withUnsafeMutablePointers { state, mutex in
      #if canImport(Darwin)
        os_unfair_lock_lock(mutex)
        defer { os_unfair_lock_unlock(mutex) }
      #else
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
      #endif
      return body(&state.pointee)
    }
  }
}

/// The state behind the floor's lock. (The closure sits in a struct field, not as the lock's generic
/// state itself, so it is stored at its natural abstraction and needs no reabstraction thunk.)
struct FloorState {
  let closure: (Int) -> Void
}

/// Accumulates what a sink or floor closure receives. Every workload's closures add into one, as the
/// floors' do: a closure adding into a captured local `var` instead pays a dynamic exclusivity check
/// per call (about 7 ns on the machine of Documentation/Performance.md), which would count against
/// the framework in the comparisons with the floors.
final class Tally {
  var sum = 0
}

@inline(never)
func makeFloorClosure(_ tally: Tally) -> (Int) -> Void {
  { tally.sum &+= $0 }
}

enum Floors {
  /// `elements` values, each through one lock round trip to one escaping closure.
  static func lockAndClosure(_ elements: Int, _ lap: Lap) -> Int {
    let tally = Tally()
    let lock = FloorLock.make(FloorState(closure: makeFloorClosure(tally)))
    lap.begin()
    for _ in 0..<elements {
      let closure = lock.withLock { $0.closure }
      closure(1)
    }
    lap.end()
    return tally.sum
  }

  /// `elements` calls of a stored escaping closure.
  static func bareClosure(_ elements: Int, _ lap: Lap) -> Int {
    let tally = Tally()
    let closure = makeFloorClosure(tally)
    lap.begin()
    for _ in 0..<elements {
      closure(1)
    }
    lap.end()
    return tally.sum
  }

  /// `elements` calls spread over `width` stored closures, one lock round trip per send: the floor of
  /// a fan-out to `width` sinks.
  static func fanOut(width: Int) -> Body {
    { elements, lap in
      let tally = Tally()
      let lock = FloorLock.make((0..<width).map { _ in makeFloorClosure(tally) })
      lap.begin()
      for _ in 0..<(elements / width) {
        let closures = lock.withLock { $0 }
        for closure in closures { closure(1) }
      }
      lap.end()
      return tally.sum
    }
  }
}
