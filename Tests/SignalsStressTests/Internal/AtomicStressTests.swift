// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

/// The one atomic and its first users under many threads at once: no increment is lost, one claim
/// wins, no identifier is handed out twice, a `Just` delivers at most once, no drop goes uncounted. Under ThreadSanitizer these also check
/// that the atomic's accesses are seen as atomic (no data race reported).
struct AtomicStressTests {
  static let threads = 8
  static let perThread = 20_000

  @Test func concurrentIncrementsAreNeverLost() {
    withWatchdog("Atomic increments") {
      let atomic = Atomic.make(0)
      let seen = LockedState.make([[Int]](repeating: [], count: Self.threads))
      runConcurrently(Self.threads) { worker in
        var returned: [Int] = []
        returned.reserveCapacity(Self.perThread)
        for _ in 0..<Self.perThread { returned.append(atomic.loadThenWrappingIncrement(ordering: .relaxed)) }
        seen.withLock { $0[worker] = returned }
      }
      let total = Self.threads * Self.perThread
      #expect(atomic.load(ordering: .relaxed) == total)
      // Every value from 0 to total - 1 was handed to exactly one increment, and each thread saw
      // its own increments in increasing order (one modification order for the word).
      let all = seen.withLock { $0 }
      #expect(all.joined().sorted() == Array(0..<total))
      #expect(all.allSatisfy { $0 == $0.sorted() })
    }
  }

  @Test func exactlyOneOfManyThreadsWinsAClaim() {
    withWatchdog("Atomic claims") {
      for _ in 0..<2_000 {
        let flag = Atomic.make(0)
        let winners = Atomic.make(0)
        runConcurrently(4) { _ in
          if flag.compareExchange(expected: 0, desired: 1, ordering: .relaxed) {
            winners.loadThenWrappingIncrement(ordering: .relaxed)
          }
        }
        #expect(winners.load(ordering: .relaxed) == 1)
        #expect(flag.load(ordering: .relaxed) == 1)
      }
    }
  }

  @Test func aJustRequestedAndCancelledOnManyThreadsDeliversAtMostOnce() {
    withWatchdog("Just request vs cancel") {
      for _ in 0..<2_000 {
        let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
        Just(7).subscribe(recorder)
        runConcurrently(4) { worker in
          if worker == 0 { recorder.cancel() } else { recorder.request(.max(1)) }
        }
        let values = recorder.values
        #expect(values.isEmpty || values == [7])
        #expect(values.isEmpty || recorder.completion == .finished)
      }
    }
  }

  @Test func identifiersMadeOnManyThreadsAreUnique() {
    withWatchdog("CombineIdentifier from many threads") {
      let made = LockedState.make([CombineIdentifier]())
      runConcurrently(Self.threads) { _ in
        let mine = (0..<Self.perThread).map { _ in CombineIdentifier() }
        made.withLock { $0 += mine }
      }
      let identifiers = made.withLock { $0 }
      #expect(identifiers.count == Self.threads * Self.perThread)
      #expect(Set(identifiers).count == identifiers.count)
    }
  }

  @Test func dropsCountedOnManyThreadsAddUp() {
    withWatchdog("DropCounter from many threads") {
      let reported = Atomic.make(0)
      let drops = DropCounter { reported.loadThenWrappingIncrement(ordering: .relaxed) }
      // Nobody reads the streams and they keep no value: every send is a drop, counted on the
      // sending thread.
      let streams = (0..<Self.threads).map { _ in
        let subject = PassthroughSubject<Int, Never>()
        return (subject, subject.stream(bufferingPolicy: .bufferingNewest(0), countingDropsIn: drops))
      }
      runConcurrently(Self.threads) { worker in
        for value in 0..<Self.perThread { streams[worker].0.send(value) }
      }
      #expect(drops.count == Self.threads * Self.perThread)
      #expect(reported.load(ordering: .relaxed) == Self.threads * Self.perThread)
      withExtendedLifetime(streams) {}
    }
  }
}
