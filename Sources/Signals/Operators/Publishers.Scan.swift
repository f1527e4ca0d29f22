// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

extension Publisher {
  /// Folds each value into an accumulator and publishes every intermediate result.
  ///
  /// Demand passes through: one upstream value makes one downstream value. The closure runs on
  /// the thread that delivers the value. Completion and failure pass through.
  ///
  /// ```swift
  /// let cancellable = [1, 2, 3].publisher.scan(0, +).sink { print($0) }
  /// // Prints: 1, 3, 6 (one per line)
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The accumulator's starting value.
  ///   - nextPartialResult: Combines the accumulator with the next value.
  /// - Returns: A ``Publishers/Scan`` publisher.
  public func scan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> Publishers.Scan<Self, T> {
    Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }

  /// Folds each value with a closure that may throw and publishes every intermediate result.
  ///
  /// As ``scan(_:_:)``; a thrown error cancels upstream and fails downstream.
  ///
  /// ```swift
  /// let cancellable = [1, 2].publisher.tryScan(0, +)
  ///   .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: 1, 3 (one per line)
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The accumulator's starting value.
  ///   - nextPartialResult: Combines the accumulator with the next value, or throws.
  /// - Returns: A ``Publishers/TryScan`` publisher.
  public func tryScan<T>(
    _ initialResult: T,
    _ nextPartialResult: @escaping (T, Output) throws -> T
  ) -> Publishers.TryScan<Self, T> {
    Publishers.TryScan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// A publisher that publishes each intermediate result of folding its upstream's values.
  ///
  /// Made by ``Publisher/scan(_:_:)``.
  ///
  /// ```swift
  /// let totals = Publishers.Scan(upstream: [2, 3].publisher, initialResult: 0, nextPartialResult: +)
  /// let cancellable = totals.sink { print($0) }
  /// // Prints: 2, 5 (one per line)
  /// ```
  public struct Scan<Upstream: Publisher, Output>: Publisher {
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are folded.
    public let upstream: Upstream

    /// The accumulator's starting value.
    public let initialResult: Output

    /// Combines the accumulator with the next value.
    public let nextPartialResult: (Output, Upstream.Output) -> Output

    /// Creates a publisher that folds the values of `upstream`, publishing each step.
    ///
    /// ```swift
    /// let scan = Publishers.Scan(upstream: [1].publisher, initialResult: 0, nextPartialResult: +)
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are folded.
    ///   - initialResult: The accumulator's starting value.
    ///   - nextPartialResult: Combines the accumulator with the next value.
    public init(
      upstream: Upstream,
      initialResult: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) -> Output
    ) {
      self.upstream = upstream
      self.initialResult = initialResult
      self.nextPartialResult = nextPartialResult
    }

    /// Attaches `subscriber` through an inner that folds and forwards each step.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let combine = nextPartialResult
      upstream.subscribe(
        ScanInner(downstream: subscriber, name: "Scan", initial: initialResult, failure: { $0 }) {
          .proceed(combine($0, $1))
        })
    }
  }

  /// A publisher that publishes each intermediate result of a fold that may throw.
  ///
  /// Made by ``Publisher/tryScan(_:_:)``.
  ///
  /// ```swift
  /// let totals = Publishers.TryScan(upstream: [2, 3].publisher, initialResult: 0, nextPartialResult: +)
  /// let cancellable = totals.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: 2, 5 (one per line)
  /// ```
  public struct TryScan<Upstream: Publisher, Output>: Publisher {
    /// Any error: the upstream's or the one the closure threw.
    public typealias Failure = any Error

    /// The publisher whose values are folded.
    public let upstream: Upstream

    /// The accumulator's starting value.
    public let initialResult: Output

    /// Combines the accumulator with the next value, or throws.
    public let nextPartialResult: (Output, Upstream.Output) throws -> Output

    /// Creates a publisher that folds the values of `upstream` with a throwing closure.
    ///
    /// ```swift
    /// let scan = Publishers.TryScan(upstream: [1].publisher, initialResult: 0, nextPartialResult: +)
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are folded.
    ///   - initialResult: The accumulator's starting value.
    ///   - nextPartialResult: Combines the accumulator with the next value, or throws.
    public init(
      upstream: Upstream,
      initialResult: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
    ) {
      self.upstream = upstream
      self.initialResult = initialResult
      self.nextPartialResult = nextPartialResult
    }

    /// Attaches `subscriber` through an inner that folds and forwards each step.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let combine = nextPartialResult
      upstream.subscribe(
        ScanInner(downstream: subscriber, name: "TryScan", initial: initialResult, failure: { $0 }) {
          do {
            return .proceed(try combine($0, $1))
          } catch {
            return .fail(error)
          }
        })
    }
  }
}

/// The inner of `Scan` and `TryScan`: the accumulator is read, the closure runs, and the result
/// is stored, with no access to the inner's state held while the closure runs.
private final class ScanInner<Input, Failure: Error, Downstream: Subscriber>: ForwardingInner<
  Input, Failure, Downstream
>
{
  typealias Accumulator = Downstream.Input

  private var accumulator: Accumulator
  private let name: String
  private let failure: (Failure) -> Downstream.Failure
  private let fold: (Accumulator, Input) -> FoldStep<Accumulator, Never, Downstream.Failure>

  init(
    downstream: Downstream,
    name: String,
    initial: Accumulator,
    failure: @escaping (Failure) -> Downstream.Failure,
    fold: @escaping (Accumulator, Input) -> FoldStep<Accumulator, Never, Downstream.Failure>
  ) {
    self.name = name
    self.accumulator = initial
    self.failure = failure
    self.fold = fold
    super.init(downstream: downstream)
  }

  override var description: String { name }

  override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
    switch fold(accumulator, input) {
    case .proceed(let next):
      accumulator = next
      return send(next, admission)
    case .answer:
      preconditionFailure("Scan never answers early")
    case .fail(let error):
      return fail(error)
    }
  }

  override func mapFailure(_ failure: Failure) -> Downstream.Failure { self.failure(failure) }
}
