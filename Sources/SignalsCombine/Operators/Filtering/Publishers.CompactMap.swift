// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Transforms each value with a closure and republishes the non-`nil` results.
  ///
  /// A `nil` result is replaced by asking upstream for one more value (`.max(1)`), so downstream's
  /// demand is not lost. The closure runs on the thread that delivers the value. Completion and
  /// failure pass through.
  ///
  /// ```swift
  /// let cancellable = ["1", "x", "3"].publisher.compactMap { Int($0) }.sink { print($0) }
  /// // Prints: 1, 3 (one per line)
  /// ```
  ///
  /// - Parameter transform: Returns a value to publish, or `nil` to skip.
  /// - Returns: A ``Publishers/CompactMap`` publisher.
  public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
    Publishers.CompactMap(upstream: self, transform: transform)
  }

  /// Transforms each value with a throwing closure and republishes the non-`nil` results.
  ///
  /// `nil` results ask upstream for one more, as ``compactMap(_:)`` does. A thrown error cancels
  /// upstream and fails downstream.
  ///
  /// ```swift
  /// struct Bad: Error {}
  /// let cancellable = ["1", "x", "!"].publisher
  ///   .tryCompactMap { text -> Int? in if text == "!" { throw Bad() }; return Int(text) }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // Prints: 1
  /// //         failure(Bad())
  /// ```
  ///
  /// - Parameter transform: Returns a value to publish, `nil` to skip, or throws.
  /// - Returns: A ``Publishers/TryCompactMap`` publisher.
  public func tryCompactMap<T>(_ transform: @escaping (Output) throws -> T?) -> Publishers.TryCompactMap<Self, T> {
    Publishers.TryCompactMap(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// A publisher that republishes the non-`nil` results of a transform.
  ///
  /// Made by ``Publisher/compactMap(_:)``; a `compactMap` or `map` after it fuses into one.
  ///
  /// ```swift
  /// let numbers = Publishers.CompactMap(upstream: ["4", "?"].publisher) { Int($0) }
  /// let cancellable = numbers.sink { print($0) }
  /// // Prints: 4
  /// ```
  public struct CompactMap<Upstream: Publisher, Output>: Publisher {
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are transformed.
    public let upstream: Upstream

    /// The transform; `nil` skips the value.
    public let transform: (Upstream.Output) -> Output?

    /// Creates a publisher that republishes the non-`nil` results of `transform`.
    ///
    /// ```swift
    /// let compactMap = Publishers.CompactMap(upstream: ["1"].publisher) { Int($0) }
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are transformed.
    ///   - transform: The transform; `nil` skips the value.
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Attaches `subscriber` to `upstream` through a relay that applies the transform.
    ///
    /// As in Combine, `subscriber` receives the upstream's own subscription: demand and cancel go
    /// straight to it, and every value upstream sends goes through the transform.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Relay(downstream: subscriber, transform: transform))
    }

    /// Applies another optional transform to this one's non-`nil` results, as one `CompactMap` on
    /// the same upstream.
    ///
    /// The fused form of ``Publisher/compactMap(_:)``: instead of a `CompactMap` wrapping this one,
    /// it returns the same publisher type, `Publishers.CompactMap<Upstream, T>`, whose transform
    /// runs this transform and, when it gives a value, `transform`. Behaviour is that of the nested
    /// pair: `transform` never sees a `nil`, and each value either closure turns into `nil` asks
    /// upstream for one more (`.max(1)`), so downstream's demand is never lost.
    ///
    /// ```swift
    /// let subject = PassthroughSubject<String, Never>()
    /// let positive: Publishers.CompactMap<PassthroughSubject<String, Never>, Int> = subject
    ///   .compactMap { Int($0) }
    ///   .compactMap { $0 > 0 ? $0 : nil }
    /// let cancellable = positive.sink { print($0) }
    /// for text in ["3", "x", "-1", "7"] { subject.send(text) }
    /// // Prints: 3, 7 (one per line)
    /// ```
    ///
    /// - Parameter transform: Applied to the non-`nil` results of this transform; `nil` skips the
    ///   value.
    /// - Returns: A ``Publishers/CompactMap`` on the same upstream whose transform is the two
    ///   composed.
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Upstream, T> {
      let first = self.transform
      return Publishers.CompactMap(upstream: upstream) { first($0).flatMap(transform) }
    }

    /// Applies a plain transform to this one's non-`nil` results, as one `CompactMap` on the same
    /// upstream.
    ///
    /// The fused form of ``Publisher/map(_:)->Publishers.Map<Self,T>`` on a `CompactMap`: it returns
    /// `Publishers.CompactMap<Upstream, T>` whose transform runs this transform and, when it gives
    /// a value, `transform`, instead of a `Map` wrapping this `CompactMap`. `transform` runs once
    /// for each value this publisher would have published, and never for a skipped one.
    ///
    /// ```swift
    /// let subject = PassthroughSubject<String, Never>()
    /// let doubled: Publishers.CompactMap<PassthroughSubject<String, Never>, Int> = subject
    ///   .compactMap { Int($0) }
    ///   .map { $0 * 2 }
    /// let cancellable = doubled.sink { print($0) }
    /// for text in ["1", "x", "4"] { subject.send(text) }
    /// // Prints: 2, 8 (one per line)
    /// ```
    ///
    /// - Parameter transform: Applied to the non-`nil` results of this transform.
    /// - Returns: A ``Publishers/CompactMap`` on the same upstream whose transform is the two
    ///   composed.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.CompactMap<Upstream, T> {
      let first = self.transform
      return Publishers.CompactMap(upstream: upstream) { first($0).map(transform) }
    }
  }

  /// A publisher that republishes the non-`nil` results of a transform that may throw.
  ///
  /// Made by ``Publisher/tryCompactMap(_:)``. A thrown error cancels upstream and fails downstream.
  ///
  /// ```swift
  /// let numbers = Publishers.TryCompactMap(upstream: ["4", "?"].publisher) { Int($0) }
  /// let cancellable = numbers.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: 4
  /// ```
  public struct TryCompactMap<Upstream: Publisher, Output>: Publisher {
    /// Any error: the upstream's or the one the transform threw.
    public typealias Failure = any Error

    /// The publisher whose values are transformed.
    public let upstream: Upstream

    /// The transform; `nil` skips the value.
    public let transform: (Upstream.Output) throws -> Output?

    /// Creates a publisher that republishes the non-`nil` results of a throwing `transform`.
    ///
    /// ```swift
    /// let tryCompactMap = Publishers.TryCompactMap(upstream: ["1"].publisher) { Int($0) }
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are transformed.
    ///   - transform: The transform; `nil` skips the value.
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output?) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Attaches `subscriber` through an inner that applies the transform.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(TryInner(downstream: subscriber, transform: transform))
    }

    /// Applies another optional transform, which may throw, to this one's non-`nil` results, as
    /// one `TryCompactMap` on the same upstream.
    ///
    /// The fused form of ``Publisher/compactMap(_:)`` on a `TryCompactMap`: it returns
    /// `Publishers.TryCompactMap<Upstream, T>` whose transform runs this transform and, when it
    /// gives a value, `transform`, instead of a `CompactMap` wrapping this publisher. As in
    /// Combine, `transform` may throw (a non-throwing closure works too). Behaviour is that of the
    /// nested pair: `transform` never sees a `nil` and is not called after this transform throws;
    /// the first error thrown cancels upstream and fails downstream (as `any Error`); a skipped
    /// value asks upstream for one more.
    ///
    /// ```swift
    /// struct Zero: Error {}
    /// let subject = PassthroughSubject<String, Never>()
    /// let inverses: Publishers.TryCompactMap<PassthroughSubject<String, Never>, Double> = subject
    ///   .tryCompactMap { Int($0) }
    ///   .compactMap { value -> Double? in if value == 0 { throw Zero() }; return 1 / Double(value) }
    /// let cancellable = inverses.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// for text in ["4", "x", "0", "2"] { subject.send(text) }
    /// // Prints: 0.25
    /// //         failure(Zero())
    /// ```
    ///
    /// - Parameter transform: Applied to the non-`nil` results of this transform; `nil` skips the
    ///   value, a thrown error fails the publisher.
    /// - Returns: A ``Publishers/TryCompactMap`` on the same upstream whose transform is the two
    ///   composed.
    public func compactMap<T>(_ transform: @escaping (Output) throws -> T?) -> Publishers.TryCompactMap<Upstream, T> {
      let first = self.transform
      return Publishers.TryCompactMap(upstream: upstream) { try first($0).flatMap(transform) }
    }
  }
}

extension Publishers.CompactMap {
  /// CompactMap's subscriber: it hands upstream's subscription through. A
  /// `nil` asks upstream for one more value, so downstream's demand is not lost.
  private struct Relay<Downstream: Subscriber>: RelayingSubscriber
  where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    let combineIdentifier = CombineIdentifier()
    let downstream: Downstream
    let transform: (Input) -> Output?

    var description: String { "CompactMap" }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard let output = transform(input) else { return .max(1) }
      return downstream.receive(output)
    }
  }
}

extension Publishers.TryCompactMap {
  private final class TryInner<Downstream: Subscriber>: OperatorInner<Upstream.Output, Upstream.Failure, Downstream>
  where Downstream.Input == Output, Downstream.Failure == any Error {
    private let transform: (Input) throws -> Output?

    init(downstream: Downstream, transform: @escaping (Input) throws -> Output?) {
      self.transform = transform
      super.init(downstream: downstream, rules: .filtering)
    }

    override var description: String { "TryCompactMap" }

    override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
      do {
        guard let output = try transform(input) else { return skip() }
        return send(output)
      } catch {
        return fail(throwing: error)
      }
    }

    override func mapFailure(_ failure: Failure) -> any Error { failure }
  }
}
#endif
