// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import Testing

struct AnyCancellableTests {
  /// Counts how many times its action ran.
  final class Counter: @unchecked Sendable {
    // Safety: all mutable state is in `state`, a `LockedState`.
    private let state = LockedState<Int>.make(0)
    func increment() { state.withLock { $0 += 1 } }
    var count: Int { state.withLock { $0 } }
  }

  @Test func cancelRunsTheActionOnce() {
    let counter = Counter()
    let cancellable = AnyCancellable { counter.increment() }
    cancellable.cancel()
    cancellable.cancel()
    #expect(counter.count == 1)
  }

  @Test func deinitCancels() {
    let counter = Counter()
    do {
      _ = AnyCancellable { counter.increment() }
    }
    #expect(counter.count == 1)
  }

  @Test func deinitAfterCancelDoesNotRunTheActionAgain() {
    let counter = Counter()
    do {
      let cancellable = AnyCancellable { counter.increment() }
      cancellable.cancel()
    }
    #expect(counter.count == 1)
  }

  @Test func concurrentCancelsRunTheActionExactlyOnce() {
    for _ in 0..<100 {
      let counter = Counter()
      let cancellable = AnyCancellable { counter.increment() }
      DispatchQueue.concurrentPerform(iterations: 4) { _ in cancellable.cancel() }
      #expect(counter.count == 1)
    }
  }

  @Test func wrapsACancellable() {
    let subscription = TestSubscription()
    let cancellable = AnyCancellable(subscription)
    cancellable.cancel()
    #expect(subscription.events == [.cancelled])
  }

  @Test func storesInASetAndInAnArray() {
    let counter = Counter()
    var set = Set<AnyCancellable>()
    var array: [AnyCancellable] = []
    AnyCancellable { counter.increment() }.store(in: &set)
    AnyCancellable { counter.increment() }.store(in: &array)
    #expect(set.count == 1)
    #expect(array.count == 1)
    #expect(counter.count == 0)
    set.removeAll()
    array.removeAll()
    #expect(counter.count == 2)
  }

  @Test func equalityIsIdentity() {
    let first = AnyCancellable {}
    let second = AnyCancellable {}
    #expect(first == first)
    #expect(first != second)
    #expect(Set([first, first, second]).count == 2)
  }
}
