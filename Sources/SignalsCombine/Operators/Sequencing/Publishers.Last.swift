// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Publishes the last value, when upstream finishes.
  ///
  /// It asks upstream for `.unlimited` values and keeps the latest. When upstream finishes, that
  /// value is delivered with `.finished` once downstream has asked for something (only `.finished`
  /// if upstream sent nothing). A failure is forwarded at once.
  ///
  /// ```swift
  /// let cancellable = [1, 2, 3].publisher.last().sink { print($0) }
  /// // Prints: 3
  /// ```
  ///
  /// - Returns: A ``Publishers/Last`` publisher.
  public func last() -> Publishers.Last<Self> {
    Publishers.Last(upstream: self)
  }

  /// Publishes the last value that satisfies a predicate.
  ///
  /// It asks upstream for `.unlimited` values; the last match is delivered when upstream finishes. The value is delivered with
  /// `.finished` once downstream has asked for something; only `.finished` if nothing matched.
  ///
  /// ```swift
  /// let cancellable = [1, 2, 3, 4].publisher.last(where: { $0.isMultiple(of: 2) }).sink { print($0) }
  /// // Prints: 4
  /// ```
  ///
  /// - Parameter predicate: The test a value must pass.
  /// - Returns: A ``Publishers/LastWhere`` publisher.
  public func last(where predicate: @escaping (Output) -> Bool) -> Publishers.LastWhere<Self> {
    Publishers.LastWhere(upstream: self, predicate: predicate)
  }

  /// Publishes the last value that satisfies a predicate that may throw.
  ///
  /// As ``last(where:)``; a thrown error cancels upstream and fails downstream.
  ///
  /// ```swift
  /// let cancellable = [1, 2].publisher.tryLast(where: { $0 > 0 })
  ///   .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: 2
  /// ```
  ///
  /// - Parameter predicate: The test a value must pass, or throw.
  /// - Returns: A ``Publishers/TryLastWhere`` publisher.
  public func tryLast(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryLastWhere<Self> {
    Publishers.TryLastWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that delivers the last upstream value.
  ///
  /// Made by ``Publisher/last()``.
  ///
  /// ```swift
  /// let last = Publishers.Last(upstream: ["a", "b"].publisher)
  /// let cancellable = last.sink { print($0) }
  /// // Prints: b
  /// ```
  public struct Last<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose last value is delivered.
    public let upstream: Upstream

    /// Creates a publisher that delivers the last value of `upstream`.
    ///
    /// ```swift
    /// let last = Publishers.Last(upstream: [1].publisher)
    /// ```
    ///
    /// - Parameter upstream: The publisher whose last value is delivered.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` through an inner that waits for the last value.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(SelectingInner(downstream: subscriber, name: "Last"))
    }
  }

  /// A publisher that delivers the last upstream value satisfying a predicate.
  ///
  /// Made by ``Publisher/last(where:)``.
  ///
  /// ```swift
  /// let match = Publishers.LastWhere(upstream: [1, 2, 3].publisher) { $0 > 1 }
  /// let cancellable = match.sink { print($0) }
  /// // Prints: 3
  /// ```
  public struct LastWhere<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are tested.
    public let upstream: Upstream

    /// The test a value must pass.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates a publisher that delivers the last value of `upstream` satisfying `predicate`.
    ///
    /// ```swift
    /// let match = Publishers.LastWhere(upstream: [1].publisher) { $0 > 0 }
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are tested.
    ///   - predicate: The test a value must pass.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` through an inner that tests the values.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(SelectingInner(downstream: subscriber, name: "LastWhere", qualifies: predicate))
    }
  }

  /// A publisher that delivers the last upstream value satisfying a predicate that may throw.
  ///
  /// Made by ``Publisher/tryLast(where:)``.
  ///
  /// ```swift
  /// let match = Publishers.TryLastWhere(upstream: [1, 2, 3].publisher) { $0 > 1 }
  /// let cancellable = match.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: 3
  /// ```
  public struct TryLastWhere<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// Any error: the upstream's or the one the predicate threw.
    public typealias Failure = any Error

    /// The publisher whose values are tested.
    public let upstream: Upstream

    /// The test a value must pass, or throw.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher that delivers the last value of `upstream` satisfying a throwing `predicate`.
    ///
    /// ```swift
    /// let match = Publishers.TryLastWhere(upstream: [1].publisher) { $0 > 0 }
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are tested.
    ///   - predicate: The test a value must pass, or throw.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` through an inner that tests the values.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(SelectingInner(downstream: subscriber, name: "TryLastWhere", tryQualifies: predicate))
    }
  }
}

extension Publishers.Last: Sendable where Upstream: Sendable {}
#endif
