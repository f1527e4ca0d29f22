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
    /// Counts the gaps the client's loop saw, and, while the client is stuck, the events already
    /// pushed out of its buffer.
    public var dropped: UInt64 = 0
    /// Events taken by the instance and not yet written to the client.
    public var behind: UInt64 = 0
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

  private struct Progress {
    var delivered: UInt64 = 0
    var dropped: UInt64 = 0
    /// The delivery number last written to the client.
    var last: UInt64
  }
  private struct State {
    var next = 0
    var live: [Int: Progress] = [:]
    var droppedByDeparted: UInt64 = 0
  }
  private let state = Mutex(State())

  /// An empty registry.
  public init() {}

  /// Registers a new client, subscribed when `last` events had been taken; returns its id.
  public func attach(last: UInt64) -> Int {
    state.withLock { state in
      state.next += 1
      state.live[state.next] = Progress(last: last)
      return state.next
    }
  }

  /// Counts event `number` written to client `id`, after `dropped` lost ones.
  public func record(_ id: Int, number: UInt64, dropped: UInt64) {
    state.withLock { state in
      state.live[id]?.delivered += 1
      state.live[id]?.dropped += dropped
      if let last = state.live[id]?.last, number > last { state.live[id]?.last = number }
    }
  }

  /// Forgets client `id`, keeping its losses in the total.
  public func detach(_ id: Int) {
    state.withLock { state in
      if let client = state.live.removeValue(forKey: id) { state.droppedByDeparted += client.dropped }
    }
  }

  /// The clients now, when `admitted` events were taken and each client keeps `buffer` unread.
  public func snapshot(admitted: UInt64, buffer: Int) -> Snapshot {
    state.withLock { state in
      let clients = state.live.map { id, progress in
        let behind = admitted > progress.last ? admitted - progress.last : 0
        // Of the events behind, one is being written and `buffer` wait; the rest are gone.
        let gone = behind > UInt64(buffer) + 1 ? behind - UInt64(buffer) - 1 : 0
        return Client(id: id, delivered: progress.delivered, dropped: progress.dropped + gone, behind: behind)
      }
      .sorted { $0.id < $1.id }
      return Snapshot(
        live: clients.count, served: state.next,
        dropped: clients.reduce(state.droppedByDeparted) { $0 + $1.dropped }, clients: clients)
    }
  }
}
