// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import ArgumentParser
import Foundation
import LiveEventsServer

@main
struct LiveEvents: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "live-events",
    abstract: "Takes events over HTTP and serves them to any number of clients as Server-Sent Events.",
    discussion: """
      POST /events   {"topic": "...", "producer": "...", "sequence": 1, "data": "..."}
      GET  /events   text/event-stream of every event from now on
      GET  /stats    per-topic counts, clients, drops and the database state
      Instances given the same --database-url share their events through PostgreSQL LISTEN/NOTIFY;
      without one the service runs alone, in-process.
      """)

  @Option(help: "The address to listen on (env LIVE_EVENTS_HOST).")
  var host = ProcessInfo.processInfo.environment["LIVE_EVENTS_HOST"] ?? "127.0.0.1"

  @Option(help: "The port to listen on, 0 for any free one (env LIVE_EVENTS_PORT).")
  var port = Int(ProcessInfo.processInfo.environment["LIVE_EVENTS_PORT"] ?? "") ?? 8080

  @Option(help: "A file to write the port to once listening.")
  var portFile: String?

  @Option(help: "postgres://user[:password]@host[:port]/database shared by the instances (env DATABASE_URL).")
  var databaseURL: String?

  var database: String? { databaseURL ?? ProcessInfo.processInfo.environment["DATABASE_URL"] }

  @Option(help: "Unread events kept per client; a slower client loses the oldest.")
  var clientBuffer = 1024

  @Option(help: "This instance's id (default: a new UUID).")
  var instance: String?

  @Option(help: "signals, or broadcaster (the hand-written peer the load test compares with).")
  var fanout = "signals"

  func validate() throws {
    if let database, DatabaseAddress(url: database) == nil {
      throw ValidationError("--database-url must look like postgres://user@host:port/database")
    }
    if Fanout(rawValue: fanout) == nil { throw ValidationError("--fanout must be signals or broadcaster") }
    if clientBuffer < 1 { throw ValidationError("--client-buffer must be at least 1") }
  }

  func run() async throws {
    var configuration = ServiceConfiguration()
    configuration.host = host
    configuration.port = port
    configuration.portFile = portFile
    configuration.database = database.flatMap(DatabaseAddress.init(url:))
    configuration.clientBuffer = clientBuffer
    if let instance { configuration.instance = instance }
    configuration.fanout = Fanout(rawValue: fanout) ?? .signals
    try await LiveEventsService(configuration: configuration).run()
  }
}
