// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

// The operator matrix (issue 38): every Combine operator, and each of Signals' additions, in the same
// shape — a `PassthroughSubject<Int, Never>` → the operator → a sink adding into a `Tally`, per value
// sent — with Signals beside OpenCombine 0.14.0 in the same run. Rows are named `Op.<operator>` and
// `Op.<operator>.<scheduler>`; `--matrix` (or `--filter Op.`) runs them all. The rows themselves are
// in `OperatorMatrixSignals.swift` and `OperatorMatrixOpenCombine.swift`.

/// The prefix of every matrix row's name.
let matrixPrefix = "Op."

/// Values per run of the matrix rows: `(quick, full)`.
private let perValue = (quick: 200_000, full: 1_000_000)
/// Rows whose values cross to a `DispatchQueue`, that format strings, or that start a task per value.
private let slow = (quick: 20_000, full: 100_000)
/// Rows that await one publisher per element.
private let perCall = (quick: 10_000, full: 50_000)

private typealias S = SignalsMatrix
private typealias OC = OpenCombineMatrix

/// One synchronous matrix row: Signals, and OpenCombine when it has the operator, with the target
/// `Signals / OpenCombine <= maxRatio`.
private func row(
  _ name: String, _ summary: String, counts: (quick: Int, full: Int) = perValue, maxRatio: Double = 1,
  zeroAllocations: Bool = false,
  _ signals: @escaping @Sendable (Int, Lap) -> Int, _ peer: (@Sendable (Int, Lap) -> Int)?
) -> Workload {
  let text = maxRatio == 1 ? "no slower than OpenCombine" : "≥\(formatAdaptive(1 / maxRatio))× faster than OpenCombine"
  return Workload(
    name: matrixPrefix + name, summary: summary, unit: "value", quick: counts.quick, full: counts.full,
    signals: sync(signals), peers: peer.map { [Contender(label: openCombine, body: sync($0))] } ?? [],
    targets: [Target(reference: openCombine, maxRatio: maxRatio, text: text)],
    wantsZeroAllocations: zeroAllocations)
}

let operatorMatrixCatalog: [Workload] =
  [
    // MARK: Mapping
    row("map", "subject → map → sink", zeroAllocations: true, S.map, OC.map),
    row("tryMap", "subject → tryMap → sink", zeroAllocations: true, S.tryMap, OC.tryMap),
    row("mapKeyPath", "subject of structs → map(\\.second) → sink", zeroAllocations: true, S.mapKeyPath, OC.mapKeyPath),
    row("scan", "subject → scan(0, +) → sink", zeroAllocations: true, S.scan, OC.scan),
    row("tryScan", "subject → tryScan(0, +) → sink", zeroAllocations: true, S.tryScan, OC.tryScan),
    row(
      "setFailureType", "subject → setFailureType → sink", zeroAllocations: true, S.setFailureType, OC.setFailureType),
    row("mapError", "subject → setFailureType → mapError → sink", zeroAllocations: true, S.mapError, OC.mapError),
    row("replaceNil", "subject of Int? → replaceNil(with:) → sink", zeroAllocations: true, S.replaceNil, OC.replaceNil),
    // MARK: Filtering
    row("filter", "subject → filter → sink", zeroAllocations: true, S.filter, OC.filter),
    row("tryFilter", "subject → tryFilter → sink", zeroAllocations: true, S.tryFilter, OC.tryFilter),
    row("compactMap", "subject → compactMap → sink", zeroAllocations: true, S.compactMap, OC.compactMap),
    row("tryCompactMap", "subject → tryCompactMap → sink", zeroAllocations: true, S.tryCompactMap, OC.tryCompactMap),
    row(
      "removeDuplicates", "subject of 1, 2, 1, 2… → removeDuplicates → sink", zeroAllocations: true,
      S.removeDuplicates, OC.removeDuplicates),
    row("replaceEmpty", "subject → replaceEmpty(with:) → sink", zeroAllocations: true, S.replaceEmpty, OC.replaceEmpty),
    // MARK: Reducing
    row("reduce", "subject → reduce(0, +) → sink", zeroAllocations: true, S.reduce, OC.reduce),
    row("tryReduce", "subject → tryReduce(0, +) → sink", zeroAllocations: true, S.tryReduce, OC.tryReduce),
    row("collect.count", "subject → collect(16) → sink of the counts", S.collectCount, OC.collectCount),
    row("ignoreOutput", "subject → ignoreOutput → sink", zeroAllocations: true, S.ignoreOutput, OC.ignoreOutput),
    row("count", "subject → count → sink", zeroAllocations: true, S.count, OC.count),
    row("min", "subject of 1, 2, 1, 2… → min → sink", zeroAllocations: true, S.min, OC.min),
    row("max", "subject of 1, 2, 1, 2… → max → sink", zeroAllocations: true, S.max, OC.max),
    row("contains", "subject → contains(0), never true → sink", zeroAllocations: true, S.contains, OC.contains),
    row("allSatisfy", "subject → allSatisfy, always true → sink", zeroAllocations: true, S.allSatisfy, OC.allSatisfy),
    // MARK: Sequencing
    row("firstWhere", "subject → first(where:), never true → sink", zeroAllocations: true, S.firstWhere, OC.firstWhere),
    row("last", "subject → last → sink", zeroAllocations: true, S.last, OC.last),
    row("outputIn", "subject → output(in: 0..<Int.max) → sink", zeroAllocations: true, S.outputIn, OC.outputIn),
    row("prefix", "subject → prefix(Int.max) → sink", zeroAllocations: true, S.prefix, OC.prefix),
    row("dropFirst", "subject → dropFirst → sink", zeroAllocations: true, S.dropFirst, OC.dropFirst),
    row("dropWhile", "subject → drop(while:), never true → sink", zeroAllocations: true, S.dropWhile, OC.dropWhile),
    row(
      "dropUntilOutput", "subject → drop(untilOutputFrom: Just) → sink", zeroAllocations: true,
      S.dropUntilOutput, OC.dropUntilOutput),
    row(
      "prefixWhile", "subject → prefix(while:), always true → sink", zeroAllocations: true, S.prefixWhile,
      OC.prefixWhile),
    row(
      "prefixUntilOutput", "subject → prefix(untilOutputFrom: a silent subject) → sink", zeroAllocations: true,
      S.prefixUntilOutput, OC.prefixUntilOutput),
    row("append", "subject → append(5) → sink", zeroAllocations: true, S.append, OC.append),
    row("prepend", "subject → prepend(5) → sink", zeroAllocations: true, S.prepend, OC.prepend),
    // MARK: Combining and flattening (OpenCombine 0.14.0 has no merge and no combineLatest)
    row("merge", "subject → merge(with: a silent subject) → sink", S.merge, nil),
    row("combineLatest", "subject → combineLatest(CurrentValueSubject, +) → sink", S.combineLatest, nil),
    row("zip", "subject → zip(the same subject, +) → sink: one pair per send", S.zip, OC.zip),
    row("flatMap", "subject → flatMap { Just($0) } → sink", S.flatMap, OC.flatMap),
    row("switchToLatest", "subject → map { Just($0) } → switchToLatest → sink", S.switchToLatest, OC.switchToLatest),
    // MARK: Error handling
    row("catch", "subject → setFailureType → catch { Just } → sink", zeroAllocations: true, S.catch, OC.catch),
    row(
      "tryCatch", "subject → setFailureType → tryCatch { Just } → sink", zeroAllocations: true, S.tryCatch, OC.tryCatch),
    row(
      "replaceError", "subject → setFailureType → replaceError → sink", zeroAllocations: true,
      S.replaceError, OC.replaceError),
    row("retry", "subject → setFailureType → retry(1) → sink", zeroAllocations: true, S.retry, OC.retry),
    row(
      "assertNoFailure", "subject → setFailureType → assertNoFailure → sink", zeroAllocations: true,
      S.assertNoFailure, OC.assertNoFailure),
    // MARK: Scheduling and timing with ImmediateScheduler
    row(
      "receiveOn.immediate", "subject → receive(on: ImmediateScheduler) → sink", maxRatio: 0.5,
      S.receiveOnImmediate, OC.receiveOnImmediate),
    row(
      "subscribeOn.immediate", "subject → subscribe(on: ImmediateScheduler) → sink", zeroAllocations: true,
      S.subscribeOnImmediate, OC.subscribeOnImmediate),
    row("delay.immediate", "subject → delay(.zero, ImmediateScheduler) → sink", S.delayImmediate, OC.delayImmediate),
    row(
      "debounce.immediate", "subject → debounce(.zero, ImmediateScheduler) → sink",
      S.debounceImmediate, OC.debounceImmediate),
    row(
      "throttle.latest.immediate", "subject → throttle(.zero, ImmediateScheduler, latest: true) → sink",
      S.throttleLatestImmediate, OC.throttleLatestImmediate),
    row(
      "throttle.first.immediate", "subject → throttle(.zero, ImmediateScheduler, latest: false) → sink",
      S.throttleFirstImmediate, OC.throttleFirstImmediate),
    row(
      "measureInterval.immediate", "subject → measureInterval(ImmediateScheduler) → sink", zeroAllocations: true,
      S.measureIntervalImmediate, OC.measureIntervalImmediate),
    // ImmediateScheduler cannot run timeout (its clock fires at once: OpenCombine finishes, Signals
    // stops with a precondition failure), so timeout runs inline on a clock that never moves.
    row(
      "timeout.frozen", "subject → timeout(60 s) on a frozen-clock inline scheduler → sink",
      S.timeoutFrozen, OC.timeoutFrozen),
    // OpenCombine 0.14.0 has no collect(.byTime…).
    row(
      "collectByTime.immediate", "subject → collect(.byTime(ImmediateScheduler, .zero)) → sink of the counts",
      S.collectByTimeImmediate, nil),
    row(
      "collectByTimeOrCount.immediate",
      "subject → collect(.byTimeOrCount(ImmediateScheduler, .zero, 16)) → sink of the counts",
      S.collectByTimeOrCountImmediate, nil),
    // MARK: Scheduling and timing with a serial DispatchQueue (all values sent, then the completion awaited)
    row(
      "receiveOn.queue", "subject → receive(on: DispatchQueue) → sink", counts: slow, S.receiveOnQueue,
      OC.receiveOnQueue),
    row(
      "subscribeOn.queue", "subject → subscribe(on: DispatchQueue) → sink", counts: slow, zeroAllocations: true,
      S.subscribeOnQueue, OC.subscribeOnQueue),
    row("delay.queue", "subject → delay(.zero, DispatchQueue) → sink", counts: slow, S.delayQueue, OC.delayQueue),
    row(
      "debounce.queue", "subject → debounce(.zero, DispatchQueue) → sink (checksum: values sent)", counts: slow,
      S.debounceQueue, OC.debounceQueue),
    row(
      "throttle.latest.queue", "subject → throttle(.zero, DispatchQueue, latest: true) → sink (checksum: values sent)",
      counts: slow, S.throttleLatestQueue, OC.throttleLatestQueue),
    row(
      "throttle.first.queue", "subject → throttle(.zero, DispatchQueue, latest: false) → sink (checksum: values sent)",
      counts: slow, S.throttleFirstQueue, OC.throttleFirstQueue),
    row(
      "measureInterval.queue", "subject → measureInterval(DispatchQueue) → sink", counts: slow, zeroAllocations: true,
      S.measureIntervalQueue, OC.measureIntervalQueue),
    row(
      "timeout.queue", "subject → timeout(60 s, DispatchQueue) → sink", counts: slow, S.timeoutQueue, OC.timeoutQueue),
    row(
      "collectByTime.queue", "subject → collect(.byTime(DispatchQueue, 1 ms)) → sink of the counts", counts: slow,
      S.collectByTimeQueue, nil),
    // MARK: Multicasting and buffering
    row("share", "subject → share → sink", zeroAllocations: true, S.share, OC.share),
    row(
      "multicast", "subject → multicast(PassthroughSubject) → autoconnect → sink", zeroAllocations: true,
      S.multicast, OC.multicast),
    row(
      "makeConnectable", "subject → makeConnectable → autoconnect → sink", zeroAllocations: true,
      S.makeConnectable, OC.makeConnectable),
    row(
      "buffer.dropOldest", "subject → buffer(16, .byRequest, .dropOldest) → sink",
      S.bufferDropOldest, OC.bufferDropOldest),
    row("buffer.keepFull", "subject → buffer(16, .keepFull, .dropNewest) → sink", S.bufferKeepFull, OC.bufferKeepFull),
    // MARK: Debugging and type erasure
    row("print", "subject → print(to: a stream that discards) → sink", counts: slow, S.printing, OC.printing),
    row(
      "handleEvents", "subject → handleEvents(receiveOutput:) → sink", zeroAllocations: true, S.handleEvents,
      OC.handleEvents),
    row("breakpoint", "subject → breakpoint() → sink", zeroAllocations: true, S.breakpoint, OC.breakpoint),
    row(
      "eraseToAnyPublisher", "subject → eraseToAnyPublisher → sink", zeroAllocations: true,
      S.eraseToAnyPublisher, OC.eraseToAnyPublisher),
    // MARK: SignalsExt, each beside the OpenCombine construct it replaces
    row(
      "withLatestFrom", "subject → withLatestFrom(CurrentValueSubject, +) → sink (peer: map { …map }.switchToLatest)",
      zeroAllocations: true,
      S.withLatestFrom, OC.withLatestFrom),
    row(
      "shareReplay", "subject → share(replay: 1) → sink (peer: multicast(CurrentValueSubject).autoconnect)",
      zeroAllocations: true,
      S.shareReplay, OC.shareReplay),
    row(
      "materialize", "subject → materialize → sink (peer: map to an event enum, append(.finished))",
      zeroAllocations: true,
      S.materialize, OC.materialize),
    row(
      "dematerialize", "subject of events → dematerialize → sink (peer: compactMap)", zeroAllocations: true,
      S.dematerialize, OC.dematerialize),
    row(
      "assignWeak", "subject → assign(to:on:ownership: .weak) (peer: OpenCombine's assign(to:on:))",
      S.assignWeak, OC.assignWeak),
  ] + operatorMatrixConcurrencyCatalog

// MARK: - Swift Concurrency bridges (Signals' additions)

private let operatorMatrixConcurrencyCatalog: [Workload] = [
  Workload(
    name: matrixPrefix + "asyncSink", summary: "subject → asyncSink (peer: OpenCombine sink → AsyncStream → 1 task)",
    unit: "value", quick: slow.quick, full: slow.full,
    signals: { await S.asyncSink($0, $1) },
    peers: [Contender(label: openCombine, body: { await OC.asyncSink($0, $1) })],
    targets: [Target(reference: openCombine, maxRatio: 1, text: "no slower than OpenCombine sink → AsyncStream")]),
  Workload(
    name: matrixPrefix + "asyncMap",
    summary: "subject → asyncMap → sink (peer: OpenCombine buffer → flatMap(maxPublishers: 1) { Future + Task })",
    unit: "value", quick: slow.quick, full: slow.full,
    signals: { await S.asyncMap($0, $1) },
    peers: [Contender(label: openCombine, body: { await OC.asyncMap($0, $1) })],
    targets: [Target(reference: openCombine, maxRatio: 1, text: "no slower than OpenCombine's buffer+flatMap+Future")]),
  Workload(
    name: matrixPrefix + "firstValue",
    summary: "await Just(1).firstValue, per call (peers: for await in values, break)",
    unit: "call", quick: perCall.quick, full: perCall.full,
    signals: { await S.firstValue($0, $1) },
    peers: [
      Contender(label: "values break", body: { await S.valuesBreak($0, $1) }),
      Contender(label: openCombine, body: { await OC.firstValue($0, $1) }),
    ],
    targets: [
      Target(reference: "values break", maxRatio: 1.2, text: "within 1.2× of `for await … in values { break }`"),
      Target(reference: openCombine, maxRatio: 1, text: "no slower than OpenCombine's values-break"),
    ]),
  Workload(
    name: matrixPrefix + "futureAsync",
    summary:
      "await Future { async operation }.value, per future (peers: OpenCombine Future fulfilled by a Task; Task.value)",
    unit: "future", quick: perCall.quick, full: perCall.full,
    signals: { await S.futureAsync($0, $1) },
    peers: [
      Contender(label: openCombine, body: { await OC.futureAsync($0, $1) }),
      Contender(label: "Task.value", body: { await MatrixRawPeers.taskValue($0, $1) }),
    ],
    targets: [Target(reference: openCombine, maxRatio: 1, text: "no slower than OpenCombine's Future + Task")]),
  Workload(
    name: matrixPrefix + "asyncSequencePublisher",
    summary: "AsyncStream of n values → .publisher → sink (peer: for await over the stream)",
    unit: "value", quick: slow.quick, full: slow.full,
    signals: { await S.asyncSequencePublisher($0, $1) },
    peers: [Contender(label: "for await", body: { await MatrixRawPeers.forAwait($0, $1) })]),
]

// MARK: - Shared by both sides

/// The peers of the concurrency rows that use neither Signals nor OpenCombine.
enum MatrixRawPeers {
  /// `elements` times: a task returning 1, and its value awaited.
  static func taskValue(_ elements: Int, _ lap: Lap) async -> Int {
    var sum = 0
    lap.begin()
    for _ in 0..<elements { sum &+= await Task { 1 }.value }
    lap.end()
    return sum
  }

  /// An `AsyncStream` holding `elements` values, iterated with `for await`.
  static func forAwait(_ elements: Int, _ lap: Lap) async -> Int {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .unbounded)
    for _ in 0..<elements { continuation.yield(1) }
    continuation.finish()
    var sum = 0
    lap.begin()
    for await value in stream { sum &+= value }
    lap.end()
    return sum
  }
}

/// The input of the `map(keyPath)` row.
struct MatrixPair {
  let first: Int
  let second: Int
}

/// The failure type the error-handling rows declare (never thrown).
struct MatrixError: Error {}

/// What `mapError` maps `MatrixError` to.
struct OtherMatrixError: Error {}

/// The object the assign rows write to: each value written is added up.
final class AssignTarget {
  private(set) var sum = 0

  var value: Int {
    get { sum }
    set { sum &+= newValue }
  }
}

/// A sum for closures that run in a task (one at a time: each row's closures run serially).
final class TaskTally: @unchecked Sendable {
  // Safety: only the one task or serial subscriber of a row mutates it, and the row reads it after
  // awaiting that task's completion.
  var sum = 0
}

/// The stream the print rows write to: it drops the text.
struct DiscardingStream: TextOutputStream {
  mutating func write(_ string: String) {}
}
