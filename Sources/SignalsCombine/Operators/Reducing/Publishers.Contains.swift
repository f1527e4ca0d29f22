// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher where Output: Equatable {
  /// Publishes whether upstream produces a given value.
  ///
  /// It asks upstream for `.unlimited` values. The first match settles the answer `true` and
  /// cancels upstream; otherwise the answer is `false` when upstream finishes. The answer is
  /// delivered with `.finished` once downstream has asked for something.
  ///
  /// ```swift
  /// let cancellable = [1, 2, 3].publisher.contains(2).sink { print($0) }
  /// // Prints: true
  /// ```
  ///
  /// - Parameter output: The value to look for.
  /// - Returns: A ``Publishers/Contains`` publisher.
  public func contains(_ output: Output) -> Publishers.Contains<Self> {
    Publishers.Contains(upstream: self, output: output)
  }
}

extension Publisher {
  /// Publishes whether upstream produces a value satisfying a predicate.
  ///
  /// Demand and completion as ``Publisher/contains(_:)``.
  ///
  /// ```swift
  /// let cancellable = [1, 5].publisher.contains { $0 > 4 }.sink { print($0) }
  /// // Prints: true
  /// ```
  ///
  /// - Parameter predicate: The test a value must pass.
  /// - Returns: A ``Publishers/ContainsWhere`` publisher.
  public func contains(where predicate: @escaping (Output) -> Bool) -> Publishers.ContainsWhere<Self> {
    Publishers.ContainsWhere(upstream: self, predicate: predicate)
  }

  /// Publishes whether upstream produces a value satisfying a predicate that may throw.
  ///
  /// As ``contains(where:)``; a thrown error cancels upstream and fails downstream.
  ///
  /// ```swift
  /// let cancellable = [1, 5].publisher.tryContains { $0 > 4 }
  ///   .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: true
  /// ```
  ///
  /// - Parameter predicate: The test a value must pass, or throw.
  /// - Returns: A ``Publishers/TryContainsWhere`` publisher.
  public func tryContains(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryContainsWhere<Self> {
    Publishers.TryContainsWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that delivers whether upstream produces a given value.
  ///
  /// Made by ``Publisher/contains(_:)``.
  ///
  /// ```swift
  /// let hasZero = Publishers.Contains(upstream: [3, 0].publisher, output: 0)
  /// let cancellable = hasZero.sink { print($0) }
  /// // Prints: true
  /// ```
  public struct Contains<Upstream: Publisher>: Publisher where Upstream.Output: Equatable {
    /// The answer.
    public typealias Output = Bool
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are searched.
    public let upstream: Upstream

    /// The value looked for.
    public let output: Upstream.Output

    /// Creates a publisher that looks for `output` among the values of `upstream`.
    ///
    /// ```swift
    /// let contains = Publishers.Contains(upstream: [1].publisher, output: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are searched.
    ///   - output: The value looked for.
    public init(upstream: Upstream, output: Upstream.Output) {
      self.upstream = upstream
      self.output = output
    }

    /// Attaches `subscriber` through an inner that looks for the value.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let output = self.output
      let inner = FoldingInner<Upstream.Output, Failure, Bool, S>(
        downstream: subscriber, name: "Contains", initial: false,
        fold: { found, value in
          found = value == output
          return found ? .settled : .proceed
        }
      ) { $0 }
      upstream.subscribe(inner)
    }
  }

  /// A publisher that delivers whether upstream produces a value satisfying a predicate.
  ///
  /// Made by ``Publisher/contains(where:)``.
  ///
  /// ```swift
  /// let hasNegative = Publishers.ContainsWhere(upstream: [3, -1].publisher) { $0 < 0 }
  /// let cancellable = hasNegative.sink { print($0) }
  /// // Prints: true
  /// ```
  public struct ContainsWhere<Upstream: Publisher>: Publisher {
    /// The answer.
    public typealias Output = Bool
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are searched.
    public let upstream: Upstream

    /// The test a value must pass.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates a publisher that looks for a value of `upstream` satisfying `predicate`.
    ///
    /// ```swift
    /// let containsWhere = Publishers.ContainsWhere(upstream: [1].publisher) { $0 > 0 }
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are searched.
    ///   - predicate: The test a value must pass.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` through an inner that looks for a match.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let predicate = self.predicate
      let inner = FoldingInner<Upstream.Output, Failure, Bool, S>(
        downstream: subscriber, name: "ContainsWhere", initial: false,
        fold: { found, value in
          found = predicate(value)
          return found ? .settled : .proceed
        }
      ) { $0 }
      upstream.subscribe(inner)
    }
  }

  /// A publisher that delivers whether upstream produces a value satisfying a predicate that may
  /// throw.
  ///
  /// Made by ``Publisher/tryContains(where:)``.
  ///
  /// ```swift
  /// let hasNegative = Publishers.TryContainsWhere(upstream: [3, -1].publisher) { $0 < 0 }
  /// let cancellable = hasNegative.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: true
  /// ```
  public struct TryContainsWhere<Upstream: Publisher>: Publisher {
    /// The answer.
    public typealias Output = Bool
    /// Any error: the upstream's or the one the predicate threw.
    public typealias Failure = any Error

    /// The publisher whose values are searched.
    public let upstream: Upstream

    /// The test a value must pass, or throw.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher that looks for a value of `upstream` satisfying a throwing `predicate`.
    ///
    /// ```swift
    /// let tryContainsWhere = Publishers.TryContainsWhere(upstream: [1].publisher) { $0 > 0 }
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are searched.
    ///   - predicate: The test a value must pass, or throw.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` through an inner that looks for a match.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let predicate = self.predicate
      let inner = FoldingInner<Upstream.Output, Upstream.Failure, Bool, S>(
        downstream: subscriber, name: "TryContainsWhere", initial: false,
        tryFold: { found, value in
          found = try predicate(value)
          return found ? .settled : .proceed
        }
      ) { $0 }
      upstream.subscribe(inner)
    }
  }
}

extension Publishers.Contains: Sendable where Upstream: Sendable, Upstream.Output: Sendable {}
#endif
