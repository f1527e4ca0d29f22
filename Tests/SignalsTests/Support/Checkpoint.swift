// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport

/// A counter that tasks can wait on: `signal()` adds one, `wait(for:)` suspends until the count
/// reaches a target. Coordinates async tests without sleeps.
///
/// ```swift
/// let started = Checkpoint()
/// Task { started.signal() }
/// await started.wait(for: 1)
/// ```
final class Checkpoint: Sendable {
  private struct State {
    var count = 0
    var waiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = LockedState.make(State())

  init() {}

  /// How many times `signal()` was called.
  var count: Int { state.withLock { $0.count } }

  /// Adds one and wakes the waiters whose target is reached.
  func signal() {
    let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.count += 1
      let count = state.count
      let ready = state.waiters.filter { $0.target <= count }.map(\.continuation)
      state.waiters.removeAll { $0.target <= count }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }

  /// Waits until the count reaches `target`.
  func wait(for target: Int) async {
    await withCheckedContinuation { continuation in
      let isReady = state.withLock { state -> Bool in
        if state.count >= target { return true }
        state.waiters.append((target, continuation))
        return false
      }
      if isReady { continuation.resume() }
    }
  }
}

/// A thread-safe list that tests append to from tasks and closures.
final class Recorder<Element: Sendable>: Sendable {
  private let state = LockedState.make([Element]())

  init() {}

  var elements: [Element] { state.withLock { $0 } }

  func append(_ element: Element) {
    state.withLock { $0.append(element) }
  }
}

/// Holds a weak reference to whatever a subscriber a publisher receives, to check it is released.
final class WeakBox: @unchecked Sendable {
  // Safety: written once, synchronously, before any task reads it; then only read.
  weak var object: AnyObject?
}

/// A publisher that records (weakly) the subscriber attached to it, then forwards to `upstream`.
struct SubscriberSpy<Upstream: Publisher>: Publisher {
  typealias Output = Upstream.Output
  typealias Failure = Upstream.Failure

  let upstream: Upstream
  let box = WeakBox()

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    box.object = subscriber as AnyObject
    upstream.subscribe(subscriber)
  }
}

extension SubscriberSpy: Sendable where Upstream: Sendable {}
