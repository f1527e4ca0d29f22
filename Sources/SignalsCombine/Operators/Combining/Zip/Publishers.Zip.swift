// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Pairs the values of this publisher and `other` in order: the first with the first, the
  /// second with the second, and so on.
  ///
  /// A value waits until the other publisher has sent its partner; values of the faster publisher
  /// queue up meanwhile. The classic use is joining the answers of parallel requests.
  ///
  /// ```swift
  /// let letters = PassthroughSubject<String, Never>()
  /// let numbers = PassthroughSubject<Int, Never>()
  /// let cancellable = letters.zip(numbers).sink { print($0) }
  /// letters.send("a")
  /// letters.send("b")
  /// numbers.send(1)  // Prints: ("a", 1)
  /// numbers.send(2)  // Prints: ("b", 2)
  /// ```
  ///
  /// - Note: Demand: each request of the subscriber is passed on, whole, to both upstreams, and
  ///   one tuple is delivered per unit of demand; values beyond the demand wait in order.
  /// - Note: Threading: the upstreams may send from any threads; tuples reach the subscriber one at
  ///   a time, never concurrently, in order. A value sent from inside the subscriber's `receive(_:)`
  ///   is delivered right after that call returns.
  /// - Important: Completion: finishes as soon as an upstream has finished and none of its values
  ///   wait for a partner (no further tuple is possible), cancelling the other; the first failure
  ///   cancels the other upstream and is delivered after the tuples already made.
  ///
  /// - Parameter other: Another publisher with the same failure type.
  /// - Returns: A ``Publishers/Zip`` of the two publishers.
  public func zip<P: Publisher>(_ other: P) -> Publishers.Zip<Self, P> where Failure == P.Failure {
    Publishers.Zip(self, other)
  }

  /// Pairs the values of this publisher and `other` in order and combines each pair with
  /// `transform`.
  ///
  /// The same as ``Publisher/zip(_:)`` followed by a `map`.
  ///
  /// ```swift
  /// let cancellable = [1, 2, 3].publisher.zip([10, 20, 30].publisher) { $0 + $1 }.sink { print($0) }
  /// // Prints: 11, 22, 33 (one per line)
  /// ```
  ///
  /// - Note: Demand, threading and completion as in ``Publisher/zip(_:)``; `transform` runs on
  ///   the delivering thread, outside any lock.
  ///
  /// - Parameters:
  ///   - other: Another publisher with the same failure type.
  ///   - transform: Makes one output from each pair.
  /// - Returns: A `Publishers.Map` over a ``Publishers/Zip``.
  public func zip<P: Publisher, T>(
    _ other: P, _ transform: @escaping (Output, P.Output) -> T
  ) -> Publishers.Map<Publishers.Zip<Self, P>, T> where Failure == P.Failure {
    Publishers.Map(upstream: Publishers.Zip(self, other), transform: TupleSpread.pair(transform))
  }

  /// Groups the values of this publisher and two others in order into tuples.
  ///
  /// ```swift
  /// let cancellable = [1, 2].publisher.zip(["a", "b"].publisher, [true, false].publisher)
  ///   .sink { print($0) }
  /// // Prints: (1, "a", true), then (2, "b", false)
  /// ```
  ///
  /// - Note: Demand, threading and completion as in ``Publisher/zip(_:)``, over three upstreams.
  ///
  /// - Parameters:
  ///   - publisher1: A second publisher.
  ///   - publisher2: A third publisher.
  /// - Returns: A ``Publishers/Zip3`` of the three publishers.
  public func zip<P: Publisher, Q: Publisher>(
    _ publisher1: P, _ publisher2: Q
  ) -> Publishers.Zip3<Self, P, Q> where Failure == P.Failure, P.Failure == Q.Failure {
    Publishers.Zip3(self, publisher1, publisher2)
  }

  /// Groups the values of this publisher and two others in order and combines each group with
  /// `transform`.
  ///
  /// ```swift
  /// let cancellable = Just(1).zip(Just(2), Just(3)) { $0 + $1 + $2 }.sink { print($0) }  // Prints: 6
  /// ```
  ///
  /// - Note: Demand, threading and completion as in ``Publisher/zip(_:)``.
  ///
  /// - Parameters:
  ///   - publisher1: A second publisher.
  ///   - publisher2: A third publisher.
  ///   - transform: Makes one output from each group.
  /// - Returns: A `Publishers.Map` over a ``Publishers/Zip3``.
  public func zip<P: Publisher, Q: Publisher, T>(
    _ publisher1: P, _ publisher2: Q, _ transform: @escaping (Output, P.Output, Q.Output) -> T
  ) -> Publishers.Map<Publishers.Zip3<Self, P, Q>, T> where Failure == P.Failure, P.Failure == Q.Failure {
    Publishers.Map(
      upstream: Publishers.Zip3(self, publisher1, publisher2), transform: TupleSpread.triple(transform))
  }

  /// Groups the values of this publisher and three others in order into tuples.
  ///
  /// ```swift
  /// let cancellable = Just(1).zip(Just("a"), Just(2.5), Just(true)).sink { print($0) }
  /// // Prints: (1, "a", 2.5, true)
  /// ```
  ///
  /// - Note: Demand, threading and completion as in ``Publisher/zip(_:)``, over four upstreams.
  ///
  /// - Parameters:
  ///   - publisher1: A second publisher.
  ///   - publisher2: A third publisher.
  ///   - publisher3: A fourth publisher.
  /// - Returns: A ``Publishers/Zip4`` of the four publishers.
  public func zip<P: Publisher, Q: Publisher, R: Publisher>(
    _ publisher1: P, _ publisher2: Q, _ publisher3: R
  ) -> Publishers.Zip4<Self, P, Q, R> where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure {
    Publishers.Zip4(self, publisher1, publisher2, publisher3)
  }

  /// Groups the values of this publisher and three others in order and combines each group with
  /// `transform`.
  ///
  /// ```swift
  /// let cancellable = Just(1).zip(Just(2), Just(3), Just(4)) { $0 + $1 + $2 + $3 }.sink { print($0) }
  /// // Prints: 10
  /// ```
  ///
  /// - Note: Demand, threading and completion as in ``Publisher/zip(_:)``.
  ///
  /// - Parameters:
  ///   - publisher1: A second publisher.
  ///   - publisher2: A third publisher.
  ///   - publisher3: A fourth publisher.
  ///   - transform: Makes one output from each group.
  /// - Returns: A `Publishers.Map` over a ``Publishers/Zip4``.
  public func zip<P: Publisher, Q: Publisher, R: Publisher, T>(
    _ publisher1: P, _ publisher2: Q, _ publisher3: R,
    _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
  ) -> Publishers.Map<Publishers.Zip4<Self, P, Q, R>, T>
  where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure {
    Publishers.Map(
      upstream: Publishers.Zip4(self, publisher1, publisher2, publisher3),
      transform: TupleSpread.quadruple(transform))
  }
}

extension Publishers {
  /// The publisher ``Publisher/zip(_:)`` returns: tuples pairing the values of two
  /// publishers in order.
  ///
  /// ```swift
  /// let pairs = Publishers.Zip(Just(1), Just("one"))
  /// let cancellable = pairs.sink { print($0) }  // Prints: (1, "one")
  /// ```
  public struct Zip<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
    /// One value of each publisher, the n-th of each together.
    public typealias Output = (A.Output, B.Output)
    /// The upstreams' shared failure.
    public typealias Failure = A.Failure

    /// The first publisher.
    public let a: A
    /// The second publisher.
    public let b: B

    /// Creates the publisher; ``Publisher/zip(_:)`` is the usual way.
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
        downstream: subscriber, strategy: .zip, name: "Zip",
        buffers: [ValueRing<A.Output>.make(), ValueRing<B.Output>.make()],
        assemble: Storage.tuple(A.Output.self, B.Output.self)
      ).start {
        $0.attach(a, at: 0)
        $0.attach(b, at: 1)
      }
    }
  }

  /// The publisher ``Publisher/zip(_:_:)->Publishers.Zip3<Self,P,Q>`` returns: tuples of the values of three
  /// publishers, in order.
  ///
  /// ```swift
  /// let triples = Publishers.Zip3(Just(1), Just("one"), Just(true))
  /// let cancellable = triples.sink { print($0) }  // Prints: (1, "one", true)
  /// ```
  public struct Zip3<A: Publisher, B: Publisher, C: Publisher>: Publisher
  where A.Failure == B.Failure, B.Failure == C.Failure {
    /// One value of each publisher, the n-th of each together.
    public typealias Output = (A.Output, B.Output, C.Output)
    /// The upstreams' shared failure.
    public typealias Failure = A.Failure

    /// The first publisher.
    public let a: A
    /// The second publisher.
    public let b: B
    /// The third publisher.
    public let c: C

    /// Creates the publisher; ``Publisher/zip(_:_:)->Publishers.Zip3<Self,P,Q>`` is the usual way.
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
        downstream: subscriber, strategy: .zip, name: "Zip",
        buffers: [ValueRing<A.Output>.make(), ValueRing<B.Output>.make(), ValueRing<C.Output>.make()],
        assemble: Storage.tuple(A.Output.self, B.Output.self, C.Output.self)
      ).start {
        $0.attach(a, at: 0)
        $0.attach(b, at: 1)
        $0.attach(c, at: 2)
      }
    }
  }

  /// The publisher ``Publisher/zip(_:_:_:)->Publishers.Zip4<Self,P,Q,R>`` returns: tuples of the values of four
  /// publishers, in order.
  ///
  /// ```swift
  /// let quads = Publishers.Zip4(Just(1), Just(2), Just(3), Just(4))
  /// let cancellable = quads.sink { print($0) }  // Prints: (1, 2, 3, 4)
  /// ```
  public struct Zip4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
  where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
    /// One value of each publisher, the n-th of each together.
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

    /// Creates the publisher; ``Publisher/zip(_:_:_:)->Publishers.Zip4<Self,P,Q,R>`` is the usual way.
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
        downstream: subscriber, strategy: .zip, name: "Zip",
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

extension Publishers.Zip: Equatable where A: Equatable, B: Equatable {}
extension Publishers.Zip3: Equatable where A: Equatable, B: Equatable, C: Equatable {}
extension Publishers.Zip4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}
extension Publishers.Zip: Sendable where A: Sendable, B: Sendable {}
extension Publishers.Zip3: Sendable where A: Sendable, B: Sendable, C: Sendable {}
extension Publishers.Zip4: Sendable where A: Sendable, B: Sendable, C: Sendable, D: Sendable {}
#endif
