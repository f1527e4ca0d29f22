// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Transforms each value with a closure.
  ///
  /// Demand passes through unchanged: one upstream value makes one downstream value. The closure
  /// runs on the thread that delivers the upstream value. Completion and failure pass through.
  ///
  /// ```swift
  /// let cancellable = [1, 2, 3].publisher.map { $0 * 10 }.sink { print($0) }
  /// // Prints: 10, 20, 30 (one per line)
  /// ```
  ///
  /// - Parameter transform: Turns an upstream value into a downstream one.
  /// - Returns: A ``Publishers/Map`` publisher.
  public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
    Publishers.Map(upstream: self, transform: transform)
  }

  /// Transforms each value with a closure that may throw; a thrown error fails the pipeline.
  ///
  /// Demand passes through unchanged. When `transform` throws, upstream is cancelled and the error
  /// is sent downstream as the failure. The closure runs on the thread that delivers the value.
  ///
  /// ```swift
  /// struct Negative: Error {}
  /// let cancellable = [1, -1, 2].publisher
  ///   .tryMap { value -> Int in if value < 0 { throw Negative() }; return value }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // Prints: 1
  /// //         failure(Negative())
  /// ```
  ///
  /// - Parameter transform: Turns an upstream value into a downstream one, or throws.
  /// - Returns: A ``Publishers/TryMap`` publisher.
  public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
    Publishers.TryMap(upstream: self, transform: transform)
  }

  /// Replaces each `nil` value with `output`.
  ///
  /// It is a ``Publishers/Map`` with `value ?? output`, so demand, threading and completion are
  /// those of ``Publisher/map(_:)->Publishers.Map<Self,T>``.
  ///
  /// ```swift
  /// let cancellable = [1, nil, 3].publisher.replaceNil(with: 0).sink { print($0) }
  /// // Prints: 1, 0, 3 (one per line)
  /// ```
  ///
  /// - Parameter output: The value sent in place of `nil`.
  /// - Returns: A ``Publishers/Map`` publisher of non-optional values.
  public func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Output == T? {
    Publishers.Map(upstream: self) { $0 ?? output }
  }
}

extension Publishers {
  /// A publisher that transforms each value of its upstream with a closure.
  ///
  /// Made by ``Publisher/map(_:)->Publishers.Map<Self,T>``; a `map` after a `map` makes one `Map` with both transforms
  /// composed, so the chain costs one subscription.
  ///
  /// ```swift
  /// let lengths = Publishers.Map(upstream: ["a", "bcd"].publisher) { $0.count }
  /// let cancellable = lengths.sink { print($0) }
  /// // Prints: 1, 3 (one per line)
  /// ```
  public struct Map<Upstream: Publisher, Output>: Publisher {
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are transformed.
    public let upstream: Upstream

    /// The transform applied to each value.
    public let transform: (Upstream.Output) -> Output

    /// Creates a publisher that transforms the values of `upstream`.
    ///
    /// ```swift
    /// let map = Publishers.Map(upstream: [1].publisher) { $0 + 1 }
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are transformed.
    ///   - transform: The transform applied to each value.
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Attaches `subscriber` to `upstream` through a relay that applies the transform.
    ///
    /// As in Combine, `subscriber` receives the upstream's own subscription: demand and cancel go
    /// straight to it, and every value upstream sends is transformed and forwarded.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Relay(downstream: subscriber, transform: transform))
    }

    /// Applies `transform` after this map's transform, as one `Map` on the same upstream.
    ///
    /// This is the fused form of ``Publisher/map(_:)->Publishers.Map<Self,T>``: instead of a `Map` wrapping this `Map`, it
    /// returns the same publisher type, `Publishers.Map<Upstream, T>`, whose transform runs this
    /// map's transform and then `transform`, so the chain costs one subscription. Values, their
    /// order, demand, completion and cancellation are those of the two nested maps: each closure
    /// runs once per value, this map's first. A concrete `Publishers.Map` picks this overload; the
    /// same call on a generic `some Publisher` picks ``Publisher/map(_:)->Publishers.Map<Self,T>`` and nests.
    ///
    /// ```swift
    /// let subject = PassthroughSubject<Int, Never>()
    /// let labels: Publishers.Map<PassthroughSubject<Int, Never>, String> =
    ///   subject.map { $0 * 10 }.map { "#\($0)" }
    /// let cancellable = labels.sink { print($0) }
    /// subject.send(1)
    /// subject.send(2)
    /// // Prints: #10, #20 (one per line)
    /// ```
    ///
    /// - Parameter transform: Turns this map's output into the new output.
    /// - Returns: A ``Publishers/Map`` on the same upstream whose transform is the two composed.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Upstream, T> {
      let first = self.transform
      return Publishers.Map(upstream: upstream) { transform(first($0)) }
    }

    /// Applies a throwing `transform` after this map's transform, as one `TryMap` on the same
    /// upstream.
    ///
    /// The fused form of ``Publisher/tryMap(_:)``: it returns `Publishers.TryMap<Upstream, T>`
    /// whose transform runs this map's transform and then `transform`, instead of a `TryMap`
    /// wrapping this `Map`. Behaviour is that of the nested pair: when `transform` throws, upstream
    /// is cancelled and downstream fails with the error (as `any Error`).
    ///
    /// ```swift
    /// struct TooBig: Error {}
    /// let subject = PassthroughSubject<Int, Never>()
    /// let checked: Publishers.TryMap<PassthroughSubject<Int, Never>, Int> = subject
    ///   .map { $0 * 10 }
    ///   .tryMap { value -> Int in if value > 20 { throw TooBig() }; return value }
    /// let cancellable = checked.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// subject.send(1)
    /// subject.send(5)
    /// subject.send(2)
    /// // Prints: 10
    /// //         failure(TooBig())
    /// ```
    ///
    /// - Parameter transform: Turns this map's output into the new output, or throws.
    /// - Returns: A ``Publishers/TryMap`` on the same upstream whose transform is the two composed.
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
      let first = self.transform
      return Publishers.TryMap(upstream: upstream) { try transform(first($0)) }
    }
  }

  /// A publisher that transforms each value with a closure that may throw.
  ///
  /// Made by ``Publisher/tryMap(_:)``. A thrown error cancels upstream and fails downstream; its
  /// failure type is therefore `any Error`.
  ///
  /// ```swift
  /// let checked = Publishers.TryMap(upstream: [4].publisher) { $0 / 2 }
  /// let cancellable = checked.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: 2
  /// ```
  public struct TryMap<Upstream: Publisher, Output>: Publisher {
    /// Any error: the upstream's or the one the transform threw.
    public typealias Failure = any Error

    /// The publisher whose values are transformed.
    public let upstream: Upstream

    /// The transform applied to each value.
    public let transform: (Upstream.Output) throws -> Output

    /// Creates a publisher that transforms the values of `upstream` with a throwing closure.
    ///
    /// ```swift
    /// let tryMap = Publishers.TryMap(upstream: [1].publisher) { $0 + 1 }
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are transformed.
    ///   - transform: The transform applied to each value.
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Attaches `subscriber` through an inner that applies the transform.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(TryInner(downstream: subscriber, transform: transform))
    }

    /// Applies `transform` after this transform, as one `TryMap` on the same upstream.
    ///
    /// The fused form of ``Publisher/map(_:)->Publishers.Map<Self,T>`` on a `TryMap`: it returns
    /// `Publishers.TryMap<Upstream, T>` whose transform runs this transform and then `transform`,
    /// instead of a `Map` wrapping this `TryMap`. Behaviour is that of the nested pair: `transform`
    /// runs only for values this transform returned; if this transform throws, `transform` is not
    /// called, upstream is cancelled and downstream fails with the error.
    ///
    /// ```swift
    /// struct NotANumber: Error {}
    /// let subject = PassthroughSubject<String, Never>()
    /// let halves: Publishers.TryMap<PassthroughSubject<String, Never>, String> = subject
    ///   .tryMap { text -> Int in guard let value = Int(text) else { throw NotANumber() }; return value }
    ///   .map { "half: \($0 / 2)" }
    /// let cancellable = halves.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// subject.send("4")
    /// subject.send("x")
    /// subject.send("8")
    /// // Prints: half: 2
    /// //         failure(NotANumber())
    /// ```
    ///
    /// - Parameter transform: Turns this publisher's output into the new output.
    /// - Returns: A ``Publishers/TryMap`` on the same upstream whose transform is the two composed.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.TryMap<Upstream, T> {
      let first = self.transform
      return Publishers.TryMap(upstream: upstream) { transform(try first($0)) }
    }

    /// Applies a throwing `transform` after this transform, as one `TryMap` on the same upstream.
    ///
    /// The fused form of ``Publisher/tryMap(_:)`` on a `TryMap`: it returns
    /// `Publishers.TryMap<Upstream, T>` whose transform runs this transform and then `transform`.
    /// The first error either closure throws cancels upstream and fails downstream; after a throw
    /// from this transform, `transform` is not called.
    ///
    /// ```swift
    /// struct Odd: Error {}
    /// let subject = PassthroughSubject<Int, Never>()
    /// let halves: Publishers.TryMap<PassthroughSubject<Int, Never>, Int> = subject
    ///   .tryMap { value -> Int in if value % 2 != 0 { throw Odd() }; return value / 2 }
    ///   .tryMap { $0 + 1 }
    /// let cancellable = halves.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// for value in [4, 8, 3] { subject.send(value) }
    /// // Prints: 3
    /// //         5
    /// //         failure(Odd())
    /// ```
    ///
    /// - Parameter transform: Turns this publisher's output into the new output, or throws.
    /// - Returns: A ``Publishers/TryMap`` on the same upstream whose transform is the two composed.
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
      let first = self.transform
      return Publishers.TryMap(upstream: upstream) { try transform(try first($0)) }
    }
  }
}

extension Publishers.Map {
  /// Map's subscriber: it hands upstream's subscription through and transforms each value.
  private struct Relay<Downstream: Subscriber>: RelayingSubscriber
  where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    let combineIdentifier = CombineIdentifier()
    let downstream: Downstream
    let transform: (Input) -> Output

    var description: String { "Map" }

    func receive(_ input: Input) -> Subscribers.Demand {
      downstream.receive(transform(input))
    }
  }
}

extension Publishers.TryMap {
  private final class TryInner<Downstream: Subscriber>: OperatorInner<Upstream.Output, Upstream.Failure, Downstream>
  where Downstream.Input == Output, Downstream.Failure == any Error {
    private let transform: (Input) throws -> Output

    init(downstream: Downstream, transform: @escaping (Input) throws -> Output) {
      self.transform = transform
      super.init(downstream: downstream, rules: .passing)
    }

    override var description: String { "TryMap" }

    override var customMirror: Mirror { Mirror(self, children: [:]) }

    override func mapFailure(_ failure: Failure) -> any Error { failure }

    override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
      let output: Output
      do {
        output = try transform(input)
      } catch {
        return fail(throwing: error)
      }
      return downstream.receive(output)
    }
  }
}
#endif
