// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher where Output: Comparable {
  /// Publishes the smallest value when upstream finishes.
  ///
  /// It asks upstream for `.unlimited` values; the minimum is delivered with `.finished` once
  /// upstream finished and downstream has asked for something (just `.finished` if upstream sent
  /// nothing). A failure is forwarded at once.
  ///
  /// ```swift
  /// let cancellable = [3, 1, 2].publisher.min().sink { print($0) }
  /// // Prints: 1
  /// ```
  ///
  /// - Returns: A ``Publishers/Comparison`` publisher.
  public func min() -> Publishers.Comparison<Self> {
    max(by: >)
  }

  /// Publishes the largest value when upstream finishes.
  ///
  /// Demand and completion as ``Publisher/min()``.
  ///
  /// ```swift
  /// let cancellable = [3, 1, 2].publisher.max().sink { print($0) }
  /// // Prints: 3
  /// ```
  ///
  /// - Returns: A ``Publishers/Comparison`` publisher.
  public func max() -> Publishers.Comparison<Self> {
    max(by: <)
  }
}

extension Publisher {
  /// Publishes the smallest value by a given ordering when upstream finishes.
  ///
  /// Demand and completion as ``Publisher/min()``; the closure runs on the thread delivering each value.
  ///
  /// ```swift
  /// let cancellable = ["ccc", "a", "bb"].publisher.min { $0.count < $1.count }.sink { print($0) }
  /// // Prints: a
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: Returns `true` when its first argument orders before its second.
  /// - Returns: A ``Publishers/Comparison`` publisher.
  public func min(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self> {
    max { areInIncreasingOrder($1, $0) }
  }

  /// Publishes the largest value by a given ordering when upstream finishes.
  ///
  /// Demand and completion as ``Publisher/min()``; the closure runs on the thread delivering each value.
  ///
  /// ```swift
  /// let cancellable = ["ccc", "a", "bb"].publisher.max { $0.count < $1.count }.sink { print($0) }
  /// // Prints: ccc
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: Returns `true` when its first argument orders before its second.
  /// - Returns: A ``Publishers/Comparison`` publisher.
  public func max(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self> {
    Publishers.Comparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
  }

  /// Publishes the smallest value by an ordering that may throw.
  ///
  /// As ``min(by:)``; a thrown error cancels upstream and fails downstream.
  ///
  /// ```swift
  /// let cancellable = [2, 1].publisher.tryMin { $0 < $1 }
  ///   .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: 1
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: Returns `true` when its first argument orders before its second.
  /// - Returns: A ``Publishers/TryComparison`` publisher.
  public func tryMin(
    by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool
  ) -> Publishers.TryComparison<Self> {
    tryMax { try areInIncreasingOrder($1, $0) }
  }

  /// Publishes the largest value by an ordering that may throw.
  ///
  /// As ``max(by:)``; a thrown error cancels upstream and fails downstream.
  ///
  /// ```swift
  /// let cancellable = [2, 1].publisher.tryMax { $0 < $1 }
  ///   .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: 2
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: Returns `true` when its first argument orders before its second.
  /// - Returns: A ``Publishers/TryComparison`` publisher.
  public func tryMax(
    by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool
  ) -> Publishers.TryComparison<Self> {
    Publishers.TryComparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
  }
}

extension Publishers {
  /// A publisher that delivers the greatest value, by an ordering, when upstream finishes.
  ///
  /// Made by ``Publisher/min()``, ``Publisher/max()``, ``Publisher/min(by:)`` and
  /// ``Publisher/max(by:)``: a kept value is replaced when `areInIncreasingOrder(kept, new)`.
  ///
  /// ```swift
  /// let largest = Publishers.Comparison(upstream: [1, 9, 4].publisher, areInIncreasingOrder: <)
  /// let cancellable = largest.sink { print($0) }
  /// // Prints: 9
  /// ```
  public struct Comparison<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are compared.
    public let upstream: Upstream

    /// Returns `true` when its first argument orders before its second.
    public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) -> Bool

    /// Creates a publisher that delivers the greatest value of `upstream` by `areInIncreasingOrder`.
    ///
    /// ```swift
    /// let comparison = Publishers.Comparison(upstream: [1].publisher, areInIncreasingOrder: <)
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are compared.
    ///   - areInIncreasingOrder: Returns `true` when its first argument orders before its second.
    public init(upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.areInIncreasingOrder = areInIncreasingOrder
    }

    /// Attaches `subscriber` through an inner that keeps the greatest value.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(SelectingInner(downstream: subscriber, name: "Comparison", replaces: areInIncreasingOrder))
    }
  }

  /// A publisher that delivers the greatest value by an ordering that may throw.
  ///
  /// Made by ``Publisher/tryMin(by:)`` and ``Publisher/tryMax(by:)``.
  ///
  /// ```swift
  /// let largest = Publishers.TryComparison(upstream: [1, 9].publisher, areInIncreasingOrder: <)
  /// let cancellable = largest.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: 9
  /// ```
  public struct TryComparison<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// Any error: the upstream's or the one the ordering threw.
    public typealias Failure = any Error

    /// The publisher whose values are compared.
    public let upstream: Upstream

    /// Returns `true` when its first argument orders before its second, or throws.
    public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) throws -> Bool

    /// Creates a publisher that delivers the greatest value of `upstream` by a throwing ordering.
    ///
    /// ```swift
    /// let comparison = Publishers.TryComparison(upstream: [1].publisher, areInIncreasingOrder: <)
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are compared.
    ///   - areInIncreasingOrder: Returns `true` when its first argument orders before its second.
    public init(
      upstream: Upstream,
      areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) throws -> Bool
    ) {
      self.upstream = upstream
      self.areInIncreasingOrder = areInIncreasingOrder
    }

    /// Attaches `subscriber` through an inner that keeps the greatest value.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        SelectingInner(downstream: subscriber, name: "TryComparison", tryReplaces: areInIncreasingOrder))
    }
  }
}
#endif
