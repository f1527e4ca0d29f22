// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

// Peers for the Swift Concurrency bridges: a raw `AsyncStream`, `AsyncChannel` and `share()` from
// swift-async-algorithms 1.1.4, and a hand-written broadcaster (an array of `AsyncStream`
// continuations under a lock).

import AsyncAlgorithms

/// Hands a value that is not `Sendable` to exactly one other task.
struct Handoff<Value>: @unchecked Sendable {
  // Safety: used only to move a freshly made iterator into the one task that iterates it.
  var value: Value
}

enum AsyncPeers {
  /// One producer yields `elements` values into an unbounded `AsyncStream`; one consumer task
  /// iterates it.
  static func asyncStream(_ elements: Int, _ lap: Lap) async -> Int {
    lap.begin()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .unbounded)
    let consumer = Task {
      var sum = 0
      for await value in stream { sum &+= value }
      return sum
    }
    for _ in 0..<elements { continuation.yield(1) }
    continuation.finish()
    let sum = await consumer.value
    lap.end()
    return sum
  }

  /// `elements` yields into an `AsyncStream` that keeps only the newest value and that nobody
  /// iterates.
  static func asyncStreamSend(_ elements: Int, _ lap: Lap) -> Int {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
    lap.begin()
    for _ in 0..<elements { continuation.yield(1) }
    lap.end()
    continuation.finish()
    return withExtendedLifetime(stream) { elements }
  }

  /// One producer task sends `elements` values through an `AsyncChannel` (a rendezvous: each send
  /// waits for the consumer); one consumer iterates it.
  static func asyncChannel(_ elements: Int, _ lap: Lap) async -> Int {
    lap.begin()
    let channel = AsyncChannel<Int>()
    let producer = Task {
      for _ in 0..<elements { await channel.send(1) }
      channel.finish()
    }
    var sum = 0
    for await value in channel { sum &+= value }
    await producer.value
    lap.end()
    return sum
  }

  /// `elements` values from an unbounded `AsyncStream`, shared with `share(bufferingPolicy: .unbounded)`
  /// by `consumers` iterators made before the first value. Returns what each consumer saw (checksum of
  /// one consumer, so it matches the other rows).
  static func share(consumers: Int) -> Body {
    { elements, lap in
      lap.begin()
      let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .unbounded)
      let shared = stream.share(bufferingPolicy: .unbounded)
      let iterators = (0..<consumers).map { _ in Handoff(value: shared.makeAsyncIterator()) }
      let total = await withTaskGroup(of: Int.self) { group in
        for handoff in iterators {
          group.addTask {
            var iterator = handoff.value
            var sum = 0
            while let value = try! await iterator.next() { sum &+= value }
            return sum
          }
        }
        for _ in 0..<elements { continuation.yield(1) }
        continuation.finish()
        return await group.reduce(0, &+)
      }
      lap.end()
      return total / consumers
    }
  }

  /// The hand-written broadcaster: `consumers` unbounded `AsyncStream`s whose continuations sit in an
  /// array under a lock; each value is yielded to every continuation after one lock round trip.
  static func broadcaster(consumers: Int) -> Body {
    { elements, lap in
      lap.begin()
      let pairs = (0..<consumers).map { _ in
        AsyncStream.makeStream(of: Int.self, bufferingPolicy: .unbounded)
      }
      let lock = FloorLock.make(pairs.map(\.continuation))
      let total = await withTaskGroup(of: Int.self) { group in
        for (stream, _) in pairs {
          group.addTask {
            var sum = 0
            for await value in stream { sum &+= value }
            return sum
          }
        }
        for _ in 0..<elements {
          let continuations = lock.withLock { $0 }
          for continuation in continuations { continuation.yield(1) }
        }
        for continuation in lock.withLock({ $0 }) { continuation.finish() }
        return await group.reduce(0, &+)
      }
      lap.end()
      return total / consumers
    }
  }
}
