// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsCombine
import SignalsSupport

extension Publisher where Output: EventConvertible, Failure == Never {
  /// Turns a publisher of ``Event`` values back into the publisher they describe.
  ///
  /// `.value` events are delivered as values; a `.failure` event fails downstream and a `.finished`
  /// event finishes it, both cancelling upstream. Demand passes through. The inverse of
  /// ``Publisher/materialize()``; beyond Combine, named as in CombineExt.
  ///
  /// ```swift
  /// let cancellable = [Event<Int, Never>.value(1), .finished, .value(2)].publisher
  ///   .dematerialize()
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // Prints: 1
  /// //         finished
  /// ```
  ///
  /// - Returns: A ``Publishers/Dematerialize`` publisher.
  public func dematerialize() -> Publishers.Dematerialize<Self> {
    Publishers.Dematerialize(upstream: self)
  }
}

extension Publishers {
  /// A publisher that turns ``Event`` values back into values and a completion.
  ///
  /// Made by ``Publisher/dematerialize()``.
  ///
  /// ```swift
  /// let events = [Event<String, Never>.value("a"), .finished].publisher
  /// let cancellable = Publishers.Dematerialize(upstream: events).sink { print($0) }
  /// // Prints: a
  /// ```
  public struct Dematerialize<Upstream: Publisher>: Publisher
  where Upstream.Output: EventConvertible, Upstream.Failure == Never {
    /// The type of the `.value` events.
    public typealias Output = Upstream.Output.Output
    /// The type of the `.failure` event.
    public typealias Failure = Upstream.Output.Failure

    /// The publisher of events.
    public let upstream: Upstream

    /// Creates a publisher that turns the events of `upstream` back into values and a completion.
    ///
    /// ```swift
    /// let plain = Publishers.Dematerialize(upstream: Just(Event<Int, Never>.value(1)))
    /// ```
    ///
    /// - Parameter upstream: The publisher of events.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` through an inner that unwraps each event.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      subscribeDematerializing(upstream, subscriber) { input in
        switch input.event {
        case .value(let value): .value(value)
        case .failure(let error): .failure(error)
        case .finished: .finished
        }
      }
    }
  }
}

extension Publishers.Dematerialize: Sendable where Upstream: Sendable {}
