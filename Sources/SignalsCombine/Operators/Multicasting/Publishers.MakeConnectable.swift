// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

extension Publisher where Failure == Never {
  /// Holds this publisher back until ``ConnectablePublisher/connect()`` is called, so that several
  /// subscribers can attach first.
  ///
  /// The same as ``Publisher/multicast(subject:)`` with a new ``PassthroughSubject``: every
  /// subscriber shares one run of this publisher.
  ///
  /// ```swift
  /// let numbers = [1, 2].publisher.makeConnectable()
  /// let a = numbers.sink { print("a", $0) }
  /// let b = numbers.sink { print("b", $0) }
  /// let connection = numbers.connect()
  /// // Prints: a 1, b 1, a 2, b 2 (one per line)
  /// ```
  ///
  /// - Note: Demand: a subscriber without demand misses the values sent meanwhile (the subject is a
  ///   ``PassthroughSubject``); this publisher is asked for unlimited values once any subscriber
  ///   has demand.
  /// - Note: Threading: values arrive on the thread this publisher sends them on.
  /// - Important: Completion: forwarded to every subscriber; later subscribers get it at once.
  ///
  /// - Returns: A connectable publisher.
  public func makeConnectable() -> Publishers.MakeConnectable<Self> {
    Publishers.MakeConnectable(upstream: self)
  }
}

extension Publishers {
  /// The connectable publisher ``Publisher/makeConnectable()`` returns: a multicast through a
  /// ``PassthroughSubject`` that starts on ``connect()``.
  ///
  /// ```swift
  /// let connectable = Publishers.MakeConnectable(upstream: Just(1))
  /// let cancellable = connectable.sink { print($0) }
  /// let connection = connectable.connect()  // Prints: 1
  /// ```
  public struct MakeConnectable<Upstream: Publisher>: ConnectablePublisher {
    /// The upstream's output.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    private let inner: Publishers.Multicast<Upstream, PassthroughSubject<Output, Failure>>

    /// Creates the publisher; ``Publisher/makeConnectable()`` is the usual way.
    ///
    /// - Parameter upstream: The publisher to hold back until connected.
    public init(upstream: Upstream) {
      inner = upstream.multicast(subject: PassthroughSubject())
    }

    /// Attaches `subscriber` to the shared subject.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      inner.subscribe(subscriber)
    }

    /// Subscribes the shared subject to the upstream.
    ///
    /// ```swift
    /// let connectable = Just(1).makeConnectable()
    /// let cancellable = connectable.sink { print($0) }
    /// let connection = connectable.connect()  // Prints: 1
    /// ```
    ///
    /// - Returns: A cancellable that ends this connection.
    public func connect() -> any Cancellable {
      inner.connect()
    }
  }
}

// Safety: the only state is `inner`, a `Multicast` whose mutable state lives in one `LockedState`
// and whose subject factory only returns one `PassthroughSubject` (itself `Sendable`).
extension Publishers.MakeConnectable: @unchecked Sendable where Upstream: Sendable {}
#endif
