// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

// The Signals side of every workload. `OpenCombineWorkloads.swift` holds the same workloads written
// against OpenCombine; keep the two files in step (same shape, same checksums).

import Signals

/// A publisher that pushes `count` ones into its subscriber as soon as it subscribes, ignoring
/// demand (the sinks downstream ask for unlimited values), then finishes. The source of the
/// `*Pumping` workloads, as in the RxSwift / Combine comparison suites.
struct SignalsPump: Publisher {
  typealias Output = Int
  typealias Failure = Never
  let count: Int

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
    subscriber.receive(subscription: Subscriptions.empty)
    for _ in 0..<count { _ = subscriber.receive(1) }
    subscriber.receive(completion: .finished)
  }
}

enum SignalsSide {
  // MARK: Subjects and sink (on main)

  /// One subject, one sink, `elements` sends.
  static func subjectToSink(_ elements: Int, _ lap: Lap) -> Int {
    let subject = PassthroughSubject<Int, Never>()
    let tally = Tally()
    let cancellable = subject.sink { tally.sum &+= $0 }
    lap.begin()
    for _ in 0..<elements { subject.send(1) }
    lap.end()
    cancellable.cancel()
    return tally.sum
  }

  /// One subject, `width` sinks; `elements` deliveries in all (`elements / width` sends).
  static func fanOut(width: Int) -> Body {
    { elements, lap in
      let subject = PassthroughSubject<Int, Never>()
      let tally = Tally()
      let cancellables = (0..<width).map { _ in subject.sink { tally.sum &+= $0 } }
      lap.begin()
      for _ in 0..<(elements / width) { subject.send(1) }
      lap.end()
      for cancellable in cancellables { cancellable.cancel() }
      return tally.sum
    }
  }

  /// RxSwift's PublishSubjectCreating: make a subject, attach a sink, send one value, cancel.
  static func subjectCreating(_ elements: Int, _ lap: Lap) -> Int {
    let tally = Tally()
    lap.begin()
    for _ in 0..<elements {
      let subject = PassthroughSubject<Int, Never>()
      let cancellable = subject.sink { tally.sum &+= $0 }
      subject.send(1)
      cancellable.cancel()
    }
    lap.end()
    return tally.sum
  }

  /// Attach `elements` sinks, then cancel them in a fixed pseudo-random order (only the cancelling
  /// is measured).
  static func randomOrderCancel(_ elements: Int, _ lap: Lap) -> Int {
    let subject = PassthroughSubject<Int, Never>()
    let tally = Tally()
    let cancellables = (0..<elements).map { _ in subject.sink { tally.sum &+= $0 } }
    let order = shuffledIndices(elements)
    subject.send(1)
    lap.begin()
    for index in order { cancellables[index].cancel() }
    lap.end()
    subject.send(1)
    return tally.sum
  }

  /// `elements` times: attach a sink to a subject and cancel it.
  static func subscribeCancelCycles(_ elements: Int, _ lap: Lap) -> Int {
    let subject = PassthroughSubject<Int, Never>()
    var count = 0
    lap.begin()
    for _ in 0..<elements {
      let cancellable = subject.sink { _ in }
      cancellable.cancel()
      count &+= 1
    }
    lap.end()
    return count
  }

  /// A `CurrentValueSubject` with `width` sinks; `elements` sends.
  static func currentValueFanOut(width: Int) -> Body {
    { elements, lap in
      let subject = CurrentValueSubject<Int, Never>(0)
      let tally = Tally()
      let cancellables = (0..<width).map { _ in subject.sink { tally.sum &+= $0 } }
      lap.begin()
      for _ in 0..<elements { subject.send(1) }
      lap.end()
      for cancellable in cancellables { cancellable.cancel() }
      return tally.sum / width
    }
  }

  /// Attach `elements` sinks to one subject; the bytes still allocated at `end()` are what the live
  /// subscriptions hold.
  static func liveSubscriptionMemory(_ elements: Int, _ lap: Lap) -> Int {
    let subject = PassthroughSubject<Int, Never>()
    let tally = Tally()
    var cancellables: [AnyCancellable] = []
    cancellables.reserveCapacity(elements)
    lap.begin()
    for _ in 0..<elements { cancellables.append(subject.sink { tally.sum &+= $0 }) }
    lap.end()
    subject.send(1)
    for cancellable in cancellables { cancellable.cancel() }
    return tally.sum
  }

  // MARK: Operators: map, filter, reduce, collect, Sequence.publisher (`.define("SIGNALS_OPERATORS")`)

  #if SIGNALS_OPERATORS
    /// Subject → map → filter → map → sink (issue 8's operator chain), `elements` sends.
    static func mapFilterMapChain(_ elements: Int, _ lap: Lap) -> Int {
      let subject = PassthroughSubject<Int, Never>()
      let tally = Tally()
      let cancellable = subject.map { $0 &* 2 }.filter { $0 > 0 }.map { $0 / 2 }.sink { tally.sum &+= $0 }
      lap.begin()
      for _ in 0..<elements { subject.send(1) }
      lap.end()
      cancellable.cancel()
      return tally.sum
    }

    /// Subject → scan → reduce → sink, `elements` sends; the total arrives when the subject finishes.
    static func scanReduceChain(_ elements: Int, _ lap: Lap) -> Int {
      let subject = PassthroughSubject<Int, Never>()
      var total = 0
      let cancellable = subject.scan(0) { $0 &+ $1 }.reduce(0) { $0 &+ $1 }.sink { total = $0 }
      lap.begin()
      for _ in 0..<elements { subject.send(1) }
      lap.end()
      subject.send(completion: .finished)
      cancellable.cancel()
      return total
    }

    /// RxSwift's MapFilterPumping: a pump through six map/filter pairs into a sink.
    static func mapFilterPumping(_ elements: Int, _ lap: Lap) -> Int {
      let tally = Tally()
      lap.begin()
      let cancellable = SignalsPump(count: elements)
        .map { $0 }.filter { _ in true }.map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }.map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }.map { $0 }.filter { _ in true }
        .sink { tally.sum &+= $0 }
      lap.end()
      cancellable.cancel()
      return tally.sum
    }

    /// RxSwift's MapFilterCreating: build that chain, push one value, cancel; `elements` times.
    static func mapFilterCreating(_ elements: Int, _ lap: Lap) -> Int {
      let tally = Tally()
      lap.begin()
      for _ in 0..<elements {
        let cancellable = SignalsPump(count: 1)
          .map { $0 }.filter { _ in true }.map { $0 }.filter { _ in true }
          .map { $0 }.filter { _ in true }.map { $0 }.filter { _ in true }
          .map { $0 }.filter { _ in true }.map { $0 }.filter { _ in true }
          .sink { tally.sum &+= $0 }
        cancellable.cancel()
      }
      lap.end()
      return tally.sum
    }

    /// `(0..<elements).publisher.map { … }.reduce(0, +)` into a sink.
    static func sequenceMapReduce(_ elements: Int, _ lap: Lap) -> Int {
      var result = 0
      lap.begin()
      let cancellable = (0..<elements).publisher.map { _ in 1 }.reduce(0, &+).sink { result = $0 }
      lap.end()
      cancellable.cancel()
      return result
    }

    /// `collect()` of `elements` values from a sequence publisher.
    static func collectSequence(_ elements: Int, _ lap: Lap) -> Int {
      var count = 0
      lap.begin()
      let cancellable = (0..<elements).publisher.collect().sink { count = $0.count }
      lap.end()
      cancellable.cancel()
      return count
    }
  #endif

  // MARK: flatMap and switchToLatest — ENABLE WHEN they land on main
  // `flatMap`: `.define("SIGNALS_FLATMAP")`; `switchToLatest`: `.define("SIGNALS_SWITCH_TO_LATEST")`.

  #if SIGNALS_FLATMAP
    /// RxSwift's FlatMapsPumping: five `flatMap { Just($0) }` in a row.
    static func flatMapsPumping(_ elements: Int, _ lap: Lap) -> Int {
      let tally = Tally()
      lap.begin()
      let cancellable = SignalsPump(count: elements)
        .flatMap { Just($0) }.flatMap { Just($0) }.flatMap { Just($0) }.flatMap { Just($0) }.flatMap { Just($0) }
        .sink { tally.sum &+= $0 }
      lap.end()
      cancellable.cancel()
      return tally.sum
    }

    /// RxSwift's FlatMapsCreating: build that chain, push one value, cancel; `elements` times.
    static func flatMapsCreating(_ elements: Int, _ lap: Lap) -> Int {
      let tally = Tally()
      lap.begin()
      for _ in 0..<elements {
        let cancellable = SignalsPump(count: 1)
          .flatMap { Just($0) }.flatMap { Just($0) }.flatMap { Just($0) }.flatMap { Just($0) }.flatMap { Just($0) }
          .sink { tally.sum &+= $0 }
        cancellable.cancel()
      }
      lap.end()
      return tally.sum
    }

    /// Issue 8's `flatMap { Just }`: one flatMap between a subject and a sink.
    static func flatMapJust(_ elements: Int, _ lap: Lap) -> Int {
      let subject = PassthroughSubject<Int, Never>()
      let tally = Tally()
      let cancellable = subject.flatMap { Just($0) }.sink { tally.sum &+= $0 }
      lap.begin()
      for _ in 0..<elements { subject.send(1) }
      lap.end()
      cancellable.cancel()
      return tally.sum
    }
  #endif

  #if SIGNALS_SWITCH_TO_LATEST
    /// RxSwift's FlatMapLatestPumping: five `map { Just($0) }.switchToLatest()` in a row.
    static func flatMapLatestPumping(_ elements: Int, _ lap: Lap) -> Int {
      let tally = Tally()
      lap.begin()
      let cancellable = SignalsPump(count: elements)
        .map { Just($0) }.switchToLatest().map { Just($0) }.switchToLatest().map { Just($0) }.switchToLatest()
        .map { Just($0) }.switchToLatest().map { Just($0) }.switchToLatest()
        .sink { tally.sum &+= $0 }
      lap.end()
      cancellable.cancel()
      return tally.sum
    }

    /// RxSwift's FlatMapLatestCreating.
    static func flatMapLatestCreating(_ elements: Int, _ lap: Lap) -> Int {
      let tally = Tally()
      lap.begin()
      for _ in 0..<elements {
        let cancellable = SignalsPump(count: 1)
          .map { Just($0) }.switchToLatest().map { Just($0) }.switchToLatest().map { Just($0) }.switchToLatest()
          .map { Just($0) }.switchToLatest().map { Just($0) }.switchToLatest()
          .sink { tally.sum &+= $0 }
        cancellable.cancel()
      }
      lap.end()
      return tally.sum
    }
  #endif

  // MARK: CombineLatest / MergeMany — ENABLE WHEN they land on main (`.define("SIGNALS_COMBINING")`)

  #if SIGNALS_COMBINING
    /// RxSwift's CombineLatestPumping: a pump combined with three `Just`s, six more levels on top.
    static func combineLatestPumping(_ elements: Int, _ lap: Lap) -> Int {
      let tally = Tally()
      lap.begin()
      var last = SignalsPump(count: elements).combineLatest(Just(1), Just(1), Just(1)) { x, _, _, _ in x }
        .eraseToAnyPublisher()
      for _ in 0..<6 {
        last = Just(1).combineLatest(Just(1), Just(1), last) { _, _, _, x in x }.eraseToAnyPublisher()
      }
      let cancellable = last.sink { tally.sum &+= $0 }
      lap.end()
      cancellable.cancel()
      return tally.sum
    }

    /// RxSwift's CombineLatestCreating.
    static func combineLatestCreating(_ elements: Int, _ lap: Lap) -> Int {
      let tally = Tally()
      lap.begin()
      for _ in 0..<elements {
        var last = SignalsPump(count: 1).combineLatest(Just(1), Just(1), Just(1)) { x, _, _, _ in x }
          .eraseToAnyPublisher()
        for _ in 0..<6 {
          last = Just(1).combineLatest(Just(1), Just(1), last) { _, _, _, x in x }.eraseToAnyPublisher()
        }
        let cancellable = last.sink { tally.sum &+= $0 }
        cancellable.cancel()
      }
      lap.end()
      return tally.sum
    }

    /// `Publishers.MergeMany` of 100 subjects; `elements` sends spread over them.
    static func mergeMany(_ elements: Int, _ lap: Lap) -> Int {
      let subjects = (0..<100).map { _ in PassthroughSubject<Int, Never>() }
      let tally = Tally()
      let cancellable = Publishers.MergeMany(subjects).sink { tally.sum &+= $0 }
      lap.begin()
      for round in 0..<elements { subjects[round % 100].send(1) }
      lap.end()
      cancellable.cancel()
      return tally.sum
    }

    /// `zip` of two subjects → sink; `elements` pairs (each subject sends once per pair).
    static func zipSubjects(_ elements: Int, _ lap: Lap) -> Int {
      let left = PassthroughSubject<Int, Never>()
      let right = PassthroughSubject<Int, Never>()
      let tally = Tally()
      let cancellable = left.zip(right).sink { tally.sum &+= $0.0 &+ $0.1 }
      lap.begin()
      for _ in 0..<elements {
        left.send(1)
        right.send(1)
      }
      lap.end()
      cancellable.cancel()
      return tally.sum
    }
  #endif

  // MARK: Concurrency bridges — ENABLE WHEN they land on main
  // `stream(bufferingPolicy:)`: `.define("SIGNALS_STREAM")`; `values`: `.define("SIGNALS_CONCURRENCY")`.

  #if SIGNALS_STREAM
    /// A subject sends `elements` values into one `stream()` (default policy: unbounded), iterated by
    /// one consumer task.
    static func stream(_ elements: Int, _ lap: Lap) async -> Int {
      lap.begin()
      let subject = PassthroughSubject<Int, Never>()
      let stream = subject.stream()
      let consumer = Task {
        var sum = 0
        for await value in stream { sum &+= value }
        return sum
      }
      for _ in 0..<elements { subject.send(1) }
      subject.send(completion: .finished)
      let sum = await consumer.value
      lap.end()
      return sum
    }

    /// A subject sends `elements` values into one `stream()` that keeps only the newest value and
    /// that nobody iterates: the producer's cost alone, with no consumer to wake.
    static func streamSend(_ elements: Int, _ lap: Lap) -> Int {
      let subject = PassthroughSubject<Int, Never>()
      let stream = subject.stream(bufferingPolicy: .bufferingNewest(1))
      lap.begin()
      for _ in 0..<elements { subject.send(1) }
      lap.end()
      subject.send(completion: .finished)
      return withExtendedLifetime(stream) { elements }
    }

    /// One subject, `consumers` `stream()`s each iterated by its own task; `elements` sends.
    static func streamFanOut(consumers: Int) -> Body {
      { elements, lap in
        lap.begin()
        let subject = PassthroughSubject<Int, Never>()
        let streams = (0..<consumers).map { _ in subject.stream() }
        let total = await withTaskGroup(of: Int.self) { group in
          for stream in streams {
            group.addTask {
              var sum = 0
              for await value in stream { sum &+= value }
              return sum
            }
          }
          for _ in 0..<elements { subject.send(1) }
          subject.send(completion: .finished)
          return await group.reduce(0, &+)
        }
        lap.end()
        return total / consumers
      }
    }
  #endif

  #if SIGNALS_CONCURRENCY
    /// `for await` over `(0..<elements).publisher.values`.
    static func values(_ elements: Int, _ lap: Lap) async -> Int {
      var sum = 0
      lap.begin()
      for await value in (0..<elements).publisher.map({ _ in 1 }).values { sum &+= value }
      lap.end()
      return sum
    }
  #endif
}
