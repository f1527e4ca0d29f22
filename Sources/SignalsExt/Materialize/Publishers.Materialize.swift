// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsCombine
import SignalsSupport

extension Publisher {
  /// Turns every event into a value: each value becomes `.value`, and the completion becomes
  /// `.finished` or `.failure(error)` followed by a real `.finished`.
  ///
  /// The resulting publisher never fails, so a failure can travel down a pipeline that must keep
  /// running (or be inspected like any value). Demand passes through; the completion event needs
  /// one unit of demand like any value, and waits for it if downstream has none left. Beyond
  /// Combine; the name and the ``Event`` type follow CombineExt.
  ///
  /// ```swift
  /// struct Offline: Error {}
  /// let cancellable = Fail<Int, Offline>(error: Offline()).materialize().sink { print($0) }
  /// // Prints: failure(Offline())
  /// ```
  ///
  /// - Returns: A ``Publishers/Materialize`` publisher.
  public func materialize() -> Publishers.Materialize<Self> {
    Publishers.Materialize(upstream: self)
  }
}

extension Publishers {
  /// A publisher that delivers its upstream's events as ``Event`` values and never fails.
  ///
  /// Made by ``Publisher/materialize()``.
  ///
  /// ```swift
  /// let events = Publishers.Materialize(upstream: Just(1))
  /// let cancellable = events.sink { print($0) }
  /// // Prints: value(1)
  /// //         finished
  /// ```
  public struct Materialize<Upstream: Publisher>: Publisher {
    /// The upstream's events.
    public typealias Output = Event<Upstream.Output, Upstream.Failure>
    /// Never: a failure arrives as a `.failure` event.
    public typealias Failure = Never

    /// The publisher whose events are materialized.
    public let upstream: Upstream

    /// Creates a publisher that delivers the events of `upstream` as values.
    ///
    /// ```swift
    /// let events = Publishers.Materialize(upstream: [1, 2].publisher)
    /// ```
    ///
    /// - Parameter upstream: The publisher whose events are materialized.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` through an inner that wraps each event.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      subscribeMaterializing(upstream, subscriber, value: { .value($0) }) { completion in
        switch completion {
        case .finished: .finished
        case .failure(let error): .failure(error)
        }
      }
    }
  }
}

extension Publishers.Materialize: Sendable where Upstream: Sendable {}
