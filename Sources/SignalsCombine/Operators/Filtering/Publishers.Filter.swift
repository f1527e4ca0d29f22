// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Republishes only the values that satisfy a predicate.
  ///
  /// Each value the predicate rejects is replaced by asking upstream for one more (`.max(1)`), so
  /// downstream's demand is never lost to a dropped value. The predicate runs on the thread that
  /// delivers the value. Completion and failure pass through.
  ///
  /// ```swift
  /// let cancellable = (1...6).publisher.filter { $0.isMultiple(of: 2) }.sink { print($0) }
  /// // Prints: 2, 4, 6 (one per line)
  /// ```
  ///
  /// - Parameter isIncluded: Returns `true` for values to keep.
  /// - Returns: A ``Publishers/Filter`` publisher.
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
    Publishers.Filter(upstream: self, isIncluded: isIncluded)
  }

  /// Republishes only the values that satisfy a predicate that may throw.
  ///
  /// Rejected values ask upstream for one more, as ``filter(_:)`` does. When the predicate throws,
  /// upstream is cancelled and downstream fails with the error.
  ///
  /// ```swift
  /// struct Unreadable: Error {}
  /// let cancellable = [2, 3, 0].publisher
  ///   .tryFilter { value in if value == 0 { throw Unreadable() }; return value > 2 }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // Prints: 3
  /// //         failure(Unreadable())
  /// ```
  ///
  /// - Parameter isIncluded: Returns `true` for values to keep, or throws.
  /// - Returns: A ``Publishers/TryFilter`` publisher.
  public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self> {
    Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
  }
}

extension Publishers {
  /// A publisher that republishes the values that satisfy a predicate.
  ///
  /// Made by ``Publisher/filter(_:)``; a `filter` after a `filter` makes one `Filter` whose
  /// predicate requires both.
  ///
  /// ```swift
  /// let odd = Publishers.Filter(upstream: [1, 2, 3].publisher) { $0 % 2 == 1 }
  /// let cancellable = odd.sink { print($0) }
  /// // Prints: 1, 3 (one per line)
  /// ```
  public struct Filter<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are filtered.
    public let upstream: Upstream

    /// Returns `true` for values to keep.
    public let isIncluded: (Upstream.Output) -> Bool

    /// Creates a publisher that keeps the values of `upstream` that satisfy `isIncluded`.
    ///
    /// ```swift
    /// let positive = Publishers.Filter(upstream: [-1, 1].publisher) { $0 > 0 }
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are filtered.
    ///   - isIncluded: Returns `true` for values to keep.
    public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.isIncluded = isIncluded
    }

    /// Attaches `subscriber` to `upstream` through a relay that applies the predicate.
    ///
    /// As in Combine, `subscriber` receives the upstream's own subscription: demand and cancel go
    /// straight to it, and every value upstream sends goes through the predicate.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Relay(downstream: subscriber, isIncluded: isIncluded))
    }

    /// Adds a second predicate to this filter, as one `Filter` on the same upstream.
    ///
    /// The fused form of ``Publisher/filter(_:)``: instead of a `Filter` wrapping this `Filter`, it
    /// returns the same publisher type, `Publishers.Filter<Upstream>`, whose predicate is this
    /// predicate `&&` `isIncluded`. Behaviour is that of the nested pair: `isIncluded` runs only
    /// for values this predicate let through, and each dropped value asks upstream for one more
    /// (`.max(1)`), so downstream's demand is never lost.
    ///
    /// ```swift
    /// let subject = PassthroughSubject<Int, Never>()
    /// let window: Publishers.Filter<PassthroughSubject<Int, Never>> =
    ///   subject.filter { $0 > 5 }.filter { $0 < 8 }
    /// let cancellable = window.sink { print($0) }
    /// for value in 1...10 { subject.send(value) }
    /// // Prints: 6, 7 (one per line)
    /// ```
    ///
    /// - Parameter isIncluded: The second predicate, called only when this one returns `true`.
    /// - Returns: A ``Publishers/Filter`` on the same upstream that requires both predicates.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Upstream> {
      let first = self.isIncluded
      return Publishers.Filter(upstream: upstream) { first($0) && isIncluded($0) }
    }

    /// Adds a throwing predicate to this filter, as one `TryFilter` on the same upstream.
    ///
    /// The fused form of ``Publisher/tryFilter(_:)``: it returns `Publishers.TryFilter<Upstream>`
    /// whose predicate is this predicate `&&` `isIncluded`, instead of a `TryFilter` wrapping this
    /// `Filter`. `isIncluded` runs only for values this predicate let through; when it throws,
    /// upstream is cancelled and downstream fails with the error (as `any Error`).
    ///
    /// ```swift
    /// struct Unexpected: Error {}
    /// let subject = PassthroughSubject<Int, Never>()
    /// let checked: Publishers.TryFilter<PassthroughSubject<Int, Never>> = subject
    ///   .filter { $0 > 0 }
    ///   .tryFilter { value in if value == 9 { throw Unexpected() }; return value.isMultiple(of: 2) }
    /// let cancellable = checked.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// for value in [-9, 2, 3, 9, 4] { subject.send(value) }
    /// // Prints: 2
    /// //         failure(Unexpected())
    /// ```
    ///
    /// - Parameter isIncluded: The second predicate, called only when this one returns `true`.
    /// - Returns: A ``Publishers/TryFilter`` on the same upstream that requires both predicates.
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
      let first = self.isIncluded
      return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }
  }

  /// A publisher that republishes the values that satisfy a predicate that may throw.
  ///
  /// Made by ``Publisher/tryFilter(_:)``. A thrown error cancels upstream and fails downstream.
  ///
  /// ```swift
  /// let small = Publishers.TryFilter(upstream: [1, 50].publisher) { $0 < 10 }
  /// let cancellable = small.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: 1
  /// ```
  public struct TryFilter<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// Any error: the upstream's or the one the predicate threw.
    public typealias Failure = any Error

    /// The publisher whose values are filtered.
    public let upstream: Upstream

    /// Returns `true` for values to keep, or throws.
    public let isIncluded: (Upstream.Output) throws -> Bool

    /// Creates a publisher that keeps the values of `upstream` that satisfy `isIncluded`.
    ///
    /// ```swift
    /// let positive = Publishers.TryFilter(upstream: [-1, 1].publisher) { $0 > 0 }
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are filtered.
    ///   - isIncluded: Returns `true` for values to keep, or throws.
    public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.isIncluded = isIncluded
    }

    /// Attaches `subscriber` through an inner that applies the predicate.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(TryInner(downstream: subscriber, isIncluded: isIncluded))
    }

    /// Adds a second predicate to this filter, as one `TryFilter` on the same upstream.
    ///
    /// The fused form of ``Publisher/filter(_:)`` on a `TryFilter`: it returns
    /// `Publishers.TryFilter<Upstream>` whose predicate is this predicate `&&` `isIncluded`,
    /// instead of a `Filter` wrapping this `TryFilter`. `isIncluded` runs only for values this
    /// predicate let through; if this predicate throws, `isIncluded` is not called, upstream is
    /// cancelled and downstream fails with the error.
    ///
    /// ```swift
    /// struct Negative: Error {}
    /// let subject = PassthroughSubject<Int, Never>()
    /// let small: Publishers.TryFilter<PassthroughSubject<Int, Never>> = subject
    ///   .tryFilter { value in if value < 0 { throw Negative() }; return value < 10 }
    ///   .filter { $0.isMultiple(of: 2) }
    /// let cancellable = small.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// for value in [2, 3, 12, 4, -1, 6] { subject.send(value) }
    /// // Prints: 2
    /// //         4
    /// //         failure(Negative())
    /// ```
    ///
    /// - Parameter isIncluded: The second predicate, called only when this one returns `true`.
    /// - Returns: A ``Publishers/TryFilter`` on the same upstream that requires both predicates.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.TryFilter<Upstream> {
      let first = self.isIncluded
      return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }

    /// Adds a second throwing predicate to this filter, as one `TryFilter` on the same upstream.
    ///
    /// The fused form of ``Publisher/tryFilter(_:)`` on a `TryFilter`: it returns
    /// `Publishers.TryFilter<Upstream>` whose predicate is this predicate `&&` `isIncluded`. The
    /// first error either predicate throws cancels upstream and fails downstream; `isIncluded` runs
    /// only for values this predicate let through.
    ///
    /// ```swift
    /// struct Negative: Error {}
    /// struct TooBig: Error {}
    /// let subject = PassthroughSubject<Int, Never>()
    /// let checked: Publishers.TryFilter<PassthroughSubject<Int, Never>> = subject
    ///   .tryFilter { value in if value < 0 { throw Negative() }; return value.isMultiple(of: 2) }
    ///   .tryFilter { value in if value > 100 { throw TooBig() }; return true }
    /// let cancellable = checked.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// for value in [2, 3, 400, 4] { subject.send(value) }
    /// // Prints: 2
    /// //         failure(TooBig())
    /// ```
    ///
    /// - Parameter isIncluded: The second predicate, called only when this one returns `true`.
    /// - Returns: A ``Publishers/TryFilter`` on the same upstream that requires both predicates.
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
      let first = self.isIncluded
      return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }
  }
}

extension Publishers.Filter {
  /// Filter's subscriber: it hands upstream's subscription through. A value
  /// left out asks upstream for one more, so downstream's demand is not lost.
  private struct Relay<Downstream: Subscriber>: RelayingSubscriber
  where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Output
    typealias Failure = Upstream.Failure

    let combineIdentifier = CombineIdentifier()
    let downstream: Downstream
    let isIncluded: (Input) -> Bool

    var description: String { "Filter" }

    func receive(_ input: Input) -> Subscribers.Demand {
      isIncluded(input) ? downstream.receive(input) : .max(1)
    }
  }
}

extension Publishers.TryFilter {
  private final class TryInner<Downstream: Subscriber>: OperatorInner<Output, Upstream.Failure, Downstream>
  where Downstream.Input == Output, Downstream.Failure == any Error {
    private let isIncluded: (Input) throws -> Bool

    init(downstream: Downstream, isIncluded: @escaping (Input) throws -> Bool) {
      self.isIncluded = isIncluded
      super.init(downstream: downstream, rules: .filtering)
    }

    override var description: String { "TryFilter" }

    override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
      do {
        return try isIncluded(input) ? send(input) : skip()
      } catch {
        return fail(throwing: error)
      }
    }

    override func mapFailure(_ failure: Failure) -> any Error { failure }
  }
}
#endif
