// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Synchronization

/// The SSE clients connected now, and what each one received and lost.
public final class ClientRegistry: Sendable {
  /// One client, as `/stats` shows it.
  public struct Client: Codable, Sendable, Equatable {
    /// The client's number on this instance, from 1.
    public var id: Int
    /// Events written to the client.
    public var delivered: UInt64 = 0
    /// Events the client lost: its buffer was full (it read too slowly) and the oldest went.
    public var dropped: UInt64 = 0
  }

  /// What `/stats` shows of the clients.
  public struct Snapshot: Codable, Sendable, Equatable {
    /// Clients connected now.
    public var live: Int
    /// Clients connected since the start, those gone included.
    public var served: Int
    /// Events lost by all clients since the start, those gone included.
    public var dropped: UInt64
    /// The clients connected now, by id.
    public var clients: [Client]
  }

  private struct State {
    var next = 0
    var live: [Int: Client] = [:]
    var droppedByDeparted: UInt64 = 0
  }
  private let state = Mutex(State())

  /// An empty registry.
  public init() {}

  /// Registers a new client; returns its id.
  public func attach() -> Int {
    state.withLock { state in
      state.next += 1
      state.live[state.next] = Client(id: state.next)
      return state.next
    }
  }

  /// Counts one event written to client `id`, after `dropped` lost ones.
  public func record(_ id: Int, dropped: UInt64) {
    state.withLock { state in
      state.live[id]?.delivered += 1
      state.live[id]?.dropped += dropped
    }
  }

  /// Forgets client `id`, keeping its losses in the total.
  public func detach(_ id: Int) {
    state.withLock { state in
      if let client = state.live.removeValue(forKey: id) { state.droppedByDeparted += client.dropped }
    }
  }

  /// The clients now.
  public func snapshot() -> Snapshot {
    state.withLock { state in
      let clients = state.live.values.sorted { $0.id < $1.id }
      return Snapshot(
        live: clients.count, served: state.next,
        dropped: clients.reduce(state.droppedByDeparted) { $0 + $1.dropped }, clients: clients)
    }
  }
}
