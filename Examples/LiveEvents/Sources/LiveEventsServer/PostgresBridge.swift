// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Logging
import PostgresNIO
import Synchronization

/// The database side as `/stats` shows it.
public struct DatabaseStatus: Codable, Sendable, Equatable {
  /// Whether a database is configured at all (`false` in the in-process mode).
  public var configured: Bool
  /// Whether this instance is listening now: events posted to other instances reach it. `false`
  /// is the fault state: local clients are still served, events are not shared.
  public var healthy = false
  /// The last error from the database, while `healthy` is `false`.
  public var fault: String?
  /// Times the connection was lost or could not be made.
  public var faults: UInt64 = 0
  /// Events sent to the other instances with `NOTIFY`.
  public var published: UInt64 = 0
  /// Events that could not be sent (taken while the database was away): only local clients got them.
  public var unpublished: UInt64 = 0
  /// Notifications heard (this instance's own included; the hub drops those).
  public var heard: UInt64 = 0
}

/// The listening connection ended without an error.
struct ListenEnded: Error, CustomStringConvertible {
  var description: String { "the database closed the listening connection" }
}

/// Where the database is, read from a `postgres://user:password@host:port/database` URL.
public struct DatabaseAddress: Sendable, Equatable {
  /// The server's host.
  public var host: String
  /// The server's port.
  public var port: Int
  /// The user.
  public var username: String
  /// The password, if any.
  public var password: String?
  /// The database, if not the user's.
  public var database: String?

  /// Reads `url`; `nil` if it is not a `postgres://` or `postgresql://` URL with a user.
  public init?(url: String) {
    guard let components = URLComponents(string: url),
      components.scheme == "postgres" || components.scheme == "postgresql",
      let username = components.user, !username.isEmpty
    else { return nil }
    host = components.host.flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1"
    port = components.port ?? 5432
    self.username = username
    password = components.password
    let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
    database = path.isEmpty ? nil : path
  }
}

/// Shares a hub's events with the other instances through PostgreSQL `LISTEN`/`NOTIFY`.
///
/// Two loops, each on its own connection, each reconnecting when the database goes away:
/// - the publisher sends every local event with `pg_notify`, in order (one at a time, so the
///   database's delivery order is each producer's order);
/// - the listener feeds every notification into the hub, which drops its own and duplicates.
public final class PostgresBridge: Sendable {
  /// The `LISTEN`/`NOTIFY` channel.
  public static let channel = "live_events"
  private let address: DatabaseAddress
  private let hub: any EventHub
  private let logger: Logger
  private let state = Mutex(DatabaseStatus(configured: true))

  /// A bridge for `hub` to the database at `address`.
  public init(address: DatabaseAddress, hub: any EventHub, logger: Logger) {
    self.address = address
    self.hub = hub
    self.logger = logger
  }

  /// The state now.
  public func status() -> DatabaseStatus { state.withLock { $0 } }

  /// Runs both loops until the task is cancelled.
  public func run() async {
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await self.listen() }
      group.addTask { await self.publish() }
    }
  }

  private func connect(id: Int) async throws -> PostgresConnection {
    let configuration = PostgresConnection.Configuration(
      host: address.host, port: address.port, username: address.username, password: address.password,
      database: address.database, tls: .disable)
    return try await PostgresConnection.connect(configuration: configuration, id: id, logger: logger)
  }

  private func fail(_ error: any Error) {
    let message = String(reflecting: error)
    state.withLock { state in
      if state.healthy || state.fault == nil { state.faults += 1 }
      state.healthy = false
      state.fault = message
    }
  }

  private func listen() async {
    var attempt = 0
    while !Task.isCancelled {
      attempt += 1
      do {
        let connection = try await connect(id: attempt * 2)
        do {
          try await connection.listen(on: Self.channel) { notifications in
            state.withLock { state in
              state.healthy = true
              state.fault = nil
            }
            logger.info("listening on \(Self.channel)")
            for try await notification in notifications {
              state.withLock { $0.heard += 1 }
              if let envelope = Envelope(heard: notification.payload) { hub.hear(envelope) }
            }
          }
          fail(ListenEnded())
        } catch {
          fail(error)
        }
        try? await connection.close()
      } catch {
        fail(error)
      }
      try? await Task.sleep(for: .milliseconds(250))
    }
  }

  private func publish() async {
    guard let outgoing = hub.outgoing else { return }
    var connection: PostgresConnection?
    var attempt = 0
    for await envelope in outgoing {
      // One retry on a new connection: the first try after the database came back finds the old
      // connection closed.
      var sent = false
      for _ in 0..<2 where !sent {
        do {
          // A query on a connection the server closed waits forever: check first, and give up
          // after a deadline in case the server goes while the query is on its way.
          if connection?.isClosed ?? true {
            try? await connection?.close()
            attempt += 1
            connection = try await connect(id: attempt * 2 + 1)
          }
          if let connection {
            let logger = logger
            try await withDeadline(.seconds(5)) {
              try await connection.query("SELECT pg_notify(\(Self.channel), \(envelope.json))", logger: logger)
            }
          }
          sent = true
        } catch {
          try? await connection?.close()
          connection = nil
        }
      }
      state.withLock { state in
        if sent { state.published += 1 } else { state.unpublished += 1 }
      }
    }
    try? await connection?.close()
  }
}

/// A database call that took too long.
struct DeadlinePassed: Error, CustomStringConvertible {
  var description: String { "the database did not answer in time" }
}

/// Runs `operation`, or throws ``DeadlinePassed`` after `limit` without waiting for it any longer
/// (a task group would wait for a call that ignores cancellation; the caller then closes the
/// connection, which ends the call).
func withDeadline(_ limit: Duration, _ operation: @escaping @Sendable () async throws -> Void) async throws {
  let outcome = Shared<Bool>(false)
  try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
    let finish: @Sendable (Result<Void, any Error>) -> Void = { result in
      let first = outcome.withLock { done in
        defer { done = true }
        return !done
      }
      if first { continuation.resume(with: result) }
    }
    let timer = Task {
      try await Task.sleep(for: limit)
      finish(.failure(DeadlinePassed()))
    }
    Task {
      do {
        try await operation()
        finish(.success(()))
      } catch {
        finish(.failure(error))
      }
      timer.cancel()
    }
  }
}
