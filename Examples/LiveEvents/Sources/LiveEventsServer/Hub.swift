// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Signals
import Synchronization

/// Where events come in and go out: producers' events and events heard from other instances in,
/// one `AsyncStream` of deliveries per client out.
///
/// Two implementations serve the same routes: ``SignalsHub`` (the example) and
/// ``BroadcasterHub`` (a hand-written continuation broadcaster, the load test's peer).
public protocol EventHub: Sendable {
  /// This instance's id, stamped on the events it takes from producers.
  var instance: String { get }
  /// Takes an event from a producer; returns the number it was stamped with.
  func submit(_ event: EventInput) -> UInt64
  /// Takes an event heard from the database (from any instance, this one included).
  func hear(_ envelope: Envelope)
  /// A new client's deliveries, from now on, keeping at most `buffer` unread ones (the oldest
  /// are dropped first).
  func subscribe(buffer: Int) -> AsyncStream<Delivery>
  /// The events taken from producers here, in order, for sharing with other instances; `nil`
  /// when the hub was made without sharing.
  var outgoing: AsyncStream<Envelope>? { get }
  /// Counters for `/stats`.
  func counters() -> HubCounters
  /// Stops taking events; every client's stream ends after the events taken before.
  func finish()
}

/// What a hub counted.
public struct HubCounters: Codable, Sendable, Equatable {
  /// Events admitted (the last delivery number).
  public var admitted: UInt64 = 0
  /// This instance's own events heard back from the database and dropped.
  public var echoes: UInt64 = 0
  /// Events from other instances heard more than once, dropped.
  public var duplicates: UInt64 = 0
  /// Admitted events per topic (refreshed at most every 100 ms by the Signals hub).
  public var topics: [String: UInt64] = [:]

  mutating func take(_ admission: Admission) {
    admitted = admission.admitted
    echoes = admission.echoes
    duplicates = admission.duplicates
  }
}

/// The front door of a hub: one `AsyncStream` that both producers' events and heard events
/// enter, so they are admitted one at a time in one order.
final class Ingress: Sendable {
  let instance: String
  let envelopes: AsyncStream<Envelope>
  private let input: AsyncStream<Envelope>.Continuation
  private let taken = Mutex<UInt64>(0)
  private let outgoingInput: AsyncStream<Envelope>.Continuation?
  let outgoing: AsyncStream<Envelope>?

  init(instance: String, sharing: Bool) {
    self.instance = instance
    (envelopes, input) = AsyncStream.makeStream(of: Envelope.self)
    if sharing {
      let (stream, continuation) = AsyncStream.makeStream(of: Envelope.self)
      (outgoing, outgoingInput) = (stream, continuation)
    } else {
      (outgoing, outgoingInput) = (nil, nil)
    }
  }

  func submit(_ event: EventInput) -> UInt64 {
    // Numbering and entering under one lock keep the numbers in the order the hub admits them;
    // `yield` only buffers or resumes the reading task, it runs no code of ours.
    taken.withLock { taken in
      taken += 1
      input.yield(Envelope(origin: instance, originSequence: taken, event: event))
      return taken
    }
  }

  func hear(_ envelope: Envelope) {
    input.yield(envelope)
  }

  func share(_ envelope: Envelope) {
    outgoingInput?.yield(envelope)
  }

  func finish() {
    input.finish()
    outgoingInput?.finish()
  }
}

/// The hub built on Signals.
///
/// ```
/// ingress (AsyncStream) ─ .publisher ─ scan(Admission) ─ sink ─▶ PassthroughSubject<Delivery>
///   subject ─ stream(bufferingPolicy: .bufferingNewest(n))   one per SSE client
///   subject ─ scan(topic counts) ─ throttle(100 ms) ─ sink   /stats
///   subject ─ filter(isLocal) ─ sink                         NOTIFY to other instances
/// ```
///
/// ```swift
/// let hub = SignalsHub(instance: "a", sharing: false)
/// let client = hub.subscribe(buffer: 16)
/// _ = hub.submit(EventInput(topic: "t", producer: "p", sequence: 1, data: "hi"))
/// for await delivery in client { print(delivery.envelope.event.data); break }
/// // Prints: hi
/// ```
public final class SignalsHub: EventHub {
  /// The subject every client, the statistics and the sharing subscribe to.
  public let subject: PassthroughSubject<Delivery, Never>
  /// This instance's id.
  public var instance: String { ingress.instance }
  /// The local events, in order, for the database bridge.
  public var outgoing: AsyncStream<Envelope>? { ingress.outgoing }
  private let ingress: Ingress
  private let state: Shared<HubCounters>
  // The hub's three pipelines; they live as long as the hub.
  private let subscriptions: [AnyCancellable]

  /// Makes a hub for `instance`; `sharing` keeps the stream of local events for ``outgoing``.
  public init(instance: String, sharing: Bool) {
    let ingress = Ingress(instance: instance, sharing: sharing)
    let subject = PassthroughSubject<Delivery, Never>()
    let state = Shared(HubCounters())
    self.ingress = ingress
    self.subject = subject
    self.state = state
    // The bridge from the async world: the ingress stream becomes a publisher, read by one task,
    // so admission (dedupe and numbering) sees one envelope at a time.
    let admission = ingress.envelopes.publisher
      .scan(Admission(instance: instance)) { admission, envelope in
        var next = admission
        _ = next.admit(envelope)
        return next
      }
      .sink(
        receiveCompletion: { _ in subject.send(completion: .finished) },
        receiveValue: { admission in
          state.withLock { $0.take(admission) }
          if let delivery = admission.lastDelivery { subject.send(delivery) }
        })
    // Per-topic counters: a reactive pipeline on the same subject the clients read.
    let topics =
      subject
      .scan([String: UInt64]()) { counts, delivery in
        var next = counts
        next[delivery.envelope.event.topic, default: 0] += 1
        return next
      }
      .throttle(for: .milliseconds(100), scheduler: DispatchQueue(label: "live-events.stats"), latest: true)
      .sink { counts in state.withLock { $0.topics = counts } }
    let sharing =
      subject
      .filter { $0.envelope.isLocal }
      .sink { ingress.share($0.envelope) }
    subscriptions = [admission, topics, sharing]
  }

  /// Takes a producer's event into the ingress; returns its origin sequence number.
  public func submit(_ event: EventInput) -> UInt64 { ingress.submit(event) }

  /// Takes an event heard from the database into the ingress.
  public func hear(_ envelope: Envelope) { ingress.hear(envelope) }

  /// A new client's stream of deliveries, keeping at most `buffer` unread ones.
  public func subscribe(buffer: Int) -> AsyncStream<Delivery> {
    subject.stream(bufferingPolicy: .bufferingNewest(buffer))
  }

  /// The counters now.
  public func counters() -> HubCounters { state.withLock { $0 } }

  /// Stops taking events; the clients' streams end after the events taken before.
  public func finish() {
    // The subject finishes once the ingress publisher delivered what was taken before.
    ingress.finish()
  }
}

/// A hand-written fan-out to `AsyncStream` continuations: the usual code a service writes
/// without a reactive library, and the peer ``SignalsHub`` is measured against.
public final class ContinuationBroadcaster<Element: Sendable>: Sendable {
  private struct Consumers {
    var next = 0
    var all: [Int: AsyncStream<Element>.Continuation] = [:]
    var finished = false
  }
  private let consumers = Mutex(Consumers())

  /// An empty broadcaster.
  public init() {}

  /// A new consumer's stream; it leaves when the stream ends.
  public func stream(bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: bufferingPolicy)
    let id: Int? = consumers.withLock { consumers in
      guard !consumers.finished else { return nil }
      consumers.next += 1
      consumers.all[consumers.next] = continuation
      return consumers.next
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.consumers.withLock { $0.all.removeValue(forKey: id) }
    }
    return stream
  }

  /// Yields `element` to every consumer.
  public func send(_ element: Element) {
    // `yield` never runs `onTermination`, so yielding under the lock cannot re-enter it.
    consumers.withLock { consumers in
      for continuation in consumers.all.values { continuation.yield(element) }
    }
  }

  /// Ends every consumer's stream.
  public func finish() {
    let all = consumers.withLock { consumers in
      consumers.finished = true
      defer { consumers.all = [:] }
      return Array(consumers.all.values)
    }
    for continuation in all { continuation.finish() }
  }
}

/// The same hub as ``SignalsHub`` without Signals: a task reads the ingress stream, admits each
/// envelope and hands it to a ``ContinuationBroadcaster``; topic counts are kept in the loop.
public final class BroadcasterHub: EventHub {
  /// This instance's id.
  public var instance: String { ingress.instance }
  /// The local events, in order, for the database bridge.
  public var outgoing: AsyncStream<Envelope>? { ingress.outgoing }
  private let ingress: Ingress
  private let broadcaster: ContinuationBroadcaster<Delivery>
  private let state: Shared<HubCounters>
  private let reader: Task<Void, Never>

  /// Makes a hub for `instance`; `sharing` keeps the stream of local events for ``outgoing``.
  public init(instance: String, sharing: Bool) {
    let ingress = Ingress(instance: instance, sharing: sharing)
    let broadcaster = ContinuationBroadcaster<Delivery>()
    let state = Shared(HubCounters())
    self.ingress = ingress
    self.broadcaster = broadcaster
    self.state = state
    reader = Task {
      var admission = Admission(instance: instance)
      for await envelope in ingress.envelopes {
        guard let delivery = admission.admit(envelope) else {
          state.withLock { $0.take(admission) }
          continue
        }
        state.withLock {
          $0.take(admission)
          $0.topics[envelope.event.topic, default: 0] += 1
        }
        broadcaster.send(delivery)
        if envelope.isLocal { ingress.share(envelope) }
      }
      broadcaster.finish()
    }
  }

  /// Takes a producer's event into the ingress; returns its origin sequence number.
  public func submit(_ event: EventInput) -> UInt64 { ingress.submit(event) }

  /// Takes an event heard from the database into the ingress.
  public func hear(_ envelope: Envelope) { ingress.hear(envelope) }

  /// A new client's stream of deliveries, keeping at most `buffer` unread ones.
  public func subscribe(buffer: Int) -> AsyncStream<Delivery> {
    broadcaster.stream(bufferingPolicy: .bufferingNewest(buffer))
  }

  /// The counters now.
  public func counters() -> HubCounters { state.withLock { $0 } }

  /// Stops taking events; the clients' streams end after the events taken before.
  public func finish() {
    ingress.finish()
  }
}

/// A value behind a `Mutex`, shared by reference: closures cannot capture a `Mutex` itself.
public final class Shared<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  /// Shares `value`.
  public init(_ value: Value) {
    mutex = Mutex(value)
  }

  /// Runs `body` with the value, under the mutex.
  public func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
    mutex.withLock { body(&$0) }
  }
}
