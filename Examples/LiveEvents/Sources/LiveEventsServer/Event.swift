// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation

/// The body of `POST /events`: what a producer sends.
///
/// ```swift
/// let input = try EventInput.parse(Data(#"{"topic":"t","producer":"p","sequence":1,"data":"x"}"#.utf8))
/// print(input.topic)
/// // Prints: t
/// ```
public struct EventInput: Codable, Sendable, Equatable {
  /// A short name that groups events; `/stats` counts events per topic.
  public var topic: String
  /// Who sent the event; each producer's events reach every client in the producer's order.
  public var producer: String
  /// The producer's own number for the event, carried through unchanged.
  public var sequence: Int
  /// The event's content, carried through unchanged.
  public var data: String

  /// Makes an event body.
  public init(topic: String, producer: String, sequence: Int, data: String) {
    self.topic = topic
    self.producer = producer
    self.sequence = sequence
    self.data = data
  }

  /// Why a body was refused; the message is what the 400 response says.
  public struct Invalid: Error, Equatable, CustomStringConvertible {
    /// The reason, for the client.
    public var description: String

    /// A refusal for `description`'s reason.
    public init(description: String) {
      self.description = description
    }
  }

  /// The longest `data` accepted: a PostgreSQL `NOTIFY` payload holds under 8000 bytes, and the
  /// event travels in one with its envelope.
  public static let maximumDataBytes = 4000

  /// Decodes and validates a request body.
  public static func parse(_ body: Data) throws(Invalid) -> EventInput {
    let input: EventInput
    do {
      input = try JSONDecoder().decode(EventInput.self, from: body)
    } catch {
      throw Invalid(description: "body is not an event: expected JSON {topic, producer, sequence, data}")
    }
    try input.validate()
    return input
  }

  /// Checks the fields' ranges.
  public func validate() throws(Invalid) {
    if topic.isEmpty || topic.utf8.count > 64 { throw Invalid(description: "topic must have 1 to 64 bytes") }
    if producer.isEmpty || producer.utf8.count > 64 { throw Invalid(description: "producer must have 1 to 64 bytes") }
    if sequence < 0 { throw Invalid(description: "sequence must not be negative") }
    if data.utf8.count > Self.maximumDataBytes {
      throw Invalid(description: "data must have at most \(Self.maximumDataBytes) bytes")
    }
  }
}

/// An event as it travels between instances: the producer's event, stamped with the instance
/// that received it and that instance's own sequence number, which is what duplicates are told by.
public struct Envelope: Sendable {
  /// The instance that took the event from its producer.
  public var origin: String
  /// The origin's count of events it took, from 1, with no gaps.
  public var originSequence: UInt64
  /// The producer's event.
  public var event: EventInput
  /// The envelope as JSON: the SSE `data:` line and the `NOTIFY` payload, encoded once.
  public var json: String
  /// Whether this instance took the event from a producer (rather than hearing it from another).
  public var isLocal: Bool

  private struct Wire: Codable {
    var origin: String
    var originSequence: UInt64
    var topic: String
    var producer: String
    var sequence: Int
    var data: String
  }

  /// Stamps a producer's event taken by `origin`.
  public init(origin: String, originSequence: UInt64, event: EventInput) {
    self.origin = origin
    self.originSequence = originSequence
    self.event = event
    self.isLocal = true
    let wire = Wire(
      origin: origin, originSequence: originSequence, topic: event.topic, producer: event.producer,
      sequence: event.sequence, data: event.data)
    // Encoding a struct of strings and integers cannot fail.
    self.json = (try? String(decoding: JSONEncoder().encode(wire), as: UTF8.self)) ?? "{}"
  }

  /// Reads an envelope heard from another instance; `nil` if the payload is not one.
  public init?(heard payload: String) {
    guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(payload.utf8)) else { return nil }
    let event = EventInput(topic: wire.topic, producer: wire.producer, sequence: wire.sequence, data: wire.data)
    guard (try? event.validate()) != nil else { return nil }
    self.origin = wire.origin
    self.originSequence = wire.originSequence
    self.event = event
    self.json = payload
    self.isLocal = false
  }
}

/// An event admitted into this instance's hub, numbered in the order clients receive it.
public struct Delivery: Sendable {
  /// This instance's delivery number, from 1, with no gaps: a client that sees a gap lost events.
  public var number: UInt64
  /// The event.
  public var envelope: Envelope
  /// The Server-Sent Events frame for this event, built once for every client.
  public var frame: String

  /// Numbers `envelope`.
  public init(number: UInt64, envelope: Envelope) {
    self.number = number
    self.envelope = envelope
    self.frame = "id: \(number)\nevent: event\ndata: \(envelope.json)\n\n"
  }
}

/// Admits events into a hub: numbers them, and drops this instance's own events heard back from
/// the database and any event heard twice. A plain state machine, fed one envelope at a time.
///
/// ```swift
/// var admission = Admission(instance: "a")
/// let local = Envelope(origin: "a", originSequence: 1, event: EventInput(topic: "t", producer: "p", sequence: 1, data: ""))
/// print(admission.admit(local)?.number as Any)
/// // Prints: Optional(1)
/// ```
public struct Admission: Sendable {
  /// This instance's id.
  public let instance: String
  /// The last sequence number heard from each other instance.
  public private(set) var lastHeard: [String: UInt64] = [:]
  /// How many events were admitted (the last delivery number).
  public private(set) var admitted: UInt64 = 0
  /// How many of this instance's own events came back from the database and were dropped.
  public private(set) var echoes: UInt64 = 0
  /// How many events from another instance were heard again (or out of order) and dropped.
  public private(set) var duplicates: UInt64 = 0
  /// The delivery made by the last `admit`, if it admitted the envelope.
  public private(set) var lastDelivery: Delivery?

  /// An empty admission for `instance`.
  public init(instance: String) {
    self.instance = instance
  }

  /// Admits `envelope`, or drops it; returns the delivery made.
  public mutating func admit(_ envelope: Envelope) -> Delivery? {
    lastDelivery = nil
    if !envelope.isLocal {
      if envelope.origin == instance {
        echoes += 1
        return nil
      }
      if let last = lastHeard[envelope.origin], envelope.originSequence <= last {
        duplicates += 1
        return nil
      }
      lastHeard[envelope.origin] = envelope.originSequence
    }
    admitted += 1
    let delivery = Delivery(number: admitted, envelope: envelope)
    lastDelivery = delivery
    return delivery
  }
}
