// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Publishes the first value, then cancels upstream.
  ///
  /// It asks upstream for `.unlimited` values; the first one settles the answer and upstream is
  /// cancelled. The value is delivered with `.finished` once downstream has asked for something.
  /// If upstream finishes empty, only `.finished` is delivered. A failure is forwarded at once.
  ///
  /// ```swift
  /// let cancellable = [1, 2, 3].publisher.first().sink { print($0) }
  /// // Prints: 1
  /// ```
  ///
  /// - Returns: A ``Publishers/First`` publisher.
  public func first() -> Publishers.First<Self> {
    Publishers.First(upstream: self)
  }

  /// Publishes the first value that satisfies a predicate.
  ///
  /// It asks upstream for `.unlimited` values; the first match settles the answer and cancels upstream. The value is delivered with
  /// `.finished` once downstream has asked for something; only `.finished` if nothing matched.
  ///
  /// ```swift
  /// let cancellable = [1, 2, 3, 4].publisher.first(where: { $0.isMultiple(of: 2) }).sink { print($0) }
  /// // Prints: 2
  /// ```
  ///
  /// - Parameter predicate: The test a value must pass.
  /// - Returns: A ``Publishers/FirstWhere`` publisher.
  public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
    Publishers.FirstWhere(upstream: self, predicate: predicate)
  }

  /// Publishes the first value that satisfies a predicate that may throw.
  ///
  /// As ``first(where:)``; a thrown error cancels upstream and fails downstream.
  ///
  /// ```swift
  /// let cancellable = [1, 2].publisher.tryFirst(where: { $0 > 0 })
  ///   .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: 1
  /// ```
  ///
  /// - Parameter predicate: The test a value must pass, or throw.
  /// - Returns: A ``Publishers/TryFirstWhere`` publisher.
  public func tryFirst(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryFirstWhere<Self> {
    Publishers.TryFirstWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that delivers the first upstream value.
  ///
  /// Made by ``Publisher/first()``.
  ///
  /// ```swift
  /// let first = Publishers.First(upstream: ["a", "b"].publisher)
  /// let cancellable = first.sink { print($0) }
  /// // Prints: a
  /// ```
  public struct First<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose first value is delivered.
    public let upstream: Upstream

    /// Creates a publisher that delivers the first value of `upstream`.
    ///
    /// ```swift
    /// let first = Publishers.First(upstream: [1].publisher)
    /// ```
    ///
    /// - Parameter upstream: The publisher whose first value is delivered.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` through an inner that waits for the first value.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(SelectingInner(downstream: subscriber, name: "First", settlesOnFirstChoice: true))
    }
  }

  /// A publisher that delivers the first upstream value satisfying a predicate.
  ///
  /// Made by ``Publisher/first(where:)``.
  ///
  /// ```swift
  /// let match = Publishers.FirstWhere(upstream: [1, 2, 3].publisher) { $0 > 1 }
  /// let cancellable = match.sink { print($0) }
  /// // Prints: 2
  /// ```
  public struct FirstWhere<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are tested.
    public let upstream: Upstream

    /// The test a value must pass.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates a publisher that delivers the first value of `upstream` satisfying `predicate`.
    ///
    /// ```swift
    /// let match = Publishers.FirstWhere(upstream: [1].publisher) { $0 > 0 }
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
      // Combine names this subscription "TryFirst" (its `tryFirst(where:)` is "TryFirstWhere").
      upstream.subscribe(
        SelectingInner(downstream: subscriber, name: "TryFirst", settlesOnFirstChoice: true, qualifies: predicate))
    }
  }

  /// A publisher that delivers the first upstream value satisfying a predicate that may throw.
  ///
  /// Made by ``Publisher/tryFirst(where:)``.
  ///
  /// ```swift
  /// let match = Publishers.TryFirstWhere(upstream: [1, 2, 3].publisher) { $0 > 1 }
  /// let cancellable = match.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: 2
  /// ```
  public struct TryFirstWhere<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// Any error: the upstream's or the one the predicate threw.
    public typealias Failure = any Error

    /// The publisher whose values are tested.
    public let upstream: Upstream

    /// The test a value must pass, or throw.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher that delivers the first value of `upstream` satisfying a throwing `predicate`.
    ///
    /// ```swift
    /// let match = Publishers.TryFirstWhere(upstream: [1].publisher) { $0 > 0 }
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
      upstream.subscribe(
        SelectingInner(
          downstream: subscriber, name: "TryFirstWhere", settlesOnFirstChoice: true, tryQualifies: predicate))
    }
  }
}

extension Publishers.First: Sendable where Upstream: Sendable {}
#endif
