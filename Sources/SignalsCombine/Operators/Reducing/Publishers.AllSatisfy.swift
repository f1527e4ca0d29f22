// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Publishes whether every value satisfies a predicate.
  ///
  /// It asks upstream for `.unlimited` values. The first value that fails the predicate settles
  /// the answer `false`: upstream is cancelled. Otherwise the answer is `true` when upstream
  /// finishes. The answer is delivered with `.finished` once downstream has asked for something.
  ///
  /// ```swift
  /// let cancellable = [2, 4, 6].publisher.allSatisfy { $0.isMultiple(of: 2) }.sink { print($0) }
  /// // Prints: true
  /// ```
  ///
  /// - Parameter predicate: The test each value must pass.
  /// - Returns: A ``Publishers/AllSatisfy`` publisher.
  public func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self> {
    Publishers.AllSatisfy(upstream: self, predicate: predicate)
  }

  /// Publishes whether every value satisfies a predicate that may throw.
  ///
  /// As ``allSatisfy(_:)``; a thrown error cancels upstream and fails downstream.
  ///
  /// ```swift
  /// let cancellable = [2, 4].publisher.tryAllSatisfy { $0 > 0 }
  ///   .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: true
  /// ```
  ///
  /// - Parameter predicate: The test each value must pass, or throw.
  /// - Returns: A ``Publishers/TryAllSatisfy`` publisher.
  public func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool) -> Publishers.TryAllSatisfy<Self> {
    Publishers.TryAllSatisfy(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that delivers whether every upstream value satisfies a predicate.
  ///
  /// Made by ``Publisher/allSatisfy(_:)``.
  ///
  /// ```swift
  /// let allShort = Publishers.AllSatisfy(upstream: ["a", "bb"].publisher) { $0.count < 3 }
  /// let cancellable = allShort.sink { print($0) }
  /// // Prints: true
  /// ```
  public struct AllSatisfy<Upstream: Publisher>: Publisher {
    /// The answer.
    public typealias Output = Bool
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are tested.
    public let upstream: Upstream

    /// The test each value must pass.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates a publisher that tests every value of `upstream`.
    ///
    /// ```swift
    /// let allSatisfy = Publishers.AllSatisfy(upstream: [1].publisher) { $0 > 0 }
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are tested.
    ///   - predicate: The test each value must pass.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` through an inner that tests every value.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let predicate = self.predicate
      let inner = FoldingInner<Upstream.Output, Failure, Bool, S>(
        downstream: subscriber, name: "AllSatisfy", initial: true,
        fold: { satisfied, value in
          satisfied = predicate(value)
          return satisfied ? .proceed : .settled
        }
      ) { $0 }
      upstream.subscribe(inner)
    }
  }

  /// A publisher that delivers whether every upstream value satisfies a predicate that may throw.
  ///
  /// Made by ``Publisher/tryAllSatisfy(_:)``.
  ///
  /// ```swift
  /// let allShort = Publishers.TryAllSatisfy(upstream: ["a"].publisher) { $0.count < 3 }
  /// let cancellable = allShort.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: true
  /// ```
  public struct TryAllSatisfy<Upstream: Publisher>: Publisher {
    /// The answer.
    public typealias Output = Bool
    /// Any error: the upstream's or the one the predicate threw.
    public typealias Failure = any Error

    /// The publisher whose values are tested.
    public let upstream: Upstream

    /// The test each value must pass, or throw.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher that tests every value of `upstream` with a throwing predicate.
    ///
    /// ```swift
    /// let tryAllSatisfy = Publishers.TryAllSatisfy(upstream: [1].publisher) { $0 > 0 }
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are tested.
    ///   - predicate: The test each value must pass, or throw.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` through an inner that tests every value.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let predicate = self.predicate
      let inner = FoldingInner<Upstream.Output, Upstream.Failure, Bool, S>(
        downstream: subscriber, name: "TryAllSatisfy", initial: true,
        tryFold: { satisfied, value in
          satisfied = try predicate(value)
          return satisfied ? .proceed : .settled
        }
      ) { $0 }
      upstream.subscribe(inner)
    }
  }
}
#endif
