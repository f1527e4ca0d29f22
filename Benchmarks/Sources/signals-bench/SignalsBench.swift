// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

@main
struct SignalsBench {
  static func main() async {
    let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
    if options.list {
      for workload in catalog {
        let state = workload.signals.body == nil ? "  (Signals side pending)" : ""
        print("\(workload.name): \(workload.summary)\(state)")
      }
      return
    }
    // Before anything touches the malloc interposer: one plain run, for callgrind.
    if let counted = options.countedWorkload { countOnce(counted, options: options) }
    if options.countAllocations { reexecWithInterposerIfNeeded() }
    let selected = catalog.filter(options.selects)
    guard !selected.isEmpty else { fail("no workload matches \(options.filters)") }

    #if DEBUG
      print("warning: this is a debug build; run with `swift run -c release` for meaningful numbers\n")
    #endif
    print("signals-bench: \(selected.count) workloads, \(options.quick ? "quick" : "full") mode")
    print("allocation counting: \(allocationCountingWorks ? "on (malloc-interposer)" : "off")\n")
    fflush(nil)

    var results: [(Workload, [Measurement])] = []
    for workload in selected {
      print("• \(workload.name) — \(workload.summary)")
      let measurements = await measure(workload, options: options)
      for measurement in measurements {
        let allocations =
          measurement.allocationsPerElement.map { ", \(formatAdaptive($0)) allocs/\(workload.unit)" } ?? ""
        let unit = workload.metric == .time ? "ns/\(workload.unit)" : "bytes/\(workload.unit)"
        print(
          "    \(measurement.contender): median \(formatAdaptive(measurement.stats.median)) \(unit)"
            + " (p25–p75 \(formatAdaptive(measurement.stats.p25))–\(formatAdaptive(measurement.stats.p75)),"
            + " \(measurement.runs) runs)\(allocations)")
      }
      if workload.signals.body == nil { print("    Signals: pending (its API is not on main yet)") }
      results.append((workload, measurements))
      fflush(nil)  // progress shows up even when stdout is a file or a pipe
    }

    let report = Report(results: results, options: options)
    print("\n" + report.markdown())
    if options.explicitOutputDirectory == nil { mkdir(benchmarksDirectory + "/results", 0o755) }
    mkdir(options.outputDirectory, 0o755)
    FileHandleLite.writeFile(options.outputDirectory + "/results.md", report.markdown())
    FileHandleLite.writeFile(options.outputDirectory + "/results.csv", report.csv())
    FileHandleLite.writeFile(options.outputDirectory + "/results.json", report.json())
    print("wrote \(options.outputDirectory)/results.{md,csv,json}")
  }
}

/// Turns measurements into the Markdown table, the targets check, CSV and JSON.
struct Report {
  let results: [(Workload, [Measurement])]
  let options: Options

  private func signals(_ measurements: [Measurement]) -> Measurement? {
    measurements.first { $0.contender == "Signals" }
  }

  func markdown() -> String {
    var lines = [
      "| workload | Signals median | peer | peer median | Signals/peer | Signals p25–p75 | allocs/element (Signals, peer) |",
      "| --- | ---: | --- | ---: | ---: | ---: | ---: |",
    ]
    for (workload, measurements) in results {
      let ours = signals(measurements)
      let unit = workload.metric == .time ? "ns" : "B"
      let peers = measurements.filter { $0.contender != "Signals" }
      for (row, peer) in peers.enumerated() {
        let name = row == 0 ? "\(workload.name) (\(workload.unit))" : "〃"
        let ratio = ours.map { formatAdaptive($0.stats.median / peer.stats.median) + "×" } ?? "–"
        let ourMedian = ours.map { "\(formatAdaptive($0.stats.median)) \(unit)" } ?? "pending"
        let spread = ours.map { "\(formatAdaptive($0.stats.p25))–\(formatAdaptive($0.stats.p75))" } ?? "–"
        let allocations =
          "\(ours?.allocationsPerElement.map(formatAdaptive) ?? "–"), \(peer.allocationsPerElement.map(formatAdaptive) ?? "–")"
        lines.append(
          "| \(name) | \(ourMedian) | \(peer.contender) | \(formatAdaptive(peer.stats.median)) \(unit) | \(ratio) | \(spread) | \(allocations) |"
        )
      }
      if peers.isEmpty && ours == nil {
        lines.append("| \(workload.name) (\(workload.unit)) | pending | (no peer) | – | – | – | –, – |")
      }
      if peers.isEmpty, let ours {
        lines.append(
          "| \(workload.name) (\(workload.unit)) | \(formatAdaptive(ours.stats.median)) \(unit) | (no peer) | – | – |"
            + " \(formatAdaptive(ours.stats.p25))–\(formatAdaptive(ours.stats.p75)) |"
            + " \(ours.allocationsPerElement.map(formatAdaptive) ?? "–"), – |")
      }
    }
    lines.append("")
    lines.append("Issue 8 targets (ratios of medians measured in this run):")
    lines.append("")
    for (workload, measurements) in results {
      let ours = signals(measurements)
      for target in workload.targets {
        guard let reference = measurements.first(where: { $0.contender == target.reference }) else { continue }
        guard let ours else {
          lines.append("- \(workload.name): \(target.text) — pending (Signals side not on main yet)")
          continue
        }
        let ratio = ours.stats.median / reference.stats.median
        let verdict = ratio <= target.maxRatio ? "met" : "NOT met"
        let speedup = reference.stats.median / ours.stats.median
        let comparison =
          speedup >= 1 ? "Signals \(formatAdaptive(speedup))× faster" : "Signals \(formatAdaptive(1 / speedup))× slower"
        lines.append(
          "- \(workload.name): \(target.text) — \(verdict): Signals/\(target.reference) = \(formatAdaptive(ratio))×"
            + " (\(comparison))")
      }
      if workload.wantsZeroAllocations, let allocations = ours?.allocationsPerElement {
        let verdict = allocations < 0.001 ? "met" : "NOT met"
        lines.append(
          "- \(workload.name): 0 allocations per \(workload.unit) — \(verdict): \(formatAdaptive(allocations))")
      }
      if workload.metric == .liveBytes, let ours {
        let verdict = ours.stats.median <= 200 ? "met" : "NOT met"
        lines.append(
          "- \(workload.name): ≤ 200 bytes per live sink subscription — \(verdict): \(formatAdaptive(ours.stats.median)) B"
        )
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func csv() -> String {
    var lines = ["workload,contender,metric,unit,elements,runs,median,p25,p75,min,max,allocs_per_element"]
    for (workload, measurements) in results {
      for m in measurements {
        let metric = workload.metric == .time ? "ns_per_element" : "bytes_per_element"
        lines.append(
          [
            workload.name, m.contender, metric, workload.unit, String(m.elements), String(m.runs),
            String(m.stats.median), String(m.stats.p25), String(m.stats.p75), String(m.stats.min), String(m.stats.max),
            m.allocationsPerElement.map { String($0) } ?? "",
          ].joined(separator: ","))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func json() -> String {
    func quoted(_ text: String) -> String {
      "\"" + text.jsonEscaped + "\""
    }
    func number(_ value: Double?) -> String {
      guard let value, value.isFinite else { return "null" }
      return String(value)
    }
    var entries: [String] = []
    for (workload, measurements) in results {
      let rows = measurements.map { m in
        "{\"contender\": \(quoted(m.contender)), \"elements\": \(m.elements), \"runs\": \(m.runs), "
          + "\"median\": \(number(m.stats.median)), \"p25\": \(number(m.stats.p25)), \"p75\": \(number(m.stats.p75)), "
          + "\"min\": \(number(m.stats.min)), \"max\": \(number(m.stats.max)), "
          + "\"allocsPerElement\": \(number(m.allocationsPerElement))}"
      }
      let targets = workload.targets.map {
        "{\"reference\": \(quoted($0.reference)), \"maxRatio\": \($0.maxRatio), \"text\": \(quoted($0.text))}"
      }
      entries.append(
        "  {\"workload\": \(quoted(workload.name)), \"summary\": \(quoted(workload.summary)), "
          + "\"unit\": \(quoted(workload.unit)), \"metric\": \(quoted(workload.metric == .time ? "ns_per_element" : "bytes_per_element")), "
          + "\"signalsPending\": \(workload.signals.body == nil), \"targets\": [\(targets.joined(separator: ", "))], "
          + "\"measurements\": [\(rows.joined(separator: ", "))]}")
    }
    return "{\"mode\": \(quoted(options.quick ? "quick" : "full")), \"workloads\": [\n"
      + entries.joined(separator: ",\n") + "\n]}\n"
  }
}

extension String {
  fileprivate var jsonEscaped: String {
    var result = ""
    for character in self {
      switch character {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      default: result.append(character)
      }
    }
    return result
  }
}
