// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import ArgumentParser
import Dispatch
import Foundation
import LiveEventsClient
import LiveEventsServer

@main
struct Load: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "live-events-load",
    abstract: "Events per second delivered to SSE clients, and delivery latency, on loopback.",
    discussion: """
      Starts the instances in this process (port 0 on loopback), attaches the clients, posts
      events from several producers as fast as each gets its answer, and measures until every
      client got every event. Each run is done with both fan-outs: Signals and the hand-written
      continuation broadcaster.
      """)

  @Option(help: "SSE clients, spread over the instances.") var clients = 100
  @Option(help: "Events per producer.") var events = 500
  @Option(help: "Producers, spread over the instances, posting at once.") var producers = 4
  @Option(help: "Instances: 1, or 2 sharing --database-url.") var instances = 1
  @Option(help: "postgres://... shared by 2 instances (env DATABASE_URL).")
  var databaseURL: String?
  @Option(help: "signals, broadcaster or both.") var fanout = "both"
  @Option(help: "Runs per fan-out; the median run is reported.") var runs = 3

  var database: DatabaseAddress? {
    (databaseURL ?? ProcessInfo.processInfo.environment["DATABASE_URL"]).flatMap(DatabaseAddress.init(url:))
  }

  func validate() throws {
    if instances == 2 && database == nil {
      throw ValidationError("2 instances need --database-url")
    }
    if instances != 1 && instances != 2 { throw ValidationError("--instances must be 1 or 2") }
  }

  func run() async throws {
    let fanouts = fanout == "both" ? Fanout.allCases : [Fanout(rawValue: fanout) ?? .signals]
    print("| fan-out | instances | clients | events | delivered/s | p50 | p99 | dropped |")
    print("|---|---|---|---|---|---|---|---|")
    for fanout in fanouts {
      var results: [RunResult] = []
      for _ in 0..<runs { results.append(try await measure(fanout)) }
      let median = results.sorted { $0.perSecond < $1.perSecond }[results.count / 2]
      print(
        "| \(fanout.rawValue) | \(instances) | \(clients) | \(producers * events) | \(Int(median.perSecond)) |"
          + " \(milliseconds(median.p50)) | \(milliseconds(median.p99)) | \(median.dropped) |")
    }
  }

  struct RunResult {
    var perSecond: Double
    var p50: UInt64
    var p99: UInt64
    var dropped: UInt64
  }

  func milliseconds(_ nanoseconds: UInt64) -> String {
    String(format: "%.1f ms", Double(nanoseconds) / 1_000_000)
  }

  func measure(_ fanout: Fanout) async throws -> RunResult {
    let instance = "load-\(UUID().uuidString.prefix(8))"
    let services = (0..<instances).map { index in
      var configuration = ServiceConfiguration()
      configuration.port = 0
      configuration.fanout = fanout
      configuration.instance = "\(instance)-\(index)"
      configuration.clientBuffer = 1 << 16
      configuration.logLevel = .critical
      if instances == 2 { configuration.database = database }
      return LiveEventsService(configuration: configuration)
    }
    let ports = Shared<[Int: Int]>([:])
    let servers = services.enumerated().map { index, service in
      Task {
        try await service.run { port in ports.withLock { $0[index] = port } }
      }
    }
    defer { for server in servers { server.cancel() } }
    while ports.withLock({ $0.count }) < instances { try await Task.sleep(for: .milliseconds(10)) }
    if instances == 2 {
      while !services.allSatisfy({ $0.stats().database.healthy }) { try await Task.sleep(for: .milliseconds(10)) }
    }
    let endpoints = (0..<instances).map { index in Endpoint(port: ports.withLock { $0[index] ?? 0 }) }
    let total = producers * events
    let latencies = Shared<[UInt64]>([])
    let readers = (0..<clients).map { index in
      Task {
        try await HTTPConnection.with(endpoints[index % instances]) { connection in
          var mine: [UInt64] = []
          mine.reserveCapacity(total)
          try await connection.events { message in
            guard message.event == "event" else { return true }
            let now = DispatchTime.now().uptimeNanoseconds
            if let sent = Self.sentAt(message.data) { mine.append(now &- sent) }
            return mine.count < total
          }
          latencies.withLock { $0.append(contentsOf: mine) }
        }
      }
    }
    while services.reduce(0, { $0 + $1.stats().clients.live }) < clients {
      try await Task.sleep(for: .milliseconds(10))
    }
    let start = DispatchTime.now().uptimeNanoseconds
    try await withThrowingTaskGroup(of: Void.self) { group in
      for producer in 0..<producers {
        group.addTask {
          try await HTTPConnection.with(endpoints[producer % instances]) { connection in
            for sequence in 1...events {
              let response = try await connection.post(
                topic: "load", producer: "p\(producer)", sequence: sequence,
                data: String(DispatchTime.now().uptimeNanoseconds))
              guard response.status == 202 else { throw HTTPClientError(description: "post: \(response.status)") }
            }
          }
        }
      }
      try await group.waitForAll()
    }
    for reader in readers { try await reader.value }
    let elapsed = DispatchTime.now().uptimeNanoseconds - start
    let dropped = services.reduce(0) { $0 + $1.stats().clients.dropped }
    let sorted = latencies.withLock { $0.sorted() }
    guard !sorted.isEmpty else { throw HTTPClientError(description: "no deliveries") }
    return RunResult(
      perSecond: Double(sorted.count) / (Double(elapsed) / 1e9),
      p50: sorted[sorted.count / 2], p99: sorted[sorted.count * 99 / 100], dropped: dropped)
  }

  /// The send time a producer put in `data`, read from the envelope's JSON without decoding it.
  static func sentAt(_ json: String) -> UInt64? {
    guard let range = json.range(of: #""data":""#) else { return nil }
    let digits = json[range.upperBound...].prefix { $0.isNumber }
    return UInt64(digits)
  }
}
