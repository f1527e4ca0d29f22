// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publishers {
  /// The publisher ``Publisher/merge(with:)->Publishers.Merge<Self,P>`` returns: the values of two publishers, interleaved
  /// as they arrive.
  ///
  /// ```swift
  /// let merged = Publishers.Merge(Just(1), Just(2))
  /// let cancellable = merged.sink { print($0) }  // Prints: 1, 2 (one per line)
  /// ```
  public struct Merge<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure, A.Output == B.Output {
    /// The publishers' shared output.
    public typealias Output = A.Output
    /// The publishers' shared failure.
    public typealias Failure = A.Failure

    /// The first publisher.
    public let a: A
    /// The second publisher.
    public let b: B

    /// Creates the publisher; ``Publisher/merge(with:)->Publishers.Merge<Self,P>`` is the usual way.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    /// Subscribes every publisher and attaches `subscriber`.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      typealias Storage = CombiningStorage<S>
      Storage.merge(subscriber, name: "Merge", count: 2).start {
        $0.attachMerged(a, at: 0)
        $0.attachMerged(b, at: 1)
      }
    }

    /// Adds a publisher to this merge, making one ``Publishers/Merge3`` rather than a merge of merges.
    ///
    /// ```swift
    /// let more = Publishers.Merge(Just(1), Just(2)).merge(with: Just(3))
    /// ```
    ///
    /// - Parameter other: Another publisher with the same output and failure.
    /// - Returns: A merge of all the publishers.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge3<A, B, P>
    where B.Failure == P.Failure, B.Output == P.Output {
      Publishers.Merge3(a, b, other)
    }

    /// Adds two publishers to this merge, making one ``Publishers/Merge4`` rather than a merge of merges.
    ///
    /// ```swift
    /// let more = Publishers.Merge(Just(1), Just(2)).merge(with: Just(3), Just(4))
    /// ```
    ///
    /// - Parameters:
    ///   - z: Another publisher with the same output and failure.
    ///   - y: Another publisher with the same output and failure.
    /// - Returns: A merge of all the publishers.
    public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge4<A, B, Z, Y>
    where B.Failure == Z.Failure, B.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output {
      Publishers.Merge4(a, b, z, y)
    }

    /// Adds three publishers to this merge, making one ``Publishers/Merge5`` rather than a merge of merges.
    ///
    /// ```swift
    /// let more = Publishers.Merge(Just(1), Just(2)).merge(with: Just(3), Just(4), Just(5))
    /// ```
    ///
    /// - Parameters:
    ///   - z: Another publisher with the same output and failure.
    ///   - y: Another publisher with the same output and failure.
    ///   - x: Another publisher with the same output and failure.
    /// - Returns: A merge of all the publishers.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y, _ x: X)
      -> Publishers.Merge5<A, B, Z, Y, X>
    where
      B.Failure == Z.Failure, B.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output,
      Y.Failure == X.Failure, Y.Output == X.Output
    {
      Publishers.Merge5(a, b, z, y, x)
    }

    /// Adds four publishers to this merge, making one ``Publishers/Merge6`` rather than a merge of merges.
    ///
    /// ```swift
    /// let more = Publishers.Merge(Just(1), Just(2)).merge(with: Just(3), Just(4), Just(5), Just(6))
    /// ```
    ///
    /// - Parameters:
    ///   - z: Another publisher with the same output and failure.
    ///   - y: Another publisher with the same output and failure.
    ///   - x: Another publisher with the same output and failure.
    ///   - w: Another publisher with the same output and failure.
    /// - Returns: A merge of all the publishers.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(with z: Z, _ y: Y, _ x: X, _ w: W)
      -> Publishers.Merge6<A, B, Z, Y, X, W>
    where
      B.Failure == Z.Failure, B.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output,
      Y.Failure == X.Failure, Y.Output == X.Output, X.Failure == W.Failure, X.Output == W.Output
    {
      Publishers.Merge6(a, b, z, y, x, w)
    }

    /// Adds five publishers to this merge, making one ``Publishers/Merge7`` rather than a merge of merges.
    ///
    /// ```swift
    /// let more = Publishers.Merge(Just(1), Just(2)).merge(with: Just(3), Just(4), Just(5), Just(6), Just(7))
    /// ```
    ///
    /// - Parameters:
    ///   - z: Another publisher with the same output and failure.
    ///   - y: Another publisher with the same output and failure.
    ///   - x: Another publisher with the same output and failure.
    ///   - w: Another publisher with the same output and failure.
    ///   - v: Another publisher with the same output and failure.
    /// - Returns: A merge of all the publishers.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher>(
      with z: Z, _ y: Y, _ x: X, _ w: W, _ v: V
    ) -> Publishers.Merge7<A, B, Z, Y, X, W, V>
    where
      B.Failure == Z.Failure, B.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output,
      Y.Failure == X.Failure, Y.Output == X.Output, X.Failure == W.Failure, X.Output == W.Output,
      W.Failure == V.Failure,
      W.Output == V.Output
    {
      Publishers.Merge7(a, b, z, y, x, w, v)
    }

    /// Adds six publishers to this merge, making one ``Publishers/Merge8`` rather than a merge of merges.
    ///
    /// ```swift
    /// let more = Publishers.Merge(Just(1), Just(2)).merge(with: Just(3), Just(4), Just(5), Just(6), Just(7), Just(8))
    /// ```
    ///
    /// - Parameters:
    ///   - z: Another publisher with the same output and failure.
    ///   - y: Another publisher with the same output and failure.
    ///   - x: Another publisher with the same output and failure.
    ///   - w: Another publisher with the same output and failure.
    ///   - v: Another publisher with the same output and failure.
    ///   - u: Another publisher with the same output and failure.
    /// - Returns: A merge of all the publishers.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher, U: Publisher>(
      with z: Z, _ y: Y, _ x: X, _ w: W, _ v: V, _ u: U
    ) -> Publishers.Merge8<A, B, Z, Y, X, W, V, U>
    where
      B.Failure == Z.Failure, B.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output,
      Y.Failure == X.Failure, Y.Output == X.Output, X.Failure == W.Failure, X.Output == W.Output,
      W.Failure == V.Failure,
      W.Output == V.Output, V.Failure == U.Failure, V.Output == U.Output
    {
      Publishers.Merge8(a, b, z, y, x, w, v, u)
    }
  }

  /// The publisher ``Publisher/merge(with:_:)`` returns: the values of three publishers, interleaved
  /// as they arrive.
  ///
  /// ```swift
  /// let merged = Publishers.Merge3(Just(1), Just(2), Just(3))
  /// let cancellable = merged.sink { print($0) }  // Prints: 1, 2, 3 (one per line)
  /// ```
  public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
  where A.Failure == B.Failure, A.Output == B.Output, B.Failure == C.Failure, B.Output == C.Output {
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

    /// Creates the publisher; ``Publisher/merge(with:_:)`` is the usual way.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    ///   - c: The third publisher.
    public init(_ a: A, _ b: B, _ c: C) {
      self.a = a
      self.b = b
      self.c = c
    }

    /// Subscribes every publisher and attaches `subscriber`.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      typealias Storage = CombiningStorage<S>
      Storage.merge(subscriber, name: "Merge", count: 3).start {
        $0.attachMerged(a, at: 0)
        $0.attachMerged(b, at: 1)
        $0.attachMerged(c, at: 2)
      }
    }

    /// Adds a publisher to this merge, making one ``Publishers/Merge4`` rather than a merge of merges.
    ///
    /// ```swift
    /// let more = Publishers.Merge3(Just(1), Just(2), Just(3)).merge(with: Just(4))
    /// ```
    ///
    /// - Parameter other: Another publisher with the same output and failure.
    /// - Returns: A merge of all the publishers.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge4<A, B, C, P>
    where C.Failure == P.Failure, C.Output == P.Output {
      Publishers.Merge4(a, b, c, other)
    }

    /// Adds two publishers to this merge, making one ``Publishers/Merge5`` rather than a merge of merges.
    ///
    /// ```swift
    /// let more = Publishers.Merge3(Just(1), Just(2), Just(3)).merge(with: Just(4), Just(5))
    /// ```
    ///
    /// - Parameters:
    ///   - z: Another publisher with the same output and failure.
    ///   - y: Another publisher with the same output and failure.
    /// - Returns: A merge of all the publishers.
    public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge5<A, B, C, Z, Y>
    where C.Failure == Z.Failure, C.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output {
      Publishers.Merge5(a, b, c, z, y)
    }

    /// Adds three publishers to this merge, making one ``Publishers/Merge6`` rather than a merge of merges.
    ///
    /// ```swift
    /// let more = Publishers.Merge3(Just(1), Just(2), Just(3)).merge(with: Just(4), Just(5), Just(6))
    /// ```
    ///
    /// - Parameters:
    ///   - z: Another publisher with the same output and failure.
    ///   - y: Another publisher with the same output and failure.
    ///   - x: Another publisher with the same output and failure.
    /// - Returns: A merge of all the publishers.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y, _ x: X)
      -> Publishers.Merge6<A, B, C, Z, Y, X>
    where
      C.Failure == Z.Failure, C.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output,
      Y.Failure == X.Failure, Y.Output == X.Output
    {
      Publishers.Merge6(a, b, c, z, y, x)
    }

    /// Adds four publishers to this merge, making one ``Publishers/Merge7`` rather than a merge of merges.
    ///
    /// ```swift
    /// let more = Publishers.Merge3(Just(1), Just(2), Just(3)).merge(with: Just(4), Just(5), Just(6), Just(7))
    /// ```
    ///
    /// - Parameters:
    ///   - z: Another publisher with the same output and failure.
    ///   - y: Another publisher with the same output and failure.
    ///   - x: Another publisher with the same output and failure.
    ///   - w: Another publisher with the same output and failure.
    /// - Returns: A merge of all the publishers.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(with z: Z, _ y: Y, _ x: X, _ w: W)
      -> Publishers.Merge7<A, B, C, Z, Y, X, W>
    where
      C.Failure == Z.Failure, C.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output,
      Y.Failure == X.Failure, Y.Output == X.Output, X.Failure == W.Failure, X.Output == W.Output
    {
      Publishers.Merge7(a, b, c, z, y, x, w)
    }

    /// Adds five publishers to this merge, making one ``Publishers/Merge8`` rather than a merge of merges.
    ///
    /// ```swift
    /// let more = Publishers.Merge3(Just(1), Just(2), Just(3)).merge(with: Just(4), Just(5), Just(6), Just(7), Just(8))
    /// ```
    ///
    /// - Parameters:
    ///   - z: Another publisher with the same output and failure.
    ///   - y: Another publisher with the same output and failure.
    ///   - x: Another publisher with the same output and failure.
    ///   - w: Another publisher with the same output and failure.
    ///   - v: Another publisher with the same output and failure.
    /// - Returns: A merge of all the publishers.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher>(
      with z: Z, _ y: Y, _ x: X, _ w: W, _ v: V
    ) -> Publishers.Merge8<A, B, C, Z, Y, X, W, V>
    where
      C.Failure == Z.Failure, C.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output,
      Y.Failure == X.Failure, Y.Output == X.Output, X.Failure == W.Failure, X.Output == W.Output,
      W.Failure == V.Failure,
      W.Output == V.Output
    {
      Publishers.Merge8(a, b, c, z, y, x, w, v)
    }
  }
}

extension Publishers.Merge: Equatable where A: Equatable, B: Equatable {}
extension Publishers.Merge3: Equatable where A: Equatable, B: Equatable, C: Equatable {}
extension Publishers.Merge: Sendable where A: Sendable, B: Sendable {}
extension Publishers.Merge3: Sendable where A: Sendable, B: Sendable, C: Sendable {}
#endif
