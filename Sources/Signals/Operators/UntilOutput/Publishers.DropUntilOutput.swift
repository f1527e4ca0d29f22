// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

extension Publisher {
  /// Ignores values until another publisher sends its first value.
  ///
  /// ```swift
  /// let ready = PassthroughSubject<Void, Never>()
  /// let events = PassthroughSubject<Int, Never>()
  /// let cancellable = events.drop(untilOutputFrom: ready).sink { print($0) }
  /// events.send(1)
  /// ready.send()
  /// events.send(2)
  /// // Prints: 2
  /// ```
  ///
  /// - Note: Demand. `publisher` is asked for `.max(1)` and cancelled after its first value.
  ///   Requests go to the upstream as they are made; as in Combine, a value dropped before the
  ///   gate opened still counts against the demand it was sent for.
  /// - Note: Completion. The upstream's completion passes through (and cancels `publisher` if it
  ///   still runs). If `publisher` completes before sending a value, nothing can ever pass: its
  ///   completion is delivered and the upstream is cancelled.
  ///
  /// - Parameter publisher: The publisher whose first value opens the gate.
  /// - Returns: A ``Publishers/DropUntilOutput`` publisher.
  public func drop<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.DropUntilOutput<Self, P>
  where Failure == P.Failure {
    Publishers.DropUntilOutput(upstream: self, other: publisher)
  }
}

extension Publishers {
  /// A publisher that ignores its upstream's values until another publisher sends a value.
  ///
  /// Made by ``Publisher/drop(untilOutputFrom:)``; see there for demand and completion. The
  /// subscriber gets its subscription first, then the other publisher is subscribed, then the
  /// upstream.
  ///
  /// ```swift
  /// let gated = Publishers.DropUntilOutput(upstream: events, other: ready)
  /// ```
  public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher
  where Upstream.Failure == Other.Failure {
    /// The upstream's output type.
    public typealias Output = Upstream.Output

    /// The failure shared by the upstream and the other publisher.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are dropped until the gate opens.
    public let upstream: Upstream

    /// The publisher whose first value opens the gate.
    public let other: Other

    /// Creates a publisher that drops `upstream`'s values until `other` sends one.
    ///
    /// ```swift
    /// let gated = Publishers.DropUntilOutput(upstream: events, other: ready)
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are dropped until the gate opens.
    ///   - other: The publisher whose first value opens the gate.
    public init(upstream: Upstream, other: Other) {
      self.upstream = upstream
      self.other = other
    }

    /// Hands `subscriber` its subscription, then subscribes to the other publisher and the
    /// upstream.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let storage = UntilOutputStorage(downstream: subscriber, mode: .dropUntil)
      subscriber.receive(subscription: storage)
      other.subscribe(UntilOutputTriggerSide<Other, S>(storage: storage, convert: { $0 }))
      upstream.subscribe(storage)
    }
  }
}

extension Publishers.DropUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

extension Publishers.DropUntilOutput: Sendable where Upstream: Sendable, Other: Sendable {}
