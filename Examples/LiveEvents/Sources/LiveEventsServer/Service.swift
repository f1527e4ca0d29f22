// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Hummingbird
import Logging
import NIOCore

/// Which fan-out serves the clients.
public enum Fanout: String, Sendable, CaseIterable {
  /// ``SignalsHub``: a `PassthroughSubject` and one `stream()` per client.
  case signals
  /// ``BroadcasterHub``: a hand-written continuation broadcaster (the load test's peer).
  case broadcaster
}

/// How to run one instance.
public struct ServiceConfiguration: Sendable {
  /// The address to listen on.
  public var host = "127.0.0.1"
  /// The port to listen on; 0 picks a free one (see `portFile`).
  public var port = 8080
  /// Where to write the port once listening, if anywhere.
  public var portFile: String?
  /// The database shared by the instances; `nil` runs in-process, alone.
  public var database: DatabaseAddress?
  /// Unread events kept per client before the oldest are dropped.
  public var clientBuffer = 1024
  /// This instance's id; unique among the instances sharing a database.
  public var instance = UUID().uuidString.lowercased()
  /// Which fan-out serves the clients.
  public var fanout = Fanout.signals
  /// The least important messages logged.
  public var logLevel = Logger.Level.info

  /// The defaults: port 8080 on loopback, in-process, Signals.
  public init() {}
}

/// `/stats`.
public struct Stats: Codable, Sendable {
  /// This instance's id.
  public var instance: String
  /// `signals` or `broadcaster`.
  public var fanout: String
  /// What the hub counted.
  public var events: HubCounters
  /// The clients.
  public var clients: ClientRegistry.Snapshot
  /// The database.
  public var database: DatabaseStatus
}

/// One instance of the service: a hub, its clients, the database bridge and the HTTP routes.
public struct LiveEventsService: Sendable {
  /// The configuration it runs with.
  public let configuration: ServiceConfiguration
  /// The hub.
  public let hub: any EventHub
  /// The SSE clients.
  public let clients = ClientRegistry()
  private let bridge: PostgresBridge?
  private let logger: Logger

  /// Makes an instance; nothing runs before ``run(onListening:)``.
  public init(configuration: ServiceConfiguration) {
    self.configuration = configuration
    var logger = Logger(label: "live-events")
    logger.logLevel = configuration.logLevel
    logger[metadataKey: "instance"] = .string(String(configuration.instance.prefix(8)))
    self.logger = logger
    let sharing = configuration.database != nil
    let hub: any EventHub =
      switch configuration.fanout {
      case .signals: SignalsHub(instance: configuration.instance, sharing: sharing)
      case .broadcaster: BroadcasterHub(instance: configuration.instance, sharing: sharing)
      }
    self.hub = hub
    bridge = configuration.database.map { PostgresBridge(address: $0, hub: hub, logger: logger) }
  }

  /// `/stats` now.
  public func stats() -> Stats {
    Stats(
      instance: configuration.instance, fanout: configuration.fanout.rawValue, events: hub.counters(),
      clients: clients.snapshot(admitted: hub.counters().admitted, buffer: configuration.clientBuffer),
      database: bridge?.status() ?? DatabaseStatus(configured: false))
  }

  /// Serves until the task is cancelled or the process gets SIGINT or SIGTERM.
  ///
  /// - Parameter onListening: Called with the port once the server accepts connections.
  public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
    let portFile = configuration.portFile
    let logger = logger
    let app = Application(
      router: router(),
      configuration: .init(
        address: .hostname(configuration.host, port: configuration.port), serverName: "live-events"),
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? 0
        logger.info("listening on port \(port)")
        if let portFile { try? "\(port)\n".write(toFile: portFile, atomically: true, encoding: .utf8) }
        await onListening(port)
      },
      logger: logger
    )
    try await withThrowingTaskGroup(of: Void.self) { group in
      if let bridge { group.addTask { await bridge.run() } }
      group.addTask { try await app.runService() }
      // The server ends first (a signal or cancellation); then stop the bridge and the hub.
      _ = try await group.next()
      group.cancelAll()
      hub.finish()
    }
  }

  private func router() -> Router<BasicRequestContext> {
    let router = Router()
    let hub = hub
    let clients = clients
    let buffer = configuration.clientBuffer
    router.post("/events") { request, _ -> Response in
      let body = try await request.body.collect(upTo: 16 * 1024)
      let event: EventInput
      do {
        event = try EventInput.parse(Data(body.readableBytesView))
      } catch {
        throw HTTPError(.badRequest, message: String(describing: error))
      }
      let number = hub.submit(event)
      return Response(
        status: .accepted, headers: [.contentType: "application/json"],
        body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"accepted":\#(number)}"#)))
    }
    router.get("/events") { request, _ -> Response in
      Response(
        status: .ok,
        headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
        body: ResponseBody { writer in
          // Subscribe first, then tell the client it is attached: nothing taken after the
          // `: attached` line is missed.
          let deliveries = hub.subscribe(buffer: buffer)
          var last = hub.counters().admitted
          let id = clients.attach(last: last)
          defer { clients.detach(id) }
          try await writer.write(ByteBuffer(string: ": attached \(id)\n\n"))
          // The loop ends when the client goes (Hummingbird cancels it on the connection's close),
          // which ends the stream and cancels this client's subscription, and only that one.
          try await request.body.consumeWithCancellationOnInboundClose { _ in
            for await delivery in deliveries {
              // A gap in the numbers is what this client's full buffer dropped.
              let dropped = delivery.number > last + 1 ? delivery.number - last - 1 : 0
              last = max(last, delivery.number)
              try await writer.write(ByteBuffer(string: delivery.frame))
              clients.record(id, number: delivery.number, dropped: dropped)
            }
          }
          try await writer.finish(nil)
        })
    }
    router.get("/stats") { _, _ -> Response in
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      let json = try encoder.encode(stats())
      return Response(
        status: .ok, headers: [.contentType: "application/json"],
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: json)))
    }
    router.get("/health") { _, _ in "ok" }
    return router
  }
}
