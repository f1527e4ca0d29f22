// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publishers {
  /// The publisher ``Publisher/merge(with:_:_:_:)`` returns: the values of five publishers, interleaved
  /// as they arrive.
  ///
  /// ```swift
  /// let merged = Publishers.Merge5(Just(1), Just(2), Just(3), Just(4), Just(5))
  /// let cancellable = merged.sink { print($0) }  // Prints: 1, 2, 3, 4, 5 (one per line)
  /// ```
  public struct Merge5<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher>: Publisher
  where
    A.Failure == B.Failure, A.Output == B.Output, B.Failure == C.Failure, B.Output == C.Output,
    C.Failure == D.Failure, C.Output == D.Output, D.Failure == E.Failure, D.Output == E.Output
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
    /// The fifth publisher.
    public let e: E

    /// Creates the publisher; ``Publisher/merge(with:_:_:_:)`` is the usual way.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    ///   - c: The third publisher.
    ///   - d: The fourth publisher.
    ///   - e: The fifth publisher.
    public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
      self.e = e
    }

    /// Subscribes every publisher and attaches `subscriber`.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      typealias Storage = CombiningStorage<S>
      Storage.merge(subscriber, name: "Merge", count: 5).start {
        $0.attachMerged(a, at: 0)
        $0.attachMerged(b, at: 1)
        $0.attachMerged(c, at: 2)
        $0.attachMerged(d, at: 3)
        $0.attachMerged(e, at: 4)
      }
    }

    /// Adds a publisher to this merge, making one ``Publishers/Merge6`` rather than a merge of merges.
    ///
    /// ```swift
    /// let more = Publishers.Merge5(Just(1), Just(2), Just(3), Just(4), Just(5)).merge(with: Just(6))
    /// ```
    ///
    /// - Parameter other: Another publisher with the same output and failure.
    /// - Returns: A merge of all the publishers.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge6<A, B, C, D, E, P>
    where E.Failure == P.Failure, E.Output == P.Output {
      Publishers.Merge6(a, b, c, d, e, other)
    }

    /// Adds two publishers to this merge, making one ``Publishers/Merge7`` rather than a merge of merges.
    ///
    /// ```swift
    /// let more = Publishers.Merge5(Just(1), Just(2), Just(3), Just(4), Just(5)).merge(with: Just(6), Just(7))
    /// ```
    ///
    /// - Parameters:
    ///   - z: Another publisher with the same output and failure.
    ///   - y: Another publisher with the same output and failure.
    /// - Returns: A merge of all the publishers.
    public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge7<A, B, C, D, E, Z, Y>
    where E.Failure == Z.Failure, E.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output {
      Publishers.Merge7(a, b, c, d, e, z, y)
    }

    /// Adds three publishers to this merge, making one ``Publishers/Merge8`` rather than a merge of merges.
    ///
    /// ```swift
    /// let more = Publishers.Merge5(Just(1), Just(2), Just(3), Just(4), Just(5)).merge(with: Just(6), Just(7), Just(8))
    /// ```
    ///
    /// - Parameters:
    ///   - z: Another publisher with the same output and failure.
    ///   - y: Another publisher with the same output and failure.
    ///   - x: Another publisher with the same output and failure.
    /// - Returns: A merge of all the publishers.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y, _ x: X)
      -> Publishers.Merge8<A, B, C, D, E, Z, Y, X>
    where
      E.Failure == Z.Failure, E.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output,
      Y.Failure == X.Failure, Y.Output == X.Output
    {
      Publishers.Merge8(a, b, c, d, e, z, y, x)
    }
  }

  /// The publisher ``Publisher/merge(with:_:_:_:_:)`` returns: the values of six publishers, interleaved
  /// as they arrive.
  ///
  /// ```swift
  /// let merged = Publishers.Merge6(Just(1), Just(2), Just(3), Just(4), Just(5), Just(6))
  /// let cancellable = merged.sink { print($0) }  // Prints: 1, 2, 3, 4, 5, 6 (one per line)
  /// ```
  public struct Merge6<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>: Publisher
  where
    A.Failure == B.Failure, A.Output == B.Output, B.Failure == C.Failure, B.Output == C.Output,
    C.Failure == D.Failure, C.Output == D.Output, D.Failure == E.Failure, D.Output == E.Output, E.Failure == F.Failure,
    E.Output == F.Output
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
    /// The fifth publisher.
    public let e: E
    /// The sixth publisher.
    public let f: F

    /// Creates the publisher; ``Publisher/merge(with:_:_:_:_:)`` is the usual way.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    ///   - c: The third publisher.
    ///   - d: The fourth publisher.
    ///   - e: The fifth publisher.
    ///   - f: The sixth publisher.
    public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
      self.e = e
      self.f = f
    }

    /// Subscribes every publisher and attaches `subscriber`.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      typealias Storage = CombiningStorage<S>
      Storage.merge(subscriber, name: "Merge", count: 6).start {
        $0.attachMerged(a, at: 0)
        $0.attachMerged(b, at: 1)
        $0.attachMerged(c, at: 2)
        $0.attachMerged(d, at: 3)
        $0.attachMerged(e, at: 4)
        $0.attachMerged(f, at: 5)
      }
    }

    /// Adds a publisher to this merge, making one ``Publishers/Merge7`` rather than a merge of merges.
    ///
    /// ```swift
    /// let more = Publishers.Merge6(Just(1), Just(2), Just(3), Just(4), Just(5), Just(6)).merge(with: Just(7))
    /// ```
    ///
    /// - Parameter other: Another publisher with the same output and failure.
    /// - Returns: A merge of all the publishers.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge7<A, B, C, D, E, F, P>
    where F.Failure == P.Failure, F.Output == P.Output {
      Publishers.Merge7(a, b, c, d, e, f, other)
    }

    /// Adds two publishers to this merge, making one ``Publishers/Merge8`` rather than a merge of merges.
    ///
    /// ```swift
    /// let more = Publishers.Merge6(Just(1), Just(2), Just(3), Just(4), Just(5), Just(6)).merge(with: Just(7), Just(8))
    /// ```
    ///
    /// - Parameters:
    ///   - z: Another publisher with the same output and failure.
    ///   - y: Another publisher with the same output and failure.
    /// - Returns: A merge of all the publishers.
    public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge8<A, B, C, D, E, F, Z, Y>
    where F.Failure == Z.Failure, F.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output {
      Publishers.Merge8(a, b, c, d, e, f, z, y)
    }
  }

  /// The publisher ``Publisher/merge(with:_:_:_:_:_:)`` returns: the values of seven publishers, interleaved
  /// as they arrive.
  ///
  /// ```swift
  /// let merged = Publishers.Merge7(Just(1), Just(2), Just(3), Just(4), Just(5), Just(6), Just(7))
  /// let cancellable = merged.sink { print($0) }  // Prints: 1, 2, 3, 4, 5, 6, 7 (one per line)
  /// ```
  public struct Merge7<
    A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher
  >: Publisher
  where
    A.Failure == B.Failure, A.Output == B.Output, B.Failure == C.Failure, B.Output == C.Output,
    C.Failure == D.Failure, C.Output == D.Output, D.Failure == E.Failure, D.Output == E.Output, E.Failure == F.Failure,
    E.Output == F.Output, F.Failure == G.Failure, F.Output == G.Output
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
    /// The fifth publisher.
    public let e: E
    /// The sixth publisher.
    public let f: F
    /// The seventh publisher.
    public let g: G

    /// Creates the publisher; ``Publisher/merge(with:_:_:_:_:_:)`` is the usual way.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    ///   - c: The third publisher.
    ///   - d: The fourth publisher.
    ///   - e: The fifth publisher.
    ///   - f: The sixth publisher.
    ///   - g: The seventh publisher.
    public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
      self.e = e
      self.f = f
      self.g = g
    }

    /// Subscribes every publisher and attaches `subscriber`.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      typealias Storage = CombiningStorage<S>
      Storage.merge(subscriber, name: "Merge", count: 7).start {
        $0.attachMerged(a, at: 0)
        $0.attachMerged(b, at: 1)
        $0.attachMerged(c, at: 2)
        $0.attachMerged(d, at: 3)
        $0.attachMerged(e, at: 4)
        $0.attachMerged(f, at: 5)
        $0.attachMerged(g, at: 6)
      }
    }

    /// Adds a publisher to this merge, making one ``Publishers/Merge8`` rather than a merge of merges.
    ///
    /// ```swift
    /// let more = Publishers.Merge7(Just(1), Just(2), Just(3), Just(4), Just(5), Just(6), Just(7)).merge(with: Just(8))
    /// ```
    ///
    /// - Parameter other: Another publisher with the same output and failure.
    /// - Returns: A merge of all the publishers.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge8<A, B, C, D, E, F, G, P>
    where G.Failure == P.Failure, G.Output == P.Output {
      Publishers.Merge8(a, b, c, d, e, f, g, other)
    }
  }

  /// The publisher ``Publisher/merge(with:_:_:_:_:_:_:)`` returns: the values of eight publishers, interleaved
  /// as they arrive.
  ///
  /// ```swift
  /// let merged = Publishers.Merge8(Just(1), Just(2), Just(3), Just(4), Just(5), Just(6), Just(7), Just(8))
  /// let cancellable = merged.sink { print($0) }  // Prints: 1, 2, 3, 4, 5, 6, 7, 8 (one per line)
  /// ```
  public struct Merge8<
    A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher
  >: Publisher
  where
    A.Failure == B.Failure, A.Output == B.Output, B.Failure == C.Failure, B.Output == C.Output,
    C.Failure == D.Failure, C.Output == D.Output, D.Failure == E.Failure, D.Output == E.Output, E.Failure == F.Failure,
    E.Output == F.Output, F.Failure == G.Failure, F.Output == G.Output, G.Failure == H.Failure, G.Output == H.Output
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
    /// The fifth publisher.
    public let e: E
    /// The sixth publisher.
    public let f: F
    /// The seventh publisher.
    public let g: G
    /// The eighth publisher.
    public let h: H

    /// Creates the publisher; ``Publisher/merge(with:_:_:_:_:_:_:)`` is the usual way.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    ///   - c: The third publisher.
    ///   - d: The fourth publisher.
    ///   - e: The fifth publisher.
    ///   - f: The sixth publisher.
    ///   - g: The seventh publisher.
    ///   - h: The eighth publisher.
    public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
      self.e = e
      self.f = f
      self.g = g
      self.h = h
    }

    /// Subscribes every publisher and attaches `subscriber`.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      typealias Storage = CombiningStorage<S>
      Storage.merge(subscriber, name: "Merge", count: 8).start {
        $0.attachMerged(a, at: 0)
        $0.attachMerged(b, at: 1)
        $0.attachMerged(c, at: 2)
        $0.attachMerged(d, at: 3)
        $0.attachMerged(e, at: 4)
        $0.attachMerged(f, at: 5)
        $0.attachMerged(g, at: 6)
        $0.attachMerged(h, at: 7)
      }
    }
  }
}

extension Publishers.Merge5: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable {}
extension Publishers.Merge6: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable {}
extension Publishers.Merge7: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable {}
extension Publishers.Merge8: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable, H: Equatable {}
extension Publishers.Merge5: Sendable where A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable {}
extension Publishers.Merge6: Sendable
where A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable {}
extension Publishers.Merge7: Sendable
where A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable {}
extension Publishers.Merge8: Sendable
where A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable, H: Sendable {}
#endif
