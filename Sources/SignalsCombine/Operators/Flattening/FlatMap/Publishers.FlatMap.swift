// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Turns every value into a publisher and merges the values of all those publishers into one
  /// stream.
  ///
  /// Each upstream value is handed to `transform`, and the publisher it returns (an *inner*
  /// publisher) is subscribed at once. The values of every running inner reach the subscriber
  /// in the order they arrive, one at a time, whichever thread sends them.
  ///
  /// ```swift
  /// let cancellable = [1, 2, 3].publisher
  ///   .flatMap { value in [value, value * 10].publisher }
  ///   .sink { print($0, terminator: " ") }
  /// // Prints: 1 10 2 20 3 30
  /// ```
  ///
  /// - Note: Demand. The upstream is asked for `maxPublishers` values when it subscribes, then for
  ///   one more each time an inner publisher finishes, so at most `maxPublishers` inners run at
  ///   once. While the subscriber's demand is limited, every inner is asked for one value at a
  ///   time and a value that finds no demand waits in a buffer until the subscriber asks; once the
  ///   demand is unlimited, every inner is asked for unlimited.
  /// - Note: Completion. The operator finishes once the upstream and every inner have finished
  ///   and every buffered value was delivered. The first failure, of the upstream or of any inner,
  ///   cancels every other inner (not the upstream, as in Combine), drops the buffered values and
  ///   is delivered at once. Cancelling cancels every inner, then the upstream.
  /// - Note: Threading. Calls to the subscriber are serialised without holding a lock while they
  ///   run; a value sent from inside the subscriber's `receive(_:)` (re-entrantly) is delivered
  ///   after that call returns.
  ///
  /// - Parameters:
  ///   - maxPublishers: How many inner publishers may run at once; unlimited by default.
  ///   - transform: Makes the inner publisher for a value.
  /// - Returns: A ``Publishers/FlatMap`` publisher.
  public func flatMap<T, P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited,
    _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Self> where T == P.Output, Failure == P.Failure {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
  }
}

extension Publisher where Failure == Never {
  /// Turns every value into a publisher that cannot fail and merges their values into one stream.
  ///
  /// The same operator as ``Publisher/flatMap(maxPublishers:_:)-97bs6``, chosen when neither the
  /// upstream nor the inner publishers can fail.
  ///
  /// ```swift
  /// let cancellable = [1, 2].publisher
  ///   .flatMap(maxPublishers: .max(1)) { Just($0 * 100) }
  ///   .sink { print($0, terminator: " ") }
  /// // Prints: 100 200
  /// ```
  ///
  /// - Note: Demand, completion and threading are those of ``Publisher/flatMap(maxPublishers:_:)-97bs6``.
  ///
  /// - Parameters:
  ///   - maxPublishers: How many inner publishers may run at once; unlimited by default.
  ///   - transform: Makes the inner publisher for a value.
  /// - Returns: A ``Publishers/FlatMap`` publisher.
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited,
    _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Self> where P.Failure == Never {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
  }
}

extension Publisher where Failure == Never {
  /// Turns every value of a publisher that cannot fail into a publisher that can, and merges their
  /// values.
  ///
  /// The upstream's failure type is raised to the inner publishers' with
  /// ``Publisher/setFailureType(to:)`` first; otherwise the operator is
  /// ``Publisher/flatMap(maxPublishers:_:)-97bs6``.
  ///
  /// ```swift
  /// struct NotFound: Error {}
  /// let cancellable = [1, 2].publisher
  ///   .flatMap { id in Result<String, NotFound>.Publisher(id == 1 ? .success("Ada") : .failure(NotFound())) }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // Prints: Ada
  /// //         failure(NotFound())
  /// ```
  ///
  /// - Note: Demand, completion and threading are those of ``Publisher/flatMap(maxPublishers:_:)-97bs6``.
  ///
  /// - Parameters:
  ///   - maxPublishers: How many inner publishers may run at once; unlimited by default.
  ///   - transform: Makes the inner publisher for a value.
  /// - Returns: A ``Publishers/FlatMap`` over the upstream with its failure type raised.
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited,
    _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> {
    setFailureType(to: P.Failure.self).flatMap(maxPublishers: maxPublishers, transform)
  }
}

extension Publisher {
  /// Turns every value into a publisher that cannot fail and merges their values, keeping this
  /// publisher's failure type.
  ///
  /// Each inner publisher's failure type is raised to the upstream's with
  /// ``Publisher/setFailureType(to:)``; otherwise the operator is
  /// ``Publisher/flatMap(maxPublishers:_:)-97bs6``.
  ///
  /// ```swift
  /// struct Offline: Error {}
  /// let ids = PassthroughSubject<Int, Offline>()
  /// let cancellable = ids.flatMap { Just($0 * 10) }.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// ids.send(4)
  /// // Prints: 40
  /// ```
  ///
  /// - Note: Demand, completion and threading are those of ``Publisher/flatMap(maxPublishers:_:)-97bs6``.
  ///
  /// - Parameters:
  ///   - maxPublishers: How many inner publishers may run at once; unlimited by default.
  ///   - transform: Makes the inner publisher for a value.
  /// - Returns: A ``Publishers/FlatMap`` over inner publishers with their failure type raised.
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited,
    _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P.Failure == Never {
    flatMap(maxPublishers: maxPublishers) { transform($0).setFailureType(to: Failure.self) }
  }
}

extension Publishers {
  /// A publisher that subscribes to a publisher made from each upstream value and merges their
  /// values.
  ///
  /// Made by ``Publisher/flatMap(maxPublishers:_:)-97bs6``; see there for demand, completion and
  /// threading.
  ///
  /// ```swift
  /// let flat = Publishers.FlatMap(upstream: [1, 2].publisher, maxPublishers: .unlimited) { Just($0) }
  /// let cancellable = flat.sink { print($0, terminator: " ") }
  /// // Prints: 1 2
  /// ```
  public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
  where NewPublisher.Failure == Upstream.Failure {
    /// The inner publishers' output type.
    public typealias Output = NewPublisher.Output

    /// The upstream's failure type, shared with the inner publishers.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are turned into inner publishers.
    public let upstream: Upstream

    /// How many inner publishers may run at once.
    public let maxPublishers: Subscribers.Demand

    /// Makes the inner publisher for an upstream value.
    public let transform: (Upstream.Output) -> NewPublisher

    /// Creates a publisher that flattens the publishers `transform` makes from `upstream`'s values.
    ///
    /// ```swift
    /// let flat = Publishers.FlatMap(upstream: subject, maxPublishers: .max(2)) { Just($0) }
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are turned into inner publishers.
    ///   - maxPublishers: How many inner publishers may run at once.
    ///   - transform: Makes the inner publisher for a value.
    public init(
      upstream: Upstream, maxPublishers: Subscribers.Demand, transform: @escaping (Upstream.Output) -> NewPublisher
    ) {
      self.upstream = upstream
      self.maxPublishers = maxPublishers
      self.transform = transform
    }

    /// Hands `subscriber` its subscription, then subscribes to the upstream.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let storage = FlatMapStorage<Upstream, NewPublisher, S>(
        downstream: subscriber, maxPublishers: maxPublishers, transform: transform)
      subscriber.receive(subscription: storage)
      upstream.subscribe(storage)
    }
  }
}
#endif
