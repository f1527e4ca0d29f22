// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publishers {
  /// The publisher ``Publisher/merge(with:_:_:)`` returns: the values of four publishers, interleaved
  /// as they arrive.
  ///
  /// ```swift
  /// let merged = Publishers.Merge4(Just(1), Just(2), Just(3), Just(4))
  /// let cancellable = merged.sink { print($0) }  // Prints: 1, 2, 3, 4 (one per line)
  /// ```
  public struct Merge4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
  where
    A.Failure == B.Failure, A.Output == B.Output, B.Failure == C.Failure, B.Output == C.Output,
    C.Failure == D.Failure, C.Output == D.Output
  {
    /// The publishers' shared output.
    public typealias Output = A.Output
    /// The publishers' shared failure.
    public typealias Failure = A.Failure

    /// The first publisher.
    public let a: A
    /// The second publisher.
    public let b: B
    /// The third publisher.
    public let c: C
    /// The fourth publisher.
    public let d: D

    /// Creates the publisher; ``Publisher/merge(with:_:_:)`` is the usual way.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    ///   - c: The third publisher.
    ///   - d: The fourth publisher.
    public init(_ a: A, _ b: B, _ c: C, _ d: D) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
    }

    /// Subscribes every publisher and attaches `subscriber`.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      typealias Storage = CombiningStorage<S>
      Storage.merge(subscriber, name: "Merge", count: 4).start {
        $0.attachMerged(a, at: 0)
        $0.attachMerged(b, at: 1)
        $0.attachMerged(c, at: 2)
        $0.attachMerged(d, at: 3)
      }
    }

    /// Adds a publisher to this merge, making one ``Publishers/Merge5`` rather than a merge of merges.
    ///
    /// ```swift
    /// let more = Publishers.Merge4(Just(1), Just(2), Just(3), Just(4)).merge(with: Just(5))
    /// ```
    ///
    /// - Parameter other: Another publisher with the same output and failure.
    /// - Returns: A merge of all the publishers.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge5<A, B, C, D, P>
    where D.Failure == P.Failure, D.Output == P.Output {
      Publishers.Merge5(a, b, c, d, other)
    }

    /// Adds two publishers to this merge, making one ``Publishers/Merge6`` rather than a merge of merges.
    ///
    /// ```swift
    /// let more = Publishers.Merge4(Just(1), Just(2), Just(3), Just(4)).merge(with: Just(5), Just(6))
    /// ```
    ///
    /// - Parameters:
    ///   - z: Another publisher with the same output and failure.
    ///   - y: Another publisher with the same output and failure.
    /// - Returns: A merge of all the publishers.
    public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge6<A, B, C, D, Z, Y>
    where D.Failure == Z.Failure, D.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output {
      Publishers.Merge6(a, b, c, d, z, y)
    }

    /// Adds three publishers to this merge, making one ``Publishers/Merge7`` rather than a merge of merges.
    ///
    /// ```swift
    /// let more = Publishers.Merge4(Just(1), Just(2), Just(3), Just(4)).merge(with: Just(5), Just(6), Just(7))
    /// ```
    ///
    /// - Parameters:
    ///   - z: Another publisher with the same output and failure.
    ///   - y: Another publisher with the same output and failure.
    ///   - x: Another publisher with the same output and failure.
    /// - Returns: A merge of all the publishers.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y, _ x: X)
      -> Publishers.Merge7<A, B, C, D, Z, Y, X>
    where
      D.Failure == Z.Failure, D.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output,
      Y.Failure == X.Failure, Y.Output == X.Output
    {
      Publishers.Merge7(a, b, c, d, z, y, x)
    }

    /// Adds four publishers to this merge, making one ``Publishers/Merge8`` rather than a merge of merges.
    ///
    /// ```swift
    /// let more = Publishers.Merge4(Just(1), Just(2), Just(3), Just(4)).merge(with: Just(5), Just(6), Just(7), Just(8))
    /// ```
    ///
    /// - Parameters:
    ///   - z: Another publisher with the same output and failure.
    ///   - y: Another publisher with the same output and failure.
    ///   - x: Another publisher with the same output and failure.
    ///   - w: Another publisher with the same output and failure.
    /// - Returns: A merge of all the publishers.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(with z: Z, _ y: Y, _ x: X, _ w: W)
      -> Publishers.Merge8<A, B, C, D, Z, Y, X, W>
    where
      D.Failure == Z.Failure, D.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output,
      Y.Failure == X.Failure, Y.Output == X.Output, X.Failure == W.Failure, X.Output == W.Output
    {
      Publishers.Merge8(a, b, c, d, z, y, x, w)
    }
  }
}

extension Publishers.Merge4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}
extension Publishers.Merge4: Sendable where A: Sendable, B: Sendable, C: Sendable, D: Sendable {}
#endif
