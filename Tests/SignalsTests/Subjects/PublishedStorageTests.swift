// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

private final class Gauge: ObservableObject, @unchecked Sendable {
  // Safety: the only stored property is `@Published`, whose storage is behind a lock.
  @Published var level = -1
}

struct PublishedStorageTests {
  @Test func concurrentSetsAreEachAnnouncedOnce() {
    let gauge = Gauge()
    let willChange = TestSubscriber<Void, Never>()
    let levels = TestSubscriber<Int, Never>()
    gauge.objectWillChange.subscribe(willChange)
    gauge.$level.subscribe(levels)
    let threads = 8
    let setsPerThread = 500
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for index in 0..<setsPerThread {
        gauge.level = thread * setsPerThread + index
        _ = gauge.level
      }
    }
    let total = threads * setsPerThread
    #expect(willChange.values.count == total)
    // The current value first, then every value set, each exactly once.
    #expect(levels.values.count == total + 1)
    #expect(levels.values.first == -1)
    #expect(Set(levels.values.dropFirst()) == Set(0..<total))
    #expect((0..<total).contains(gauge.level))
  }

  @Test func concurrentSetsWithNobodyWatching() {
    let gauge = Gauge()
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for index in 0..<500 {
        gauge.level = thread * 500 + index
      }
    }
    #expect((0..<4000).contains(gauge.level))
  }

  @Test func concurrentSetsAndSubscriptions() {
    let gauge = Gauge()
    let recorders = LockedState<[TestSubscriber<Int, Never>]>.make([])
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for index in 0..<200 {
        if index.isMultiple(of: 50) {
          let recorder = TestSubscriber<Int, Never>()
          gauge.$level.subscribe(recorder)
          recorders.withLock { $0.append(recorder) }
        }
        gauge.level = thread * 200 + index
      }
    }
    // Every subscriber got a current value first, then only values that were set, each at most once.
    let valuesSet = Set(-1..<1600)
    let all = recorders.withLock { $0 }
    #expect(all.count == 32)
    for recorder in all {
      let values = recorder.values
      #expect(!values.isEmpty)
      #expect(Set(values).count == values.count)
      #expect(Set(values).isSubset(of: valuesSet))
    }
    // A later subscriber starts with one of the values set.
    let late = TestSubscriber<Int, Never>()
    gauge.$level.subscribe(late)
    #expect(late.values.count == 1)
    #expect(late.values.allSatisfy { (0..<1600).contains($0) })
  }
}
