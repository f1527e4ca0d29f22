// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import ArgumentParser
import Foundation
import LiveEventsClient
import LiveEventsServer

@main
struct EndToEnd: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "live-events-e2e",
    abstract: "Checks two running live-events instances that share a database (run by .ci/live-events).",
    subcommands: [Share.self, Slow.self, BadInput.self, Fault.self, Recover.self])
}

struct Instances: ParsableArguments {
  @Option(help: "Port of instance A on 127.0.0.1.") var a: Int
  @Option(help: "Port of instance B on 127.0.0.1.") var b: Int

  var endpoints: [Endpoint] { [Endpoint(port: a), Endpoint(port: b)] }
}

/// Every client on both instances gets every event, posted to either, exactly once and in each
/// producer's order; a client that leaves mid-stream is released.
struct Share: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Events posted to A and B reach every client.")
  @OptionGroup var instances: Instances
  @Option(help: "Events per producer.") var events = 200

  func run() async throws {
    let (a, b) = (instances.endpoints[0], instances.endpoints[1])
    try await waitUntil("both instances listen to the database") {
      let (sa, sb) = try await (stats(a), stats(b))
      return sa.database.healthy && sb.database.healthy
    }
    try await checkRound(
      clients: [a, a, a, b, b, b], producers: [("p1", a), ("p2", a), ("p3", b), ("p4", b)], events: events,
      tag: "share")
    print("share: 6 clients on 2 instances each got \(4 * events) events from 4 producers, once each, in order")

    // A client that leaves mid-stream: the instance releases it and the others go on.
    let before = try await stats(a).clients.live
    let leaver = Task {
      try await HTTPConnection.with(a) { connection in
        var seen = 0
        try await connection.events { message in
          if ReceivedEvent(message) != nil { seen += 1 }
          return seen < 5
        }
        return seen
      }
    }
    try await waitUntil("the leaving client is attached") { try await stats(a).clients.live == before + 1 }
    try await HTTPConnection.with(a) { connection in
      for sequence in 1...20 {
        let response = try await connection.post(topic: "leave", producer: "leave", sequence: sequence, data: "")
        try expect(response.status == 202, "post answered \(response.status)")
      }
    }
    let seen = try await leaver.value
    try expect(seen == 5, "the leaving client saw \(seen) events before leaving")
    try await waitUntil("/stats shows the client gone") { try await stats(a).clients.live == before }
    print("share: a client that left after 5 events was released (live \(before + 1) -> \(before))")
  }
}

/// A client that stops reading loses the oldest of its unread events, counted in `/stats`, and
/// the other clients get everything.
struct Slow: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "A stalled client cannot stall the others.")
  @OptionGroup var instances: Instances
  @Option(help: "Events posted while the client stalls.") var events = 3000

  func run() async throws {
    let a = instances.endpoints[0]
    let before = try await stats(a)
    let stalled = Gate()
    // The stalled client reads the `: attached` line, then stops reading until released. Its
    // small receive buffer keeps the kernel from absorbing much of what it does not read.
    let slow = Task {
      try await HTTPConnection.with(a, receiveBuffer: 4096) { connection in
        try await connection.events { _ in
          await stalled.wait()
          return false
        }
      }
    }
    let big = String(repeating: "x", count: 3900)
    let fast = Task {
      try await receive(from: a, until: { $0.count >= events }, where: { $0.topic == "slow" })
    }
    try await waitUntil("both clients attached") { try await stats(a).clients.live == before.clients.live + 2 }
    let started = Date()
    try await HTTPConnection.with(a) { connection in
      for sequence in 1...events {
        let response = try await connection.post(topic: "slow", producer: "slow", sequence: sequence, data: big)
        try expect(response.status == 202, "post answered \(response.status)")
      }
    }
    let got = try await fast.value
    try expect(got.map(\.sequence) == Array(1...events), "the reading client missed or reordered events")
    let after = try await stats(a)
    let dropped = after.clients.clients.filter { $0.dropped > 0 }
    try expect(dropped.count == 1, "expected exactly the stalled client to drop events: \(after.clients.clients)")
    print(
      "slow: the reading client got all \(events) events (\(Int(Date().timeIntervalSince(started) * 1000)) ms)"
        + " while a stalled one dropped \(dropped[0].dropped) (/stats)")
    await stalled.open()
    _ = try await slow.value
    try await waitUntil("the stalled client is released") { try await stats(a).clients.live == before.clients.live }
  }
}

/// Malformed bodies get a 400 with a message and change nothing.
struct BadInput: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Malformed events are refused.")
  @OptionGroup var instances: Instances

  func run() async throws {
    let a = instances.endpoints[0]
    let before = try await stats(a).events.admitted
    let bodies = [
      "not json", "{}", #"{"topic":"t","producer":"p","sequence":"one","data":""}"#,
      #"{"topic":"","producer":"p","sequence":1,"data":""}"#,
      #"{"topic":"t","producer":"p","sequence":-1,"data":""}"#,
      #"{"topic":"t","producer":"p","sequence":1,"data":"\#(String(repeating: "x", count: 5000))"}"#,
    ]
    try await HTTPConnection.with(a) { connection in
      for body in bodies {
        let response = try await connection.request(.POST, "/events", body: body)
        try expect(response.status == 400, "\(body.prefix(40)) answered \(response.status)")
        try expect(response.body.contains("message"), "400 without a message: \(response.body)")
      }
      let good = try await connection.post(topic: "bad-input", producer: "bad-input", sequence: 1, data: "")
      try expect(good.status == 202, "a good event after bad ones answered \(good.status)")
    }
    try await waitUntil("the good event is admitted") { try await stats(a).events.admitted >= before + 1 }
    let after = try await stats(a).events.admitted
    try expect(after == before + 1, "admitted went from \(before) to \(after), expected one more")
    print("bad input: \(bodies.count) malformed bodies got 400 with a message; only the good event was admitted")
  }
}

/// With the database stopped, each instance reports the fault and keeps serving its own clients.
struct Fault: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Run with the database stopped.")
  @OptionGroup var instances: Instances

  func run() async throws {
    let (a, b) = (instances.endpoints[0], instances.endpoints[1])
    try await waitUntil("both instances report the database fault") {
      let (sa, sb) = try await (stats(a), stats(b))
      return !sa.database.healthy && sa.database.fault != nil && !sb.database.healthy && sb.database.fault != nil
    }
    let unpublished = try await stats(a).database.unpublished
    try await checkRound(clients: [a, a, b], producers: [("fa", a), ("fb", b)], events: 50, tag: "fault", local: true)
    // The outbox is drained after the clients were served: wait for it to count the events.
    try await waitUntil("A counts its events as unpublished") {
      try await stats(a).database.unpublished >= unpublished + 50
    }
    let after = try await stats(a).database
    print("fault: both instances report \"\(after.fault ?? "")\" and still served 50 local events to each local client")
  }
}

/// With the database back, events are shared again.
struct Recover: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Run after the database came back.")
  @OptionGroup var instances: Instances

  func run() async throws {
    let (a, b) = (instances.endpoints[0], instances.endpoints[1])
    try await waitUntil("both instances listen to the database again", seconds: 60) {
      let (sa, sb) = try await (stats(a), stats(b))
      return sa.database.healthy && sb.database.healthy
    }
    try await checkRound(clients: [a, b], producers: [("ra", a), ("rb", b)], events: 50, tag: "recover")
    print("recover: events posted to either instance reach both again")
  }
}

// MARK: - Helpers

struct Failure: Error, CustomStringConvertible {
  var description: String
}

func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
  if !condition { throw Failure(description: message()) }
}

func stats(_ endpoint: Endpoint) async throws -> Stats {
  let response = try await HTTPConnection.with(endpoint) { try await $0.request(.GET, "/stats") }
  try expect(response.status == 200, "/stats answered \(response.status)")
  return try JSONDecoder().decode(Stats.self, from: Data(response.body.utf8))
}

/// Polls `condition` every 50 ms until it holds; fails after `seconds`.
func waitUntil(
  _ what: String, seconds: Double = 20, _ condition: () async throws -> Bool
) async throws {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if try await condition() { return }
    try await Task.sleep(for: .milliseconds(50))
  }
  throw Failure(description: "timed out waiting until \(what)")
}

/// Reads `endpoint`'s events matching `filter` until `done` says so; fails after 60 s.
func receive(
  from endpoint: Endpoint, until done: @escaping @Sendable ([ReceivedEvent]) -> Bool,
  where filter: @escaping @Sendable (ReceivedEvent) -> Bool
) async throws -> [ReceivedEvent] {
  try await withThrowingTaskGroup(of: [ReceivedEvent]?.self) { group in
    group.addTask {
      try await HTTPConnection.with(endpoint) { connection in
        var received: [ReceivedEvent] = []
        try await connection.events { message in
          if let event = ReceivedEvent(message), filter(event) { received.append(event) }
          return !done(received)
        }
        return received
      }
    }
    group.addTask {
      try await Task.sleep(for: .seconds(60))
      return nil
    }
    let first = try await group.next()
    group.cancelAll()
    guard let received = first ?? nil else { throw Failure(description: "a client of \(endpoint) timed out") }
    return received
  }
}

/// Attaches `clients`, has each producer post `events` events to its instance (all producers at
/// once), then posts an end marker to every instance. Every client must get, before the markers,
/// each producer's events exactly once and in order: all producers', or with `local` only those
/// posted to its own instance.
func checkRound(
  clients: [Endpoint], producers: [(name: String, endpoint: Endpoint)], events: Int, tag: String,
  local: Bool = false
) async throws {
  let endpoints = Array(Set(clients + producers.map(\.endpoint)))
  let markers = Set(endpoints.map { "\(tag)-end-\($0.port)" })
  var live: [Endpoint: Int] = [:]
  for endpoint in endpoints { live[endpoint] = try await stats(endpoint).clients.live }
  let readers = clients.map { endpoint in
    Task {
      try await receive(
        from: endpoint,
        until: { received in markers.isSubset(of: received.map(\.producer)) },
        where: { $0.topic == tag })
    }
  }
  try await waitUntil("\(clients.count) clients attached") {
    for endpoint in endpoints {
      let expected = live[endpoint, default: 0] + clients.filter { $0 == endpoint }.count
      if try await stats(endpoint).clients.live < expected { return false }
    }
    return true
  }
  try await withThrowingTaskGroup(of: Void.self) { group in
    for producer in producers {
      group.addTask {
        try await HTTPConnection.with(producer.endpoint) { connection in
          for sequence in 1...events {
            let response = try await connection.post(
              topic: tag, producer: producer.name, sequence: sequence, data: "\(producer.name)#\(sequence)")
            try expect(response.status == 202, "post answered \(response.status): \(response.body)")
          }
        }
      }
    }
    try await group.waitForAll()
  }
  // Posted after every producer finished: a marker follows its instance's events everywhere.
  for endpoint in endpoints {
    if local {
      // Without the database a marker reaches its own instance's clients only; post each marker
      // to every instance.
      for other in endpoints {
        _ = try await HTTPConnection.with(other) { connection in
          try await connection.post(topic: tag, producer: "\(tag)-end-\(endpoint.port)", sequence: 1, data: "")
        }
      }
    } else {
      _ = try await HTTPConnection.with(endpoint) { connection in
        try await connection.post(topic: tag, producer: "\(tag)-end-\(endpoint.port)", sequence: 1, data: "")
      }
    }
  }
  for (index, reader) in readers.enumerated() {
    let endpoint = clients[index]
    let received = try await reader.value.filter { !markers.contains($0.producer) }
    for producer in producers {
      let expected = local && producer.endpoint != endpoint ? [] : Array(1...events)
      let got = received.filter { $0.producer == producer.name }.map(\.sequence)
      try expect(
        got == expected,
        "client \(index) on \(endpoint) got \(got.count) events of \(producer.name), expected \(expected.count)"
          + " in order: \(got.prefix(20))...")
    }
    let known = Set(producers.map(\.name))
    try expect(received.allSatisfy { known.contains($0.producer) }, "client \(index) got events of no producer")
  }
}

/// A one-shot gate: `wait()` suspends until `open()`.
actor Gate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters = []
  }
}
