// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Publishes how many values upstream produced, when upstream finishes.
  ///
  /// It asks upstream for `.unlimited` values. The count is delivered with `.finished` once
  /// upstream finished and downstream has asked for something. A failure is forwarded at once.
  ///
  /// ```swift
  /// let cancellable = ["a", "b", "c"].publisher.count().sink { print($0) }
  /// // Prints: 3
  /// ```
  ///
  /// - Returns: A ``Publishers/Count`` publisher.
  public func count() -> Publishers.Count<Self> {
    Publishers.Count(upstream: self)
  }
}

extension Publishers {
  /// A publisher that delivers the number of upstream values when upstream finishes.
  ///
  /// Made by ``Publisher/count()``.
  ///
  /// ```swift
  /// let count = Publishers.Count(upstream: [5, 6].publisher)
  /// let cancellable = count.sink { print($0) }
  /// // Prints: 2
  /// ```
  public struct Count<Upstream: Publisher>: Publisher {
    /// The count.
    public typealias Output = Int
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are counted.
    public let upstream: Upstream

    /// Creates a publisher that counts the values of `upstream`.
    ///
    /// ```swift
    /// let count = Publishers.Count(upstream: [1].publisher)
    /// ```
    ///
    /// - Parameter upstream: The publisher whose values are counted.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` through an inner that counts.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        FoldingInner(
          downstream: subscriber, name: "Count", initial: 0,
          fold: { count, _ in
            count += 1
            return .proceed
          }
        ) { $0 })
    }
  }
}

extension Publishers.Count: Sendable where Upstream: Sendable {}
#endif
