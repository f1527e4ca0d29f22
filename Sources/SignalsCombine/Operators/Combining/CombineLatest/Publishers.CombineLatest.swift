// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Pairs the latest value of this publisher with the latest value of `other`, each time either
  /// sends, once both have sent at least once.
  ///
  /// The classic use is a form: a button enabled only when every field is valid, recomputed
  /// whenever any field changes.
  ///
  /// ```swift
  /// let name = PassthroughSubject<String, Never>()
  /// let age = PassthroughSubject<Int, Never>()
  /// let cancellable = name.combineLatest(age).sink { print($0) }
  /// name.send("Ada")    // nothing yet: age has no value
  /// age.send(36)        // Prints: ("Ada", 36)
  /// name.send("Grace")  // Prints: ("Grace", 36)
  /// ```
  ///
  /// - Note: Demand: each request of the subscriber is passed on, whole, to both upstreams. A
  ///   value that arrives while the subscriber has no demand updates the latest value but makes no
  ///   tuple of its own (as in Combine); the next value that arrives with demand carries it.
  /// - Note: Threading: the upstreams may send from any threads; tuples reach the subscriber one at
  ///   a time, never concurrently, in the order they were made. A value sent from inside the
  ///   subscriber's `receive(_:)` is delivered right after that call returns.
  /// - Important: Completion: finishes once both upstreams finished; the first failure cancels the
  ///   other upstream and is delivered after the tuples already made.
  ///
  /// - Parameter other: Another publisher with the same failure type.
  /// - Returns: A ``Publishers/CombineLatest`` of the two publishers.
  public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P> where Failure == P.Failure {
    Publishers.CombineLatest(self, other)
  }

  /// Combines the latest values of this publisher and `other` with `transform`, each time either
  /// sends, once both have sent.
  ///
  /// The same as ``Publisher/combineLatest(_:)`` followed by a `map`.
  ///
  /// ```swift
  /// let width = CurrentValueSubject<Int, Never>(2)
  /// let height = CurrentValueSubject<Int, Never>(3)
  /// let cancellable = width.combineLatest(height) { $0 * $1 }.sink { print($0) }  // Prints: 6
  /// height.send(5)  // Prints: 10
  /// ```
  ///
  /// - Note: Demand, threading and completion as in ``Publisher/combineLatest(_:)``; `transform`
  ///   runs on the delivering thread, outside any lock.
  ///
  /// - Parameters:
  ///   - other: Another publisher with the same failure type.
  ///   - transform: Makes one output from the latest values.
  /// - Returns: A `Publishers.Map` over a ``Publishers/CombineLatest``.
  public func combineLatest<P: Publisher, T>(
    _ other: P, _ transform: @escaping (Output, P.Output) -> T
  ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where Failure == P.Failure {
    Publishers.Map(upstream: Publishers.CombineLatest(self, other), transform: TupleSpread.pair(transform))
  }

  /// Combines the latest values of this publisher and two others into a tuple, each time any of
  /// them sends, once all have sent.
  ///
  /// ```swift
  /// let a = CurrentValueSubject<Int, Never>(1)
  /// let b = CurrentValueSubject<String, Never>("x")
  /// let c = CurrentValueSubject<Bool, Never>(true)
  /// let cancellable = a.combineLatest(b, c).sink { print($0) }  // Prints: (1, "x", true)
  /// b.send("y")  // Prints: (1, "y", true)
  /// ```
  ///
  /// - Note: Demand, threading and completion as in ``Publisher/combineLatest(_:)``, over three
  ///   upstreams.
  ///
  /// - Parameters:
  ///   - publisher1: A second publisher.
  ///   - publisher2: A third publisher.
  /// - Returns: A ``Publishers/CombineLatest3`` of the three publishers.
  public func combineLatest<P: Publisher, Q: Publisher>(
    _ publisher1: P, _ publisher2: Q
  ) -> Publishers.CombineLatest3<Self, P, Q> where Failure == P.Failure, P.Failure == Q.Failure {
    Publishers.CombineLatest3(self, publisher1, publisher2)
  }

  /// Combines the latest values of this publisher and two others with `transform`.
  ///
  /// ```swift
  /// let a = CurrentValueSubject<Int, Never>(1)
  /// let cancellable = a.combineLatest(Just(2), Just(3)) { $0 + $1 + $2 }.sink { print($0) }  // Prints: 6
  /// ```
  ///
  /// - Note: Demand, threading and completion as in ``Publisher/combineLatest(_:)``.
  ///
  /// - Parameters:
  ///   - publisher1: A second publisher.
  ///   - publisher2: A third publisher.
  ///   - transform: Makes one output from the latest values.
  /// - Returns: A `Publishers.Map` over a ``Publishers/CombineLatest3``.
  public func combineLatest<P: Publisher, Q: Publisher, T>(
    _ publisher1: P, _ publisher2: Q, _ transform: @escaping (Output, P.Output, Q.Output) -> T
  ) -> Publishers.Map<Publishers.CombineLatest3<Self, P, Q>, T> where Failure == P.Failure, P.Failure == Q.Failure {
    Publishers.Map(
      upstream: Publishers.CombineLatest3(self, publisher1, publisher2), transform: TupleSpread.triple(transform))
  }

  /// Combines the latest values of this publisher and three others into a tuple, each time any of
  /// them sends, once all have sent.
  ///
  /// ```swift
  /// let cancellable = Just(1).combineLatest(Just("a"), Just(2.5), Just(true)).sink { print($0) }
  /// // Prints: (1, "a", 2.5, true)
  /// ```
  ///
  /// - Note: Demand, threading and completion as in ``Publisher/combineLatest(_:)``, over four
  ///   upstreams.
  ///
  /// - Parameters:
  ///   - publisher1: A second publisher.
  ///   - publisher2: A third publisher.
  ///   - publisher3: A fourth publisher.
  /// - Returns: A ``Publishers/CombineLatest4`` of the four publishers.
  public func combineLatest<P: Publisher, Q: Publisher, R: Publisher>(
    _ publisher1: P, _ publisher2: Q, _ publisher3: R
  ) -> Publishers.CombineLatest4<Self, P, Q, R>
  where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure {
    Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)
  }

  /// Combines the latest values of this publisher and three others with `transform`.
  ///
  /// ```swift
  /// let cancellable = Just(1).combineLatest(Just(2), Just(3), Just(4)) { $0 + $1 + $2 + $3 }
  ///   .sink { print($0) }  // Prints: 10
  /// ```
  ///
  /// - Note: Demand, threading and completion as in ``Publisher/combineLatest(_:)``.
  ///
  /// - Parameters:
  ///   - publisher1: A second publisher.
  ///   - publisher2: A third publisher.
  ///   - publisher3: A fourth publisher.
  ///   - transform: Makes one output from the latest values.
  /// - Returns: A `Publishers.Map` over a ``Publishers/CombineLatest4``.
  public func combineLatest<P: Publisher, Q: Publisher, R: Publisher, T>(
    _ publisher1: P, _ publisher2: Q, _ publisher3: R,
    _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
  ) -> Publishers.Map<Publishers.CombineLatest4<Self, P, Q, R>, T>
  where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure {
    Publishers.Map(
      upstream: Publishers.CombineLatest4(self, publisher1, publisher2, publisher3),
      transform: TupleSpread.quadruple(transform))
  }
}

extension Publishers {
  /// The publisher ``Publisher/combineLatest(_:)`` returns: tuples of the latest values of two
  /// publishers.
  ///
  /// ```swift
  /// let pairs = Publishers.CombineLatest(Just(1), Just("one"))
  /// let cancellable = pairs.sink { print($0) }  // Prints: (1, "one")
  /// ```
  public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
    /// A tuple of the latest values.
    public typealias Output = (A.Output, B.Output)
    /// The upstreams' shared failure.
    public typealias Failure = A.Failure

    /// The first publisher.
    public let a: A
    /// The second publisher.
    public let b: B

    /// Creates the publisher; ``Publisher/combineLatest(_:)`` is the usual way.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    /// Subscribes both publishers and attaches `subscriber`.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      typealias Storage = CombiningStorage<S>
      Storage(
        downstream: subscriber, strategy: .combineLatest, name: "CombineLatest",
        buffers: [ValueRing<A.Output>.make(), ValueRing<B.Output>.make()],
        assemble: Storage.tuple(A.Output.self, B.Output.self)
      ).start {
        $0.attach(a, at: 0)
        $0.attach(b, at: 1)
      }
    }
  }

  /// The publisher ``Publisher/combineLatest(_:_:)->Publishers.CombineLatest3<Self,P,Q>`` returns: tuples of the latest values of three
  /// publishers.
  ///
  /// ```swift
  /// let triples = Publishers.CombineLatest3(Just(1), Just("one"), Just(true))
  /// let cancellable = triples.sink { print($0) }  // Prints: (1, "one", true)
  /// ```
  public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
  where A.Failure == B.Failure, B.Failure == C.Failure {
    /// A tuple of the latest values.
    public typealias Output = (A.Output, B.Output, C.Output)
    /// The upstreams' shared failure.
    public typealias Failure = A.Failure

    /// The first publisher.
    public let a: A
    /// The second publisher.
    public let b: B
    /// The third publisher.
    public let c: C

    /// Creates the publisher; ``Publisher/combineLatest(_:_:)->Publishers.CombineLatest3<Self,P,Q>`` is the usual way.
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

    /// Subscribes the three publishers and attaches `subscriber`.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      typealias Storage = CombiningStorage<S>
      Storage(
        downstream: subscriber, strategy: .combineLatest, name: "CombineLatest",
        buffers: [ValueRing<A.Output>.make(), ValueRing<B.Output>.make(), ValueRing<C.Output>.make()],
        assemble: Storage.tuple(A.Output.self, B.Output.self, C.Output.self)
      ).start {
        $0.attach(a, at: 0)
        $0.attach(b, at: 1)
        $0.attach(c, at: 2)
      }
    }
  }

  /// The publisher ``Publisher/combineLatest(_:_:_:)->Publishers.CombineLatest4<Self,P,Q,R>`` returns: tuples of the latest values of
  /// four publishers.
  ///
  /// ```swift
  /// let quads = Publishers.CombineLatest4(Just(1), Just(2), Just(3), Just(4))
  /// let cancellable = quads.sink { print($0) }  // Prints: (1, 2, 3, 4)
  /// ```
  public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
  where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
    /// A tuple of the latest values.
    public typealias Output = (A.Output, B.Output, C.Output, D.Output)
    /// The upstreams' shared failure.
    public typealias Failure = A.Failure

    /// The first publisher.
    public let a: A
    /// The second publisher.
    public let b: B
    /// The third publisher.
    public let c: C
    /// The fourth publisher.
    public let d: D

    /// Creates the publisher; ``Publisher/combineLatest(_:_:_:)->Publishers.CombineLatest4<Self,P,Q,R>`` is the usual way.
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

    /// Subscribes the four publishers and attaches `subscriber`.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      typealias Storage = CombiningStorage<S>
      Storage(
        downstream: subscriber, strategy: .combineLatest, name: "CombineLatest",
        buffers: [
          ValueRing<A.Output>.make(), ValueRing<B.Output>.make(), ValueRing<C.Output>.make(),
          ValueRing<D.Output>.make(),
        ],
        assemble: Storage.tuple(A.Output.self, B.Output.self, C.Output.self, D.Output.self)
      ).start {
        $0.attach(a, at: 0)
        $0.attach(b, at: 1)
        $0.attach(c, at: 2)
        $0.attach(d, at: 3)
      }
    }
  }
}

extension Publishers.CombineLatest: Equatable where A: Equatable, B: Equatable {}
extension Publishers.CombineLatest3: Equatable where A: Equatable, B: Equatable, C: Equatable {}
extension Publishers.CombineLatest4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}
extension Publishers.CombineLatest: Sendable where A: Sendable, B: Sendable {}
extension Publishers.CombineLatest3: Sendable where A: Sendable, B: Sendable, C: Sendable {}
extension Publishers.CombineLatest4: Sendable where A: Sendable, B: Sendable, C: Sendable, D: Sendable {}
#endif
