// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

// The OpenCombine 0.14.0 side of the operator matrix (`OperatorMatrix.swift`): the rows of
// `OperatorMatrixSignals.swift`, with the same names, shapes and checksums, written against
// OpenCombine. OpenCombine 0.14.0 has no merge, combineLatest or collect(.byTime…), nor anything like
// Signals' additions; those rows are missing here, or have the hand-written OpenCombine construct
// they replace as their peer (noted at each).

import Dispatch
import OpenCombine
import OpenCombineDispatch

enum OpenCombineMatrix {
  // MARK: Helpers

  /// Sends `elements` values (all `1`, or `1, 2, 1, 2, …` when `alternating`) through
  /// `build(subject)` into a sink that adds each output into a `Tally`, then finishes the subject;
  /// the lap covers the sends and the completion.
  static func pump<P: Publisher>(
    _ elements: Int, _ lap: Lap, alternating: Bool = false, _ build: (PassthroughSubject<Int, Never>) -> P
  ) -> Int where P.Output == Int, P.Failure == Never {
    let subject = PassthroughSubject<Int, Never>()
    let tally = Tally()
    let cancellable = build(subject).sink { tally.sum &+= $0 }
    lap.begin()
    if alternating {
      for index in 0..<elements { subject.send(1 &+ index & 1) }
    } else {
      for _ in 0..<elements { subject.send(1) }
    }
    subject.send(completion: .finished)
    lap.end()
    cancellable.cancel()
    return tally.sum
  }

  /// `pump` for any input, output and failure: sends `elements` copies of `value`; the sink adds
  /// `checksum(output)` for each output, and a million for the completion.
  static func pumpMapped<Input, P: Publisher>(
    _ elements: Int, _ lap: Lap, sending value: Input, checksum: @escaping (P.Output) -> Int,
    _ build: (PassthroughSubject<Input, Never>) -> P
  ) -> Int {
    let subject = PassthroughSubject<Input, Never>()
    let tally = Tally()
    let cancellable = build(subject).sink(
      receiveCompletion: { _ in tally.sum &+= 1_000_000 }, receiveValue: { tally.sum &+= checksum($0) })
    lap.begin()
    for _ in 0..<elements { subject.send(value) }
    subject.send(completion: .finished)
    lap.end()
    cancellable.cancel()
    return tally.sum
  }

  /// `pumpMapped` for an operator that outputs nothing (the checksum is the completion's).
  static func pumpToCompletion<P: Publisher>(
    _ elements: Int, _ lap: Lap, _ build: (PassthroughSubject<Int, Never>) -> P
  ) -> Int {
    pumpMapped(elements, lap, sending: 1, checksum: { _ in 0 }, build)
  }

  /// `pumpMapped` for an output of `Int`s that may fail.
  static func pumpFailing<P: Publisher>(
    _ elements: Int, _ lap: Lap, _ build: (PassthroughSubject<Int, Never>) -> P
  ) -> Int where P.Output == Int {
    pumpMapped(elements, lap, sending: 1, checksum: { $0 }, build)
  }

  /// The serial queue of the `….queue` rows.
  static let queue = DispatchQueue(label: "signals-bench.matrix.opencombine")

  /// For operators that deliver on `queue`: sends `elements` ones and the completion, then waits
  /// until the sink has seen the completion (everything the operator delivers comes before it).
  /// Setup waits until work the subscription scheduled on `queue` has run, so that no value is sent
  /// before the operator is subscribed. With `countsSent` the result is `elements` instead of the
  /// sum received: for operators whose output on a real clock depends on timing (debounce, throttle).
  static func pumpAcross<P: Publisher>(
    _ elements: Int, _ lap: Lap, countsSent: Bool = false, checksum: @escaping (P.Output) -> Int,
    _ build: (PassthroughSubject<Int, Never>) -> P
  ) -> Int {
    let subject = PassthroughSubject<Int, Never>()
    let tally = Tally()
    let finished = DispatchSemaphore(value: 0)
    let cancellable = build(subject).sink(
      receiveCompletion: { _ in finished.signal() }, receiveValue: { tally.sum &+= checksum($0) })
    for _ in 0..<3 { queue.sync {} }
    lap.begin()
    for _ in 0..<elements { subject.send(1) }
    subject.send(completion: .finished)
    finished.wait()
    lap.end()
    cancellable.cancel()
    queue.sync {}
    return countsSent ? elements : tally.sum
  }

  // MARK: Mapping

  static func map(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.map { $0 &+ 1 } } }
  static func tryMap(_ n: Int, _ lap: Lap) -> Int { pumpFailing(n, lap) { $0.tryMap { $0 &+ 1 } } }
  static func mapKeyPath(_ n: Int, _ lap: Lap) -> Int {
    pumpMapped(n, lap, sending: MatrixPair(first: 1, second: 2), checksum: { $0 }) { $0.map(\.second) }
  }
  static func scan(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.scan(0) { $0 &+ $1 } } }
  static func tryScan(_ n: Int, _ lap: Lap) -> Int { pumpFailing(n, lap) { $0.tryScan(0) { $0 &+ $1 } } }
  static func setFailureType(_ n: Int, _ lap: Lap) -> Int {
    pumpFailing(n, lap) { $0.setFailureType(to: MatrixError.self) }
  }
  static func mapError(_ n: Int, _ lap: Lap) -> Int {
    pumpFailing(n, lap) { $0.setFailureType(to: MatrixError.self).mapError { _ in OtherMatrixError() } }
  }
  static func replaceNil(_ n: Int, _ lap: Lap) -> Int {
    pumpMapped(n, lap, sending: Int?.some(1), checksum: { $0 }) { $0.replaceNil(with: 0) }
  }

  // MARK: Filtering

  static func filter(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.filter { $0 > 0 } } }
  static func tryFilter(_ n: Int, _ lap: Lap) -> Int { pumpFailing(n, lap) { $0.tryFilter { $0 > 0 } } }
  static func compactMap(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.compactMap { $0 > 0 ? $0 : nil } } }
  static func tryCompactMap(_ n: Int, _ lap: Lap) -> Int {
    pumpFailing(n, lap) { $0.tryCompactMap { $0 > 0 ? $0 : nil } }
  }
  static func removeDuplicates(_ n: Int, _ lap: Lap) -> Int {
    pump(n, lap, alternating: true) { $0.removeDuplicates() }
  }
  static func replaceEmpty(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.replaceEmpty(with: 0) } }

  // MARK: Reducing

  static func reduce(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.reduce(0) { $0 &+ $1 } } }
  static func tryReduce(_ n: Int, _ lap: Lap) -> Int { pumpFailing(n, lap) { $0.tryReduce(0) { $0 &+ $1 } } }
  static func collectCount(_ n: Int, _ lap: Lap) -> Int {
    pumpMapped(n, lap, sending: 1, checksum: { $0.count }) { $0.collect(16) }
  }
  static func ignoreOutput(_ n: Int, _ lap: Lap) -> Int { pumpToCompletion(n, lap) { $0.ignoreOutput() } }
  static func count(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.count() } }
  static func min(_ n: Int, _ lap: Lap) -> Int { pump(n, lap, alternating: true) { $0.min() } }
  static func max(_ n: Int, _ lap: Lap) -> Int { pump(n, lap, alternating: true) { $0.max() } }
  static func contains(_ n: Int, _ lap: Lap) -> Int {
    pumpMapped(n, lap, sending: 1, checksum: { $0 ? 1 : 2 }) { $0.contains(0) }
  }
  static func allSatisfy(_ n: Int, _ lap: Lap) -> Int {
    pumpMapped(n, lap, sending: 1, checksum: { $0 ? 1 : 2 }) { $0.allSatisfy { $0 > 0 } }
  }

  // MARK: Sequencing

  static func firstWhere(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.first { $0 < 0 } } }
  static func last(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.last() } }
  static func outputIn(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.output(in: 0..<Int.max) } }
  static func prefix(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.prefix(Int.max) } }
  static func dropFirst(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.dropFirst() } }
  static func dropWhile(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.drop { $0 < 0 } } }
  static func dropUntilOutput(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.drop(untilOutputFrom: Just(0)) } }
  static func prefixWhile(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.prefix { $0 > 0 } } }
  static func prefixUntilOutput(_ n: Int, _ lap: Lap) -> Int {
    pump(n, lap) { $0.prefix(untilOutputFrom: PassthroughSubject<Int, Never>()) }
  }
  static func append(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.append(5) } }
  static func prepend(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.prepend(5) } }

  // MARK: Combining and flattening

  // merge, combineLatest: not in OpenCombine 0.14.0.
  static func zip(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.zip($0) { $0 &+ $1 } } }
  static func flatMap(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.flatMap { Just($0) } } }
  static func switchToLatest(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.map { Just($0) }.switchToLatest() } }

  // MARK: Error handling

  static func `catch`(_ n: Int, _ lap: Lap) -> Int {
    pump(n, lap) { $0.setFailureType(to: MatrixError.self).catch { _ in Just(0) } }
  }
  static func tryCatch(_ n: Int, _ lap: Lap) -> Int {
    pumpFailing(n, lap) { $0.setFailureType(to: MatrixError.self).tryCatch { _ in Just(0) } }
  }
  static func replaceError(_ n: Int, _ lap: Lap) -> Int {
    pump(n, lap) { $0.setFailureType(to: MatrixError.self).replaceError(with: 0) }
  }
  static func retry(_ n: Int, _ lap: Lap) -> Int {
    pumpFailing(n, lap) { $0.setFailureType(to: MatrixError.self).retry(1) }
  }
  static func assertNoFailure(_ n: Int, _ lap: Lap) -> Int {
    pump(n, lap) { $0.setFailureType(to: MatrixError.self).assertNoFailure() }
  }

  // MARK: Scheduling and timing, ImmediateScheduler (and a frozen clock for timeout)

  static var immediate: ImmediateScheduler { .shared }

  static func receiveOnImmediate(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.receive(on: immediate) } }
  static func subscribeOnImmediate(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.subscribe(on: immediate) } }
  static func delayImmediate(_ n: Int, _ lap: Lap) -> Int {
    pump(n, lap) { $0.delay(for: .zero, scheduler: immediate) }
  }
  static func debounceImmediate(_ n: Int, _ lap: Lap) -> Int {
    pump(n, lap) { $0.debounce(for: .zero, scheduler: immediate) }
  }
  static func throttleLatestImmediate(_ n: Int, _ lap: Lap) -> Int {
    pump(n, lap) { $0.throttle(for: .zero, scheduler: immediate, latest: true) }
  }
  static func throttleFirstImmediate(_ n: Int, _ lap: Lap) -> Int {
    pump(n, lap) { $0.throttle(for: .zero, scheduler: immediate, latest: false) }
  }
  static func measureIntervalImmediate(_ n: Int, _ lap: Lap) -> Int {
    pumpMapped(n, lap, sending: 1, checksum: { _ in 1 }) { $0.measureInterval(using: immediate) }
  }
  static func timeoutFrozen(_ n: Int, _ lap: Lap) -> Int {
    pump(n, lap) { $0.timeout(.seconds(60), scheduler: OpenCombineFrozenClock()) }
  }
  // collectByTimeImmediate, collectByTimeOrCountImmediate: no collect(.byTime…) in OpenCombine 0.14.0.

  // MARK: Scheduling and timing, a serial DispatchQueue

  static func receiveOnQueue(_ n: Int, _ lap: Lap) -> Int {
    pumpAcross(n, lap, checksum: { $0 }) { $0.receive(on: queue.ocombine) }
  }
  static func subscribeOnQueue(_ n: Int, _ lap: Lap) -> Int {
    pumpAcross(n, lap, checksum: { $0 }) { $0.subscribe(on: queue.ocombine) }
  }
  static func delayQueue(_ n: Int, _ lap: Lap) -> Int {
    pumpAcross(n, lap, checksum: { $0 }) { $0.delay(for: .zero, scheduler: queue.ocombine) }
  }
  static func debounceQueue(_ n: Int, _ lap: Lap) -> Int {
    pumpAcross(n, lap, countsSent: true, checksum: { $0 }) { $0.debounce(for: .zero, scheduler: queue.ocombine) }
  }
  static func throttleLatestQueue(_ n: Int, _ lap: Lap) -> Int {
    pumpAcross(n, lap, countsSent: true, checksum: { $0 }) {
      $0.throttle(for: .zero, scheduler: queue.ocombine, latest: true)
    }
  }
  static func throttleFirstQueue(_ n: Int, _ lap: Lap) -> Int {
    pumpAcross(n, lap, countsSent: true, checksum: { $0 }) {
      $0.throttle(for: .zero, scheduler: queue.ocombine, latest: false)
    }
  }
  static func measureIntervalQueue(_ n: Int, _ lap: Lap) -> Int {
    pumpAcross(n, lap, checksum: { _ in 1 }) { $0.measureInterval(using: queue.ocombine) }
  }
  static func timeoutQueue(_ n: Int, _ lap: Lap) -> Int {
    pumpAcross(n, lap, checksum: { $0 }) { $0.timeout(.seconds(60), scheduler: queue.ocombine) }
  }
  // collectByTimeQueue: no collect(.byTime…) in OpenCombine 0.14.0.

  // MARK: Multicasting and buffering

  static func share(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.share() } }
  static func multicast(_ n: Int, _ lap: Lap) -> Int {
    pump(n, lap) { $0.multicast(subject: PassthroughSubject<Int, Never>()).autoconnect() }
  }
  static func makeConnectable(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.makeConnectable().autoconnect() } }
  static func bufferDropOldest(_ n: Int, _ lap: Lap) -> Int {
    pump(n, lap) { $0.buffer(size: 16, prefetch: .byRequest, whenFull: .dropOldest) }
  }
  static func bufferKeepFull(_ n: Int, _ lap: Lap) -> Int {
    pump(n, lap) { $0.buffer(size: 16, prefetch: .keepFull, whenFull: .dropNewest) }
  }

  // MARK: Debugging and type erasure

  static func printing(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.print("matrix", to: DiscardingStream()) } }
  static func handleEvents(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.handleEvents(receiveOutput: { _ in }) } }
  static func breakpoint(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.breakpoint() } }
  static func eraseToAnyPublisher(_ n: Int, _ lap: Lap) -> Int { pump(n, lap) { $0.eraseToAnyPublisher() } }

  // MARK: Peers of SignalsExt: the OpenCombine constructs that Signals' additions replace

  /// withLatestFrom: the latest value of the other publisher, each mapped to a pipeline of the trigger.
  static func withLatestFrom(_ n: Int, _ lap: Lap) -> Int {
    pump(n, lap) { trigger in
      CurrentValueSubject<Int, Never>(2).map { latest in trigger.map { $0 &+ latest } }.switchToLatest()
    }
  }
  /// share(replay: 1): a multicast through a subject that keeps the latest value.
  static func shareReplay(_ n: Int, _ lap: Lap) -> Int {
    pump(n, lap) { $0.multicast { CurrentValueSubject<Int, Never>(0) }.autoconnect() }
  }
  /// materialize(): each value mapped to an event, and the end appended as one.
  static func materialize(_ n: Int, _ lap: Lap) -> Int {
    pumpMapped(n, lap, sending: 1, checksum: { event in event.value ?? 1000 }) {
      $0.map { PeerEvent.value($0) }.append(.finished)
    }
  }
  /// dematerialize(): the values of the events.
  static func dematerialize(_ n: Int, _ lap: Lap) -> Int {
    pumpMapped(n, lap, sending: PeerEvent.value(1), checksum: { $0 }) { $0.compactMap(\.value) }
  }

  /// assign(to:on:ownership: .weak): OpenCombine's `assign(to:on:)`, which holds the object strongly.
  static func assignWeak(_ elements: Int, _ lap: Lap) -> Int {
    let subject = PassthroughSubject<Int, Never>()
    let target = AssignTarget()
    let cancellable = subject.assign(to: \.value, on: target)
    lap.begin()
    for _ in 0..<elements { subject.send(1) }
    subject.send(completion: .finished)
    lap.end()
    cancellable.cancel()
    return target.sum
  }

  // MARK: Peers of the Swift Concurrency bridges

  /// asyncSink: a sink yielding into an `AsyncStream` that one task consumes; the lap ends when the
  /// consumer has seen the end.
  static func asyncSink(_ elements: Int, _ lap: Lap) async -> Int {
    let subject = PassthroughSubject<Int, Never>()
    lap.begin()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .unbounded)
    let consumer = Task {
      var sum = 0
      for await value in stream { sum &+= value }
      return sum
    }
    let cancellable = subject.sink(
      receiveCompletion: { _ in continuation.finish() }, receiveValue: { continuation.yield($0) })
    for _ in 0..<elements { subject.send(1) }
    subject.send(completion: .finished)
    let sum = await consumer.value
    lap.end()
    cancellable.cancel()
    return sum
  }

  /// asyncMap: a buffer, then `flatMap(maxPublishers: .max(1))` into a `Future` that a task fulfils,
  /// the usual Combine spelling of an async transform that keeps the order.
  static func asyncMap(_ elements: Int, _ lap: Lap) async -> Int {
    let subject = PassthroughSubject<Int, Never>()
    let tally = TaskTally()
    var cancellable: AnyCancellable?
    lap.begin()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      cancellable = subject.buffer(size: elements, prefetch: .byRequest, whenFull: .dropNewest)
        .flatMap(maxPublishers: .max(1)) { value in
          Future<Int, Never> { promise in
            let promise = Handoff(value: promise)
            Task { promise.value(.success(value &+ 1)) }
          }
        }
        .sink(receiveCompletion: { _ in done.resume() }, receiveValue: { tally.sum &+= $0 })
      for _ in 0..<elements { subject.send(1) }
      subject.send(completion: .finished)
    }
    lap.end()
    withExtendedLifetime(cancellable) {}
    return tally.sum
  }

  /// firstValue: `elements` times the first value of `Just(1).values`, then `break`.
  static func firstValue(_ elements: Int, _ lap: Lap) async -> Int {
    var sum = 0
    lap.begin()
    for _ in 0..<elements {
      for await value in Just(1).values {
        sum &+= value
        break
      }
    }
    lap.end()
    return sum
  }

  /// Future with an async operation: a `Future` whose promise a new task fulfils, and its value
  /// awaited.
  static func futureAsync(_ elements: Int, _ lap: Lap) async -> Int {
    var sum = 0
    lap.begin()
    for _ in 0..<elements {
      let future = Future<Int, Never> { promise in
        let promise = Handoff(value: promise)
        Task { promise.value(.success(1)) }
      }
      sum &+= await future.value
    }
    lap.end()
    return sum
  }
}

/// An event of a publisher as a value: the OpenCombine side's stand-in for SignalsExt's `Event`.
enum PeerEvent {
  case value(Int)
  case finished

  var value: Int? {
    if case .value(let value) = self { return value }
    return nil
  }
}

/// `ImmediateScheduler` with a clock that never moves: an action due now runs at once, one due later
/// never runs, nor does any repetition of a repeating timer. `timeout` can be measured inline with it
/// (with `ImmediateScheduler` itself its timer would fire at once).
struct OpenCombineFrozenClock: Scheduler {
  typealias SchedulerTimeType = DispatchQueue.OCombine.SchedulerTimeType
  typealias SchedulerOptions = Never

  let now = SchedulerTimeType(.now())
  var minimumTolerance: SchedulerTimeType.Stride { .zero }

  func schedule(options: Never?, _ action: @escaping () -> Void) {
    action()
  }

  func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
    _ action: @escaping () -> Void
  ) {
    if date <= now { action() }
  }

  func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: Never?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    if date <= now { action() }
    return Subscriptions.empty
  }
}
