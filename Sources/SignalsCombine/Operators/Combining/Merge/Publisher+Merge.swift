// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Interleaves the values of this publisher and `other` as they arrive.
  ///
  /// The merged publisher sends every value of every upstream, in the order they reach it, and
  /// finishes when all of them have finished.
  ///
  /// ```swift
  /// let taps = PassthroughSubject<String, Never>()
  /// let keys = PassthroughSubject<String, Never>()
  /// let cancellable = taps.merge(with: keys).sink { print($0) }
  /// taps.send("tap")  // Prints: tap
  /// keys.send("⌘S")   // Prints: ⌘S
  /// ```
  ///
  /// - Note: Demand: as in Combine, each upstream is asked for one value at a time while the
  ///   subscriber's demand is limited (a value that arrives without demand waits in that upstream's
  ///   one-value buffer until the next request), and for `.unlimited` once the subscriber asks for
  ///   `.unlimited`.
  /// - Note: Threading: the upstreams may send from any threads; values reach the subscriber one at
  ///   a time, never concurrently. A value sent from inside the subscriber's `receive(_:)` is
  ///   delivered right after that call returns.
  /// - Important: Completion: finishes once every upstream finished and no buffered value is left;
  ///   the first failure cancels the other upstreams and is delivered after the values already on
  ///   their way.
  ///
  /// - Parameter other: Another publisher with the same output and failure.
  /// - Returns: A ``Publishers/Merge`` of the publishers.
  public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
  where Failure == P.Failure, Output == P.Output {
    Publishers.Merge(self, other)
  }

  /// Interleaves the values of this publisher and two others as they arrive.
  ///
  /// ```swift
  /// let cancellable = Just(1).merge(with: Just(2), Just(3)).sink { print($0) }
  /// // Prints: 1, 2, 3 (one per line)
  /// ```
  ///
  /// - Note: Demand, threading and completion as in ``Publisher/merge(with:)->Publishers.Merge<Self,P>``, over three upstreams.
  ///
  /// - Parameters:
  ///   - b: Another publisher with the same output and failure.
  ///   - c: Another publisher with the same output and failure.
  /// - Returns: A ``Publishers/Merge3`` of the publishers.
  public func merge<B: Publisher, C: Publisher>(with b: B, _ c: C) -> Publishers.Merge3<Self, B, C>
  where Failure == B.Failure, Output == B.Output, B.Failure == C.Failure, B.Output == C.Output {
    Publishers.Merge3(self, b, c)
  }

  /// Interleaves the values of this publisher and three others as they arrive.
  ///
  /// ```swift
  /// let cancellable = Just(1).merge(with: Just(2), Just(3), Just(4)).sink { print($0) }
  /// // Prints: 1, 2, 3, 4 (one per line)
  /// ```
  ///
  /// - Note: Demand, threading and completion as in ``Publisher/merge(with:)->Publishers.Merge<Self,P>``, over four upstreams.
  ///
  /// - Parameters:
  ///   - b: Another publisher with the same output and failure.
  ///   - c: Another publisher with the same output and failure.
  ///   - d: Another publisher with the same output and failure.
  /// - Returns: A ``Publishers/Merge4`` of the publishers.
  public func merge<B: Publisher, C: Publisher, D: Publisher>(with b: B, _ c: C, _ d: D)
    -> Publishers.Merge4<Self, B, C, D>
  where
    Failure == B.Failure, Output == B.Output, B.Failure == C.Failure, B.Output == C.Output, C.Failure == D.Failure,
    C.Output == D.Output
  {
    Publishers.Merge4(self, b, c, d)
  }

  /// Interleaves the values of this publisher and four others as they arrive.
  ///
  /// ```swift
  /// let cancellable = Just(1).merge(with: Just(2), Just(3), Just(4), Just(5)).sink { print($0) }
  /// // Prints: 1, 2, 3, 4, 5 (one per line)
  /// ```
  ///
  /// - Note: Demand, threading and completion as in ``Publisher/merge(with:)->Publishers.Merge<Self,P>``, over five upstreams.
  ///
  /// - Parameters:
  ///   - b: Another publisher with the same output and failure.
  ///   - c: Another publisher with the same output and failure.
  ///   - d: Another publisher with the same output and failure.
  ///   - e: Another publisher with the same output and failure.
  /// - Returns: A ``Publishers/Merge5`` of the publishers.
  public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher>(with b: B, _ c: C, _ d: D, _ e: E)
    -> Publishers.Merge5<Self, B, C, D, E>
  where
    Failure == B.Failure, Output == B.Output, B.Failure == C.Failure, B.Output == C.Output, C.Failure == D.Failure,
    C.Output == D.Output, D.Failure == E.Failure, D.Output == E.Output
  {
    Publishers.Merge5(self, b, c, d, e)
  }

  /// Interleaves the values of this publisher and five others as they arrive.
  ///
  /// ```swift
  /// let cancellable = Just(1).merge(with: Just(2), Just(3), Just(4), Just(5), Just(6)).sink { print($0) }
  /// // Prints: 1, 2, 3, 4, 5, 6 (one per line)
  /// ```
  ///
  /// - Note: Demand, threading and completion as in ``Publisher/merge(with:)->Publishers.Merge<Self,P>``, over six upstreams.
  ///
  /// - Parameters:
  ///   - b: Another publisher with the same output and failure.
  ///   - c: Another publisher with the same output and failure.
  ///   - d: Another publisher with the same output and failure.
  ///   - e: Another publisher with the same output and failure.
  ///   - f: Another publisher with the same output and failure.
  /// - Returns: A ``Publishers/Merge6`` of the publishers.
  public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>(
    with b: B, _ c: C, _ d: D, _ e: E, _ f: F
  ) -> Publishers.Merge6<Self, B, C, D, E, F>
  where
    Failure == B.Failure, Output == B.Output, B.Failure == C.Failure, B.Output == C.Output, C.Failure == D.Failure,
    C.Output == D.Output, D.Failure == E.Failure, D.Output == E.Output, E.Failure == F.Failure, E.Output == F.Output
  {
    Publishers.Merge6(self, b, c, d, e, f)
  }

  /// Interleaves the values of this publisher and six others as they arrive.
  ///
  /// ```swift
  /// let cancellable = Just(1).merge(with: Just(2), Just(3), Just(4), Just(5), Just(6), Just(7))
  ///   .sink { print($0) }
  /// // Prints: 1, 2, 3, 4, 5, 6, 7 (one per line)
  /// ```
  ///
  /// - Note: Demand, threading and completion as in ``Publisher/merge(with:)->Publishers.Merge<Self,P>``, over seven upstreams.
  ///
  /// - Parameters:
  ///   - b: Another publisher with the same output and failure.
  ///   - c: Another publisher with the same output and failure.
  ///   - d: Another publisher with the same output and failure.
  ///   - e: Another publisher with the same output and failure.
  ///   - f: Another publisher with the same output and failure.
  ///   - g: Another publisher with the same output and failure.
  /// - Returns: A ``Publishers/Merge7`` of the publishers.
  public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher>(
    with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G
  ) -> Publishers.Merge7<Self, B, C, D, E, F, G>
  where
    Failure == B.Failure, Output == B.Output, B.Failure == C.Failure, B.Output == C.Output, C.Failure == D.Failure,
    C.Output == D.Output, D.Failure == E.Failure, D.Output == E.Output, E.Failure == F.Failure, E.Output == F.Output,
    F.Failure == G.Failure, F.Output == G.Output
  {
    Publishers.Merge7(self, b, c, d, e, f, g)
  }

  /// Interleaves the values of this publisher and seven others as they arrive.
  ///
  /// ```swift
  /// let cancellable = Just(1).merge(with: Just(2), Just(3), Just(4), Just(5), Just(6), Just(7), Just(8))
  ///   .sink { print($0) }
  /// // Prints: 1, 2, 3, 4, 5, 6, 7, 8 (one per line)
  /// ```
  ///
  /// - Note: Demand, threading and completion as in ``Publisher/merge(with:)->Publishers.Merge<Self,P>``, over eight upstreams.
  ///
  /// - Parameters:
  ///   - b: Another publisher with the same output and failure.
  ///   - c: Another publisher with the same output and failure.
  ///   - d: Another publisher with the same output and failure.
  ///   - e: Another publisher with the same output and failure.
  ///   - f: Another publisher with the same output and failure.
  ///   - g: Another publisher with the same output and failure.
  ///   - h: Another publisher with the same output and failure.
  /// - Returns: A ``Publishers/Merge8`` of the publishers.
  public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher>(
    with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H
  ) -> Publishers.Merge8<Self, B, C, D, E, F, G, H>
  where
    Failure == B.Failure, Output == B.Output, B.Failure == C.Failure, B.Output == C.Output, C.Failure == D.Failure,
    C.Output == D.Output, D.Failure == E.Failure, D.Output == E.Output, E.Failure == F.Failure, E.Output == F.Output,
    F.Failure == G.Failure, F.Output == G.Output, G.Failure == H.Failure, G.Output == H.Output
  {
    Publishers.Merge8(self, b, c, d, e, f, g, h)
  }
}
#endif
