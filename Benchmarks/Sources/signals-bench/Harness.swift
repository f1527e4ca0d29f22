// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import MallocInterposerSwift

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// MARK: - What a workload is

/// One measured region of one run. A workload does its setup, calls `begin()`, does the work being
/// measured, calls `end()`, then tears down. Time and (in the counting run) allocations are taken
/// between the two calls only.
final class Lap: @unchecked Sendable {
  // Safety: a lap belongs to the one run that uses it; the harness reads it after the run returns.
  private var start = ContinuousClock.now
  private(set) var nanoseconds: Double = 0
  private(set) var allocations: Int64 = 0
  private(set) var netBytes: Int64 = 0
  let countsAllocations: Bool
  var recordsSizes = false
  private var began = false
  private var ended = false

  init(countsAllocations: Bool) {
    self.countsAllocations = countsAllocations
  }

  func begin() {
    precondition(!began, "Lap.begin() called twice")
    began = true
    if countsAllocations {
      MallocInterposerSwift.reset()
      if recordsSizes {
        recordedSizeCount = 0
        recordedSizes[0] = 0  // initialise the global now: the hook must not run a lazy initialiser
        MallocInterposerSwift.setAllocationHook(recordAllocationSize)
      }
      MallocInterposerSwift.hook()
    }
    start = .now
  }

  func end() {
    let stop = ContinuousClock.now
    precondition(began && !ended, "Lap.end() without begin()")
    ended = true
    if countsAllocations {
      MallocInterposerSwift.unhook()
      if recordsSizes { MallocInterposerSwift.setAllocationHook(nil) }
      let stats = MallocInterposerSwift.getStatistics()
      allocations = Int64(stats.mallocCount)
      netBytes = Int64(stats.mallocBytesCount) - Int64(stats.freeBytesCount)
    }
    let (seconds, attoseconds) = (stop - start).components
    nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }

  var isComplete: Bool { began && ended }
}

/// A measured body: gets the number of elements, returns a checksum (the sum of what it received) so
/// the optimiser cannot drop the work and so the harness can check every contender did the same work.
typealias Body = @Sendable (_ elements: Int, _ lap: Lap) async -> Int

/// One implementation of a workload: Signals, a peer, or a hand-written floor.
struct Contender: Sendable {
  let label: String
  /// `nil` while the Signals API this needs is not on main yet.
  let body: Body?
}

/// A goal from issue 8: `Signals median / reference median <= maxRatio`.
struct Target: Sendable {
  let reference: String
  let maxRatio: Double
  let text: String
}

enum Metric: Sendable {
  /// Nanoseconds per element (lower is better).
  case time
  /// Bytes still allocated at `end()` per element: the memory a live subscription holds.
  case liveBytes
}

struct Workload: Sendable {
  let name: String
  let summary: String
  /// What one element is ("value", "delivery", "send", "cancel", "cycle", "subscription").
  let unit: String
  let quickElements: Int
  let fullElements: Int
  let metric: Metric
  let signals: Contender
  let peers: [Contender]
  let targets: [Target]
  /// Issue 8 also asks for zero allocations per element in steady state.
  let wantsZeroAllocations: Bool

  init(
    name: String, summary: String, unit: String, quick: Int, full: Int, metric: Metric = .time,
    signals: Body?, peers: [Contender], targets: [Target] = [], wantsZeroAllocations: Bool = false
  ) {
    self.name = name
    self.summary = summary
    self.unit = unit
    self.quickElements = quick
    self.fullElements = full
    self.metric = metric
    self.signals = Contender(label: "Signals", body: signals)
    self.peers = peers
    self.targets = targets
    self.wantsZeroAllocations = wantsZeroAllocations
  }
}

// MARK: - Results

struct Stats: Sendable {
  let median: Double
  let p25: Double
  let p75: Double
  let min: Double
  let max: Double

  init(_ samples: [Double]) {
    let sorted = samples.sorted()
    func quantile(_ q: Double) -> Double {
      guard sorted.count > 1 else { return sorted.first ?? .nan }
      let position = q * Double(sorted.count - 1)
      let lower = Int(position.rounded(.down))
      let upper = Swift.min(lower + 1, sorted.count - 1)
      let fraction = position - Double(lower)
      return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }
    median = quantile(0.5)
    p25 = quantile(0.25)
    p75 = quantile(0.75)
    min = sorted.first ?? .nan
    max = sorted.last ?? .nan
  }
}

struct Measurement: Sendable {
  let workload: String
  let contender: String
  let elements: Int
  let runs: Int
  /// ns/element for `.time`, bytes/element for `.liveBytes`.
  let stats: Stats
  let allocationsPerElement: Double?
  let checksum: Int
}

// MARK: - Options

struct Options {
  var quick = false
  var filters: [String] = []
  var runs: Int?
  /// `nil`: `Benchmarks/results` for a complete run, `Benchmarks/results/partial` for a filtered,
  /// quick or profiling run (so it never overwrites the published full results).
  var explicitOutputDirectory: String?
  var list = false
  var countAllocations = true
  var elements: Int?
  var allocationSizes = false
  var contenders: [String] = []
  /// `--matrix`: select the operator matrix (every workload named `Op.…`).
  var matrix = false
  /// `--count ROW`: run one contender of this workload once, print its checksum and exit.
  var countedWorkload: String?

  static let usage = """
    usage: signals-bench [--quick] [--filter SUBSTRING]... [--matrix] [--runs N] [--output DIR] [--no-allocs]
                        [--elements N] [--contender S]... [--alloc-sizes] [--list]
           signals-bench --count WORKLOAD [--contender LABEL] [--elements N]

      --quick          fewer elements and runs (about a minute in all)
      --filter S       run only workloads whose name or summary contains S (case-insensitive; repeatable)
      --matrix         run the operator matrix (the workloads named Op.…); with --filter, those as well
      --runs N         timed runs per contender (default 7, quick 3); the median is reported
      --output DIR     where results.csv, results.json and results.md go (default: Benchmarks/results
                       for a complete run, Benchmarks/results/partial for a quick, filtered or profiling run)
      --no-allocs      skip the extra allocation-counting run
      --elements N     override the number of elements per run (for profiling)
      --contender S    run only contenders whose label contains S (repeatable; e.g. for valgrind/perf)
      --alloc-sizes    in the counting run, also print the requested sizes of the allocations per element
      --list           list the workloads and exit
      --count W        run one contender (--contender, default Signals; exact label, else a unique
                       substring) of the workload named W once, with no warm-up, timing, allocation
                       counting or results files, print its checksum and exit: for valgrind --tool=callgrind
    """

  static func parse(_ arguments: [String]) -> Options {
    var options = Options()
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--quick", "-q": options.quick = true
      case "--filter", "-f":
        guard let value = iterator.next() else { fail("--filter needs a value") }
        options.filters.append(value.lowercased())
      case "--runs":
        guard let value = iterator.next(), let runs = Int(value), runs > 0 else { fail("--runs needs a number") }
        options.runs = runs
      case "--output", "-o":
        guard let value = iterator.next() else { fail("--output needs a directory") }
        options.explicitOutputDirectory = value
      case "--no-allocs": options.countAllocations = false
      case "--alloc-sizes": options.allocationSizes = true
      case "--elements":
        guard let value = iterator.next(), let elements = Int(value), elements > 0 else {
          fail("--elements needs a number")
        }
        options.elements = elements
      case "--contender":
        guard let value = iterator.next() else { fail("--contender needs a value") }
        options.contenders.append(value.lowercased())
      case "--list": options.list = true
      case "--matrix": options.matrix = true
      case "--count":
        guard let value = iterator.next() else { fail("--count needs a workload name") }
        options.countedWorkload = value
      case "--help", "-h":
        print(usage)
        exit(0)
      default: fail("unknown argument \(argument)")
      }
    }
    return options
  }

  var outputDirectory: String {
    if let explicitOutputDirectory { return explicitOutputDirectory }
    let partial = quick || !filters.isEmpty || matrix || runs != nil || elements != nil || !contenders.isEmpty
    return benchmarksDirectory + (partial ? "/results/partial" : "/results")
  }

  func selects(_ workload: Workload) -> Bool {
    if matrix && workload.name.hasPrefix(matrixPrefix) { return true }
    guard !filters.isEmpty else { return !matrix }
    let haystack = (workload.name + " " + workload.summary).lowercased()
    return filters.contains { haystack.contains($0) }
  }
}

func fail(_ message: String) -> Never {
  FileHandleLite.standardError.write("signals-bench: \(message)\n\n\(Options.usage)\n")
  exit(2)
}

/// `Benchmarks/`, found from this source file's path so results land there whatever the working directory.
let benchmarksDirectory: String = {
  var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
  parts.removeLast(3)  // Sources/signals-bench/Harness.swift
  return parts.joined(separator: "/")
}()

// MARK: - Running

/// Runs a workload: one warm-up run per contender, then `runs` rounds in which every contender runs
/// once (interleaved, so a noisy neighbour hurts all of them alike, in an order that changes from
/// round to round), then one allocation-counting run.
func measure(_ workload: Workload, options: Options) async -> [Measurement] {
  let elements = options.elements ?? (options.quick ? workload.quickElements : workload.fullElements)
  let contenders = ([workload.signals] + workload.peers).filter { contender in
    contender.body != nil
      && (options.contenders.isEmpty || options.contenders.contains { contender.label.lowercased().contains($0) })
  }
  var samples = [[Double]](repeating: [], count: contenders.count)
  var checksums = [Int](repeating: 0, count: contenders.count)

  func perElement(_ lap: Lap) -> Double {
    switch workload.metric {
    case .time: return lap.nanoseconds / Double(elements)
    case .liveBytes: return Double(lap.netBytes) / Double(elements)
    }
  }

  // Warm-up; also tells how long a run takes, to keep slow peers within a time budget.
  var slowest = 0.0
  for (index, contender) in contenders.enumerated() {
    let lap = Lap(countsAllocations: workload.metric == .liveBytes)
    checksums[index] = await contender.body!(elements, lap)
    precondition(lap.isComplete, "\(workload.name)/\(contender.label) did not call begin() and end()")
    slowest = max(slowest, lap.nanoseconds)
  }
  var runs = options.runs ?? (options.quick ? 3 : 7)
  if options.runs == nil {
    // Keep one workload under about 40 s (quick: 10 s), but never fewer than 3 runs.
    let budget = options.quick ? 10e9 : 40e9
    let affordable = Int(budget / max(slowest * Double(contenders.count), 1))
    runs = max(3, min(runs, affordable))
  }
  for round in 0..<runs {
    // Each round runs the contenders in another fixed order, so that none always runs first or
    // always right after the same other one (whose idle threads and freed memory it would inherit).
    for index in shuffledIndices(contenders.count, seed: UInt64(round)) {
      let contender = contenders[index]
      let lap = Lap(countsAllocations: workload.metric == .liveBytes)
      let checksum = await contender.body!(elements, lap)
      if checksum != checksums[index] {
        print("  warning: \(workload.name)/\(contender.label) checksum changed between runs")
      }
      samples[index].append(perElement(lap))
    }
  }
  var allocations = [Double?](repeating: nil, count: contenders.count)
  if options.countAllocations && allocationCountingWorks {
    for (index, contender) in contenders.enumerated() {
      let lap = Lap(countsAllocations: true)
      lap.recordsSizes = options.allocationSizes
      _ = await contender.body!(elements, lap)
      allocations[index] = Double(lap.allocations) / Double(elements)
      if options.allocationSizes {
        print("    \(contender.label) allocations per element: \(allocationSizeSummary(elements: elements))")
      }
    }
  }
  if Set(checksums).count > 1 {
    let detail = zip(contenders, checksums).map { "\($0.label)=\($1)" }.joined(separator: " ")
    print("  warning: \(workload.name): contenders did different work (checksums \(detail))")
  }
  return contenders.indices.map { index in
    Measurement(
      workload: workload.name, contender: contenders[index].label, elements: elements, runs: runs,
      stats: Stats(samples[index]), allocationsPerElement: allocations[index], checksum: checksums[index])
  }
}

// MARK: - Count mode (--count)

/// Runs one contender of one workload exactly once and prints its checksum: no warm-up, no timing
/// table, no allocation counting (so no `LD_PRELOAD` re-execution) and no results files. Meant to run
/// under `valgrind --tool=callgrind`, where the instructions of two runs with different `--elements`
/// give the instructions per element (`.ci/perf-guard`).
///
/// The body runs in a detached task while the main thread waits on a semaphore, and the process exits
/// from there: the main task never suspends, so the main thread never parks in `dispatch_main`, whose
/// `rt_sigsuspend` on a mask in read-only memory crashes valgrind 3.19 (Debian 12's).
func countOnce(_ name: String, options: Options) -> Never {
  guard let workload = catalog.first(where: { $0.name.lowercased() == name.lowercased() }) else {
    fail("--count: no workload is named \(name) (see --list)")
  }
  let contenders = ([workload.signals] + workload.peers).filter { $0.body != nil }
  let wanted = options.contenders.first ?? "signals"
  guard options.contenders.count <= 1 else { fail("--count takes one --contender") }
  let exact = contenders.filter { $0.label.lowercased() == wanted }
  let partial = contenders.filter { $0.label.lowercased().contains(wanted) }
  guard let contender = exact.first ?? (partial.count == 1 ? partial.first : nil) else {
    let labels = contenders.map(\.label).joined(separator: ", ")
    fail("--count: \(workload.name) has no single contender matching \"\(wanted)\" (it has: \(labels))")
  }
  let elements = options.elements ?? workload.quickElements
  let lap = Lap(countsAllocations: false)
  let checksum = TaskTally()
  let finished = DispatchSemaphore(value: 0)
  Task.detached {
    checksum.sum = await contender.body!(elements, lap)
    finished.signal()
  }
  finished.wait()
  precondition(lap.isComplete, "\(workload.name)/\(contender.label) did not call begin() and end()")
  print("\(workload.name)/\(contender.label): \(elements) \(workload.unit)s, checksum \(checksum.sum)")
  fflush(nil)
  exit(0)
}

// MARK: - Allocation sizes (--alloc-sizes)

/// Requested sizes seen by the allocation hook; preallocated so that the hook itself never allocates.
nonisolated(unsafe) let recordedSizes = UnsafeMutablePointer<Int>.allocate(capacity: 1 << 20)
nonisolated(unsafe) var recordedSizeCount = 0

let recordAllocationSize: MallocInterposerSwift.AllocationHook = { size in
  guard recordedSizeCount < 1 << 20 else { return }
  recordedSizes[recordedSizeCount] = size
  recordedSizeCount += 1
}

/// "24 B × 1.00, 80 B × 2.00 …": how many allocations of each requested size per element.
func allocationSizeSummary(elements: Int) -> String {
  var counts: [Int: Int] = [:]
  for index in 0..<recordedSizeCount { counts[recordedSizes[index], default: 0] += 1 }
  // Sizes seen less than once per 100 elements are amortised growth (arrays, caches): one bucket.
  let frequent = counts.filter { $0.value * 100 >= elements }.sorted { $0.key < $1.key }
  let rare = counts.filter { $0.value * 100 < elements }
  var parts = frequent.map { "\($0.key) B × \(formatAdaptive(Double($0.value) / Double(elements)))" }
  if !rare.isEmpty {
    let bytes = rare.reduce(0) { $0 + $1.key * $1.value }
    parts.append("amortised: \(formatAdaptive(Double(bytes) / Double(elements))) B in \(rare.count) sizes")
  }
  return parts.isEmpty ? "none" : parts.joined(separator: ", ")
}

/// Whether the malloc interposer is live in this process (it is when its library is preloaded).
let allocationCountingWorks: Bool = {
  MallocInterposerSwift.initialize()
  MallocInterposerSwift.reset()
  MallocInterposerSwift.hook()
  keepAlive(Array(repeating: 1, count: 64 + Int(getpid() & 1)))
  MallocInterposerSwift.unhook()
  return MallocInterposerSwift.getStatistics().mallocCount > 0
}()

nonisolated(unsafe) private var keptAlive: [Int] = []

/// Keeps the optimiser from deleting an allocation made only to probe the interposer.
@inline(never)
func keepAlive(_ array: [Int]) {
  keptAlive = array
}

/// On Linux the interposer only sees allocations when its shared library is preloaded. If it is not,
/// re-execute this binary once with `LD_PRELOAD` set to the library that SwiftPM built next to it.
func reexecWithInterposerIfNeeded() {
  #if os(Linux)
    guard getenv("SIGNALS_BENCH_REEXEC") == nil, !allocationCountingWorks else { return }
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { return }
    let executable = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let directory = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      .joined(separator: "/")
    let library = directory + "/libMallocInterposerSwift.so"
    guard access(library, R_OK) == 0 else { return }
    let existing = getenv("LD_PRELOAD").map { String(cString: $0) }
    setenv("LD_PRELOAD", existing.map { "\(library):\($0)" } ?? library, 1)
    setenv("SIGNALS_BENCH_REEXEC", "1", 1)
    var arguments = CommandLine.arguments.map { strdup($0) }
    arguments.append(nil)
    execv(executable, &arguments)
  // execv only returns on failure: carry on without allocation counts.
  #endif
}

// MARK: - Output

/// Minimal stderr/file writing without Foundation.
enum FileHandleLite {
  case standardError

  func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = writeToDescriptor(2, bytes.baseAddress, bytes.count) }
  }

  static func writeFile(_ path: String, _ text: String) {
    guard let file = fopen(path, "w") else {
      FileHandleLite.standardError.write("signals-bench: cannot write \(path)\n")
      return
    }
    fputs(text, file)
    fclose(file)
  }
}

@inline(__always)
private func writeToDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

func format(_ value: Double, digits: Int = 2) -> String {
  guard value.isFinite else { return "–" }
  var multiplier = 1.0
  for _ in 0..<digits { multiplier *= 10 }
  let rounded = (value * multiplier).rounded() / multiplier
  var text = String(rounded)
  if let dot = text.firstIndex(of: ".") {
    let decimals = text.distance(from: dot, to: text.endIndex) - 1
    if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    if digits == 0 { text = String(text[..<dot]) }
  } else if digits > 0 {
    text += "." + String(repeating: "0", count: digits)
  }
  return text
}

/// Three significant-ish digits, for numbers that span ns to ms.
func formatAdaptive(_ value: Double) -> String {
  guard value.isFinite else { return "–" }
  let magnitude = abs(value)
  if magnitude >= 100 { return format(value, digits: 0) }
  if magnitude >= 10 { return format(value, digits: 1) }
  if magnitude >= 1 { return format(value, digits: 2) }
  return format(value, digits: 3)
}
