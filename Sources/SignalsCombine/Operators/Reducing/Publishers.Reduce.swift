// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Folds every value into an accumulator and publishes the final result when upstream finishes.
  ///
  /// It asks upstream for `.unlimited` values. The closure runs on the thread that delivers each
  /// value. The result (`initialResult` if upstream sent nothing) is delivered with `.finished`
  /// once upstream finished and downstream has asked for something. A failure is forwarded at once.
  ///
  /// ```swift
  /// let cancellable = [1, 2, 3].publisher.reduce(0, +).sink { print($0) }
  /// // Prints: 6
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The accumulator's starting value.
  ///   - nextPartialResult: Combines the accumulator with the next value.
  /// - Returns: A ``Publishers/Reduce`` publisher.
  public func reduce<T>(
    _ initialResult: T,
    _ nextPartialResult: @escaping (T, Output) -> T
  ) -> Publishers.Reduce<Self, T> {
    Publishers.Reduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
  }

  /// Folds every value with a closure that may throw; a thrown error fails the pipeline.
  ///
  /// As ``reduce(_:_:)``; when the closure throws, upstream is cancelled and downstream fails with
  /// the error.
  ///
  /// ```swift
  /// struct Overflow: Error {}
  /// let cancellable = [100, 200].publisher
  ///   .tryReduce(0) { sum, value in if sum + value > 250 { throw Overflow() }; return sum + value }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // Prints: failure(Overflow())
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The accumulator's starting value.
  ///   - nextPartialResult: Combines the accumulator with the next value, or throws.
  /// - Returns: A ``Publishers/TryReduce`` publisher.
  public func tryReduce<T>(
    _ initialResult: T,
    _ nextPartialResult: @escaping (T, Output) throws -> T
  ) -> Publishers.TryReduce<Self, T> {
    Publishers.TryReduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// A publisher that folds every upstream value and delivers the result when upstream finishes.
  ///
  /// Made by ``Publisher/reduce(_:_:)``.
  ///
  /// ```swift
  /// let joined = Publishers.Reduce(upstream: ["a", "b"].publisher, initial: "", nextPartialResult: +)
  /// let cancellable = joined.sink { print($0) }
  /// // Prints: ab
  /// ```
  public struct Reduce<Upstream: Publisher, Output>: Publisher {
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are folded.
    public let upstream: Upstream

    /// The accumulator's starting value.
    public let initial: Output

    /// Combines the accumulator with the next value.
    public let nextPartialResult: (Output, Upstream.Output) -> Output

    /// Creates a publisher that folds the values of `upstream`.
    ///
    /// ```swift
    /// let sum = Publishers.Reduce(upstream: [1, 2].publisher, initial: 0, nextPartialResult: +)
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are folded.
    ///   - initial: The accumulator's starting value.
    ///   - nextPartialResult: Combines the accumulator with the next value.
    public init(upstream: Upstream, initial: Output, nextPartialResult: @escaping (Output, Upstream.Output) -> Output) {
      self.upstream = upstream
      self.initial = initial
      self.nextPartialResult = nextPartialResult
    }

    /// Attaches `subscriber` through an inner that folds every value.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let combine = nextPartialResult
      upstream.subscribe(
        FoldingInner(
          downstream: subscriber, name: "Reduce", initial: initial,
          fold: { accumulator, value in
            accumulator = combine(accumulator, value)
            return .proceed
          }
        ) { $0 })
    }
  }

  /// A publisher that folds every upstream value with a closure that may throw.
  ///
  /// Made by ``Publisher/tryReduce(_:_:)``. A thrown error cancels upstream and fails downstream.
  ///
  /// ```swift
  /// let sum = Publishers.TryReduce(upstream: [1, 2].publisher, initial: 0, nextPartialResult: +)
  /// let cancellable = sum.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: 3
  /// ```
  public struct TryReduce<Upstream: Publisher, Output>: Publisher {
    /// Any error: the upstream's or the one the closure threw.
    public typealias Failure = any Error

    /// The publisher whose values are folded.
    public let upstream: Upstream

    /// The accumulator's starting value.
    public let initial: Output

    /// Combines the accumulator with the next value, or throws.
    public let nextPartialResult: (Output, Upstream.Output) throws -> Output

    /// Creates a publisher that folds the values of `upstream` with a throwing closure.
    ///
    /// ```swift
    /// let sum = Publishers.TryReduce(upstream: [1, 2].publisher, initial: 0, nextPartialResult: +)
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are folded.
    ///   - initial: The accumulator's starting value.
    ///   - nextPartialResult: Combines the accumulator with the next value, or throws.
    public init(
      upstream: Upstream,
      initial: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
    ) {
      self.upstream = upstream
      self.initial = initial
      self.nextPartialResult = nextPartialResult
    }

    /// Attaches `subscriber` through an inner that folds every value.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let combine = nextPartialResult
      upstream.subscribe(
        FoldingInner(
          downstream: subscriber, name: "TryReduce", initial: initial,
          tryFold: { accumulator, value in
            accumulator = try combine(accumulator, value)
            return .proceed
          }
        ) { $0 })
    }
  }
}
#endif
