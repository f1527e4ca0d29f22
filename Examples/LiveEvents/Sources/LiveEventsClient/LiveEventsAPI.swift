// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import NIOHTTP1

/// An event as a client receives it (the `data:` line of an SSE message).
public struct ReceivedEvent: Codable, Sendable, Equatable {
  /// The instance that took the event from its producer.
  public var origin: String
  /// The origin's number for it.
  public var originSequence: UInt64
  /// The topic.
  public var topic: String
  /// The producer.
  public var producer: String
  /// The producer's number for it.
  public var sequence: Int
  /// The content.
  public var data: String

  /// Reads an SSE message's data; `nil` for comments and anything else.
  public init?(_ message: ServerSentEvent) {
    guard message.event == "event",
      let event = try? JSONDecoder().decode(ReceivedEvent.self, from: Data(message.data.utf8))
    else { return nil }
    self = event
  }
}

/// The calls a client of the service makes.
extension HTTPConnection {
  /// Posts one event; returns the response.
  public mutating func post(
    topic: String, producer: String, sequence: Int, data: String
  ) async throws -> HTTPResult {
    let body = try JSONEncoder().encode(["topic": topic, "producer": producer, "data": data])
    // The dictionary above has string values only; add the number by hand.
    var text = String(decoding: body, as: UTF8.self)
    text.removeLast()
    text += #","sequence":\#(sequence)}"#
    return try await request(.POST, "/events", body: text)
  }
}
