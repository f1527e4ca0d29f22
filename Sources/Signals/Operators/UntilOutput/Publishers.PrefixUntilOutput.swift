// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

extension Publisher {
  /// Republishes values until another publisher sends its first value, then finishes.
  ///
  /// ```swift
  /// let stop = PassthroughSubject<Void, Never>()
  /// let ticks = PassthroughSubject<Int, Never>()
  /// let cancellable = ticks.prefix(untilOutputFrom: stop)
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// ticks.send(1)
  /// stop.send()
  /// ticks.send(2)
  /// // Prints: 1
  /// //         finished
  /// ```
  ///
  /// - Note: Demand. `publisher` is asked for `.max(1)`; requests go to the upstream as they are
  ///   made.
  /// - Note: Completion. The first value of `publisher` cancels the upstream and `publisher` and
  ///   finishes; if it arrives while a value is being delivered on another thread, the finish
  ///   follows that value. A completion of `publisher` before any value only stops the watch: the
  ///   upstream runs on. The upstream's completion passes through.
  ///
  /// - Parameter publisher: The publisher whose first value ends the stream.
  /// - Returns: A ``Publishers/PrefixUntilOutput`` publisher.
  public func prefix<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.PrefixUntilOutput<Self, P> {
    Publishers.PrefixUntilOutput(upstream: self, other: publisher)
  }
}

extension Publishers {
  /// A publisher that republishes its upstream's values until another publisher sends a value.
  ///
  /// Made by ``Publisher/prefix(untilOutputFrom:)``; see there for demand and completion. The
  /// other publisher is subscribed first; the subscriber gets its subscription when the upstream
  /// hands over its own.
  ///
  /// ```swift
  /// let untilStopped = Publishers.PrefixUntilOutput(upstream: ticks, other: stop)
  /// ```
  public struct PrefixUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output

    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are republished.
    public let upstream: Upstream

    /// The publisher whose first value ends the stream.
    public let other: Other

    /// Creates a publisher that republishes `upstream`'s values until `other` sends one.
    ///
    /// ```swift
    /// let untilStopped = Publishers.PrefixUntilOutput(upstream: ticks, other: stop)
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are republished.
    ///   - other: The publisher whose first value ends the stream.
    public init(upstream: Upstream, other: Other) {
      self.upstream = upstream
      self.other = other
    }

    /// Subscribes to the other publisher, then to the upstream.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let storage = UntilOutputStorage(downstream: subscriber, mode: .prefixUntil)
      other.subscribe(UntilOutputTriggerSide<Other, S>(storage: storage, convert: { _ in nil }))
      upstream.subscribe(storage)
    }
  }
}

extension Publishers.PrefixUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

extension Publishers.PrefixUntilOutput: Sendable where Upstream: Sendable, Other: Sendable {}
