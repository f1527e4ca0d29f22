// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

// Every workload of issue 8, with its peers and targets. A workload whose Signals API is not on main
// yet has `signals: nil` (or a body behind `#if SIGNALS_…`): its peers still run and the table marks
// the Signals column "pending".

let openCombine = "OpenCombine"
let lockFloor = "lock+closure floor"
let bareFloor = "bare closure floor"

/// A `Body` from a synchronous workload function.
func sync(_ function: @escaping @Sendable (Int, Lap) -> Int) -> Body {
  { elements, lap in function(elements, lap) }
}

func pending() -> Body? { nil }

let catalog: [Workload] =
  [
    // MARK: Subjects and sink
    Workload(
      name: "PublishSubjectPumping", summary: "PassthroughSubject → 1 sink, per value", unit: "value",
      quick: 1_000_000, full: 10_000_000,
      signals: sync(SignalsSide.subjectToSink),
      peers: [
        Contender(label: openCombine, body: sync(OpenCombineSide.subjectToSink)),
        Contender(label: lockFloor, body: sync(Floors.lockAndClosure)),
        Contender(label: bareFloor, body: sync(Floors.bareClosure)),
      ],
      targets: [
        Target(reference: lockFloor, maxRatio: 1.25, text: "within 1.25× of the lock+closure floor"),
        Target(reference: openCombine, maxRatio: 1 / 3.5, text: "~3.5× faster than OpenCombine"),
      ],
      wantsZeroAllocations: true),
    Workload(
      name: "FanOut100", summary: "one PassthroughSubject → 100 sinks, per delivery", unit: "delivery",
      quick: 1_000_000, full: 10_000_000,
      signals: SignalsSide.fanOut(width: 100),
      peers: [
        Contender(label: openCombine, body: OpenCombineSide.fanOut(width: 100)),
        Contender(label: bareFloor, body: sync(Floors.bareClosure)),
        Contender(label: "lock+100 closures floor", body: Floors.fanOut(width: 100)),
      ],
      targets: [Target(reference: bareFloor, maxRatio: 1.3, text: "within 1.3× of the bare-closure floor")],
      wantsZeroAllocations: true),
    Workload(
      name: "PublishSubjectCreating", summary: "make subject, attach sink, send 1, cancel", unit: "cycle",
      quick: 100_000, full: 1_000_000,
      signals: sync(SignalsSide.subjectCreating),
      peers: [Contender(label: openCombine, body: sync(OpenCombineSide.subjectCreating))]),
    Workload(
      name: "RandomOrderCancel", summary: "cancel 100k sinks of one subject in random order, per cancel",
      unit: "cancel", quick: 20_000, full: 100_000,
      signals: sync(SignalsSide.randomOrderCancel),
      peers: [Contender(label: openCombine, body: sync(OpenCombineSide.randomOrderCancel))],
      targets: [Target(reference: openCombine, maxRatio: 1 / 5, text: "≥5× faster than OpenCombine")]),
    Workload(
      name: "SubscribeCancelCycle", summary: "attach a sink to a subject and cancel it, per cycle", unit: "cycle",
      quick: 100_000, full: 1_000_000,
      signals: sync(SignalsSide.subscribeCancelCycles),
      peers: [Contender(label: openCombine, body: sync(OpenCombineSide.subscribeCancelCycles))],
      targets: [Target(reference: openCombine, maxRatio: 1 / 4, text: "≥4× faster than OpenCombine")]),
    Workload(
      name: "CurrentValueSubject10", summary: "CurrentValueSubject → 10 sinks, per send", unit: "send",
      quick: 200_000, full: 2_000_000,
      signals: SignalsSide.currentValueFanOut(width: 10),
      peers: [Contender(label: openCombine, body: OpenCombineSide.currentValueFanOut(width: 10))],
      targets: [Target(reference: openCombine, maxRatio: 1 / 10, text: "≥10× faster per send than OpenCombine")],
      wantsZeroAllocations: true),
    Workload(
      name: "LiveSubscriptionMemory", summary: "bytes held per live sink subscription (100k sinks)",
      unit: "subscription", quick: 100_000, full: 100_000, metric: .liveBytes,
      signals: sync(SignalsSide.liveSubscriptionMemory),
      peers: [Contender(label: openCombine, body: sync(OpenCombineSide.liveSubscriptionMemory))]),
  ] + operatorCatalog + concurrencyCatalog + mainActorCatalog + asyncSinkPolicyCatalog
  + operatorMatrixCatalog

// MARK: - Operators (Signals side enabled by SIGNALS_OPERATORS, SIGNALS_FLATMAP, SIGNALS_SWITCH_TO_LATEST, SIGNALS_COMBINING)

#if SIGNALS_OPERATORS
  let signalsMapFilterMapChain: Body? = sync(SignalsSide.mapFilterMapChain)
  let signalsScanReduceChain: Body? = sync(SignalsSide.scanReduceChain)
  let signalsMapFilterPumping: Body? = sync(SignalsSide.mapFilterPumping)
  let signalsMapFilterCreating: Body? = sync(SignalsSide.mapFilterCreating)
  let signalsSequenceMapReduce: Body? = sync(SignalsSide.sequenceMapReduce)
  let signalsCollect: Body? = sync(SignalsSide.collectSequence)
#else
  let signalsMapFilterMapChain = pending()
  let signalsScanReduceChain = pending()
  let signalsMapFilterPumping = pending()
  let signalsMapFilterCreating = pending()
  let signalsSequenceMapReduce = pending()
  let signalsCollect = pending()
#endif

#if SIGNALS_FLATMAP
  let signalsFlatMapsPumping: Body? = sync(SignalsSide.flatMapsPumping)
  let signalsFlatMapsCreating: Body? = sync(SignalsSide.flatMapsCreating)
  let signalsFlatMapJust: Body? = sync(SignalsSide.flatMapJust)
#else
  let signalsFlatMapsPumping = pending()
  let signalsFlatMapsCreating = pending()
  let signalsFlatMapJust = pending()
#endif

#if SIGNALS_SWITCH_TO_LATEST
  let signalsFlatMapLatestPumping: Body? = sync(SignalsSide.flatMapLatestPumping)
  let signalsFlatMapLatestCreating: Body? = sync(SignalsSide.flatMapLatestCreating)
#else
  let signalsFlatMapLatestPumping = pending()
  let signalsFlatMapLatestCreating = pending()
#endif

#if SIGNALS_COMBINING
  let signalsCombineLatestPumping: Body? = sync(SignalsSide.combineLatestPumping)
  let signalsCombineLatestCreating: Body? = sync(SignalsSide.combineLatestCreating)
  let signalsMergeMany: Body? = sync(SignalsSide.mergeMany)
  let signalsZipSubjects: Body? = sync(SignalsSide.zipSubjects)
#else
  let signalsCombineLatestPumping = pending()
  let signalsCombineLatestCreating = pending()
  let signalsMergeMany = pending()
  let signalsZipSubjects = pending()
#endif

let operatorCatalog: [Workload] = [
  Workload(
    name: "MapFilterMapChain", summary: "subject → map → filter → map → sink, per value", unit: "value",
    quick: 1_000_000, full: 10_000_000,
    signals: signalsMapFilterMapChain,
    peers: [
      Contender(label: openCombine, body: sync(OpenCombineSide.mapFilterMapChain)),
      Contender(label: lockFloor, body: sync(Floors.lockAndClosure)),
    ],
    targets: [Target(reference: lockFloor, maxRatio: 2, text: "within 2× of the lock+closure floor")],
    wantsZeroAllocations: true),
  Workload(
    name: "ScanReduceChain", summary: "subject → scan → reduce → sink, per value", unit: "value",
    quick: 1_000_000, full: 10_000_000,
    signals: signalsScanReduceChain,
    peers: [Contender(label: openCombine, body: sync(OpenCombineSide.scanReduceChain))],
    wantsZeroAllocations: true),
  Workload(
    name: "MapFilterPumping", summary: "pump → 6× (map, filter) → sink, per value", unit: "value",
    quick: 1_000_000, full: 10_000_000,
    signals: signalsMapFilterPumping,
    peers: [Contender(label: openCombine, body: sync(OpenCombineSide.mapFilterPumping))]),
  Workload(
    name: "MapFilterCreating", summary: "build pump → 6× (map, filter) → sink, 1 value, cancel", unit: "chain",
    quick: 20_000, full: 200_000,
    signals: signalsMapFilterCreating,
    peers: [Contender(label: openCombine, body: sync(OpenCombineSide.mapFilterCreating))]),
  Workload(
    name: "SequenceMapReduce", summary: "(0..<n).publisher.map.reduce → sink, per element", unit: "element",
    quick: 1_000_000, full: 10_000_000,
    signals: signalsSequenceMapReduce,
    peers: [Contender(label: openCombine, body: sync(OpenCombineSide.sequenceMapReduce))],
    targets: [Target(reference: openCombine, maxRatio: 1 / 8, text: "≥8× faster than OpenCombine")],
    wantsZeroAllocations: true),
  Workload(
    name: "FlatMapJust", summary: "subject → flatMap { Just($0) } → sink, per value", unit: "value",
    quick: 200_000, full: 2_000_000,
    signals: signalsFlatMapJust,
    peers: [Contender(label: openCombine, body: sync(OpenCombineSide.flatMapJust))],
    targets: [Target(reference: openCombine, maxRatio: 1 / 5, text: "≥5× faster than OpenCombine")]),
  Workload(
    name: "FlatMapsPumping", summary: "pump → 5× flatMap { Just } → sink, per value", unit: "value",
    quick: 100_000, full: 1_000_000,
    signals: signalsFlatMapsPumping,
    peers: [Contender(label: openCombine, body: sync(OpenCombineSide.flatMapsPumping))]),
  Workload(
    name: "FlatMapsCreating", summary: "build pump → 5× flatMap { Just } → sink, 1 value, cancel", unit: "chain",
    quick: 20_000, full: 200_000,
    signals: signalsFlatMapsCreating,
    peers: [Contender(label: openCombine, body: sync(OpenCombineSide.flatMapsCreating))]),
  Workload(
    name: "FlatMapLatestPumping", summary: "pump → 5× map { Just }.switchToLatest() → sink, per value",
    unit: "value", quick: 100_000, full: 1_000_000,
    signals: signalsFlatMapLatestPumping,
    peers: [Contender(label: openCombine, body: sync(OpenCombineSide.flatMapLatestPumping))]),
  Workload(
    name: "FlatMapLatestCreating", summary: "build 5× map { Just }.switchToLatest() chain, 1 value, cancel",
    unit: "chain", quick: 20_000, full: 200_000,
    signals: signalsFlatMapLatestCreating,
    peers: [Contender(label: openCombine, body: sync(OpenCombineSide.flatMapLatestCreating))]),
  Workload(
    name: "Collect", summary: "(0..<n).publisher.collect() → sink, per element", unit: "element",
    quick: 1_000_000, full: 10_000_000,
    signals: signalsCollect,
    peers: [Contender(label: openCombine, body: sync(OpenCombineSide.collectSequence))]),
  // No OpenCombine peer: OpenCombine 0.14.0 has neither CombineLatest nor MergeMany.
  Workload(
    name: "CombineLatestPumping", summary: "pump combined with 3 Justs, 6 more levels, per value", unit: "value",
    quick: 100_000, full: 1_000_000,
    signals: signalsCombineLatestPumping, peers: []),
  Workload(
    name: "CombineLatestCreating", summary: "build that 7-level combineLatest chain, 1 value, cancel",
    unit: "chain", quick: 10_000, full: 100_000,
    signals: signalsCombineLatestCreating, peers: []),
  Workload(
    name: "MergeMany100", summary: "MergeMany of 100 subjects → sink, per value", unit: "value",
    quick: 1_000_000, full: 10_000_000,
    signals: signalsMergeMany, peers: []),
  Workload(
    name: "ZipSubjects", summary: "zip of 2 subjects → sink, per pair", unit: "pair",
    quick: 1_000_000, full: 10_000_000,
    signals: signalsZipSubjects,
    peers: [Contender(label: openCombine, body: sync(OpenCombineSide.zipSubjects))]),
]

// MARK: - Swift Concurrency bridges (Signals side enabled by SIGNALS_CONCURRENCY)

#if SIGNALS_CONCURRENCY
  let signalsValues: Body? = { elements, lap in await SignalsSide.values(elements, lap) }
#else
  let signalsValues = pending()
#endif
#if SIGNALS_STREAM
  let signalsStream: Body? = { elements, lap in await SignalsSide.stream(elements, lap) }
  let signalsStreamFanOut4: Body? = SignalsSide.streamFanOut(consumers: 4)
  let signalsStreamSend: Body? = sync(SignalsSide.streamSend)
#else
  let signalsStream = pending()
  let signalsStreamFanOut4 = pending()
  let signalsStreamSend = pending()
#endif

let concurrencyCatalog: [Workload] = [
  Workload(
    name: "Values", summary: "for await over (0..<n).publisher.map.values, per value", unit: "value",
    quick: 100_000, full: 1_000_000,
    signals: signalsValues,
    peers: [Contender(label: openCombine, body: { elements, lap in await OpenCombineSide.values(elements, lap) })],
    targets: [Target(reference: openCombine, maxRatio: 1 / 1.5, text: "≥1.5× faster than OpenCombine's values")]),
  Workload(
    name: "Stream", summary: "subject → stream() → 1 consumer task, per value", unit: "value",
    // Fewer values than elsewhere, so that a full run affords 7 rounds (see the README).
    quick: 50_000, full: 200_000,
    signals: signalsStream,
    peers: [
      Contender(label: "AsyncStream", body: AsyncPeers.asyncStream),
      Contender(label: "AsyncChannel", body: AsyncPeers.asyncChannel),
    ],
    targets: [Target(reference: "AsyncStream", maxRatio: 1.15, text: "within 1.15× of a raw AsyncStream")]),
  Workload(
    name: "StreamSend", summary: "subject → stream() nobody iterates (newest value kept), per value",
    unit: "value",
    quick: 1_000_000, full: 5_000_000,
    signals: signalsStreamSend,
    peers: [Contender(label: "AsyncStream", body: sync(AsyncPeers.asyncStreamSend))]),
  Workload(
    name: "StreamFanOut4", summary: "subject → 4 stream() consumer tasks, per value sent", unit: "value",
    quick: 20_000, full: 60_000,
    signals: signalsStreamFanOut4,
    peers: [
      Contender(label: "share()", body: AsyncPeers.share(consumers: 4)),
      Contender(label: "broadcaster", body: AsyncPeers.broadcaster(consumers: 4)),
    ],
    targets: [
      Target(reference: "share()", maxRatio: 1 / 5, text: "≥5× faster than share()"),
      Target(reference: "broadcaster", maxRatio: 1, text: "no slower than the hand-written broadcaster"),
    ]),
]

// MARK: - Helpers shared by both sides

/// A fixed permutation of `0..<count` (SplitMix64-driven Fisher–Yates), the same in every run for
/// the same `seed`.
func shuffledIndices(_ count: Int, seed: UInt64 = 0) -> [Int] {
  var state: UInt64 = 0x5EED_0F_5167_4A15 &+ seed
  func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  var indices = Array(0..<count)
  guard count > 1 else { return indices }
  for i in stride(from: count - 1, to: 0, by: -1) {
    let j = Int(next() % UInt64(i + 1))
    indices.swapAt(i, j)
  }
  return indices
}
