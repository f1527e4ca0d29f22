// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch

#if canImport(Foundation)
import Foundation
#endif

/// Tells whether the calling code runs on the main actor.
///
/// The main actor's executor is the main dispatch queue. On Apple platforms that queue is always
/// drained by the main thread; on Linux, once a program has handed the main thread to dispatch
/// (an `async` `main`, `dispatchMain()`), the main queue is drained by a pool thread instead, so
/// "the main thread" alone is the wrong question. The check asks dispatch whether the current queue
/// is the main queue, through a queue-specific marker set once on `DispatchQueue.main`; the main
/// thread outside any block counts as the main queue too. (Foundation's `Thread.isMainThread`
/// would be wrong on Linux, and costs some 450 ns there against some 35 ns for this.)
///
/// Asking dispatch costs a lookup, a retain and a release on every call, most of what
/// `MainActorScheduler` costs per value. So the first time dispatch says yes, the answer is
/// learned: if the thread is the process's main thread, that thread stays the main queue's for
/// good (the main thread leaves the main queue only by ending, in `dispatchMain()`), and later
/// calls on it answer from a thread-identity comparison. If a pool thread drains the main queue,
/// nothing is learned and every call asks dispatch. The main thread counts as the main actor
/// everywhere, as the Swift runtime itself answers for the main executor outside a task.
package enum MainActorContext {
  /// Whether code running now runs on the main actor's executor.
  package static var isCurrent: Bool {
    // `shared` is used in place, never copied out: a copy would retain and release its parts.
    let thread = Int(bitPattern: ThreadIdentity.current.rawValue)
    let learned = shared.mainQueueThread.load(ordering: .relaxed)
    if learned == thread { return true }
    guard DispatchQueue.getSpecific(key: shared.key) != nil else { return false }
    if learned == MainQueueContext.notLearned { shared.learn(thread) }
    return true
  }

  private static let shared = MainQueueContext()
}

/// The marker set on the main queue, and what `MainActorContext` learned of the thread that
/// drains it.
private struct MainQueueContext: @unchecked Sendable {
  // Safety: the key is set on the main queue once, in `init`, before the context is published
  // through a `static let`; after that it is only read, with `DispatchQueue.getSpecific`, which is
  // thread-safe. `mainQueueThread` is an `Atomic`.
  let key = DispatchSpecificKey<Bool>()
  /// `notLearned`, `pooled` (a pool thread drains the main queue: nothing to learn), or the
  /// identity of the process's main thread, which drains it.
  ///
  /// Relaxed ordering is enough: the word carries no other data, and a thread that reads a stale
  /// `notLearned` only asks dispatch. A thread identity is never 0 or -1.
  let mainQueueThread = Atomic.make(notLearned)

  static let notLearned = 0
  static let pooled = -1

  init() {
    DispatchQueue.main.setSpecific(key: key, value: true)
  }

  /// Dispatch said `thread` runs the main queue: remembers it if it is the process's main thread
  /// (asked once, with Foundation's `Thread.isMainThread`; elsewhere nothing is learned).
  func learn(_ thread: Int) {
    #if canImport(Foundation)
    let learned = Thread.isMainThread ? thread : Self.pooled
    #else
    let learned = Self.pooled
    #endif
    _ = mainQueueThread.compareExchange(expected: Self.notLearned, desired: learned, ordering: .relaxed)
  }
}
