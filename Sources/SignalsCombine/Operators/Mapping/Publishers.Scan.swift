// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
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

    /// Attaches `subscriber` to `upstream` through a relay that folds and forwards each step.
    ///
    /// As in Combine, `subscriber` receives the upstream's own subscription.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(ScanRelay(downstream: subscriber, initial: initialResult, fold: nextPartialResult))
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
      upstream.subscribe(TryScanInner(downstream: subscriber, initial: initialResult, fold: nextPartialResult))
    }
  }
}

/// Scan's subscriber: it hands upstream's subscription through and sends each intermediate result.
///
/// A class, for the accumulator. `Output` is `Downstream.Input`, a type parameter of its own so
/// that the per-value path reads the accumulator's type from the instance instead of looking it up.
private final class ScanRelay<Input, Failure: Error, Output, Downstream: Subscriber>: RelayingSubscriber
where Downstream.Input == Output, Downstream.Failure == Failure {
  let downstream: Downstream
  /// Touched only on the upstream's serial delivery path, by instantaneous reads and writes, so
  /// accesses never overlap and the run-time exclusivity check is left out.
  @exclusivity(unchecked) private var result: Output
  /// The starting value, for the mirror.
  private let initial: Output
  private let fold: (Output, Input) -> Output

  init(downstream: Downstream, initial: Output, fold: @escaping (Output, Input) -> Output) {
    self.downstream = downstream
    self.result = initial
    self.initial = initial
    self.fold = fold
  }

  var description: String { "Scan" }

  /// Combine's children. The running result is confined to the upstream's delivery path, so the
  /// mirror, which any thread may ask for, shows the starting value as the result (as the
  /// reducing operators do).
  var customMirror: Mirror { Mirror(self, children: ["downstream": downstream, "result": initial]) }

  func receive(_ input: Input) -> Subscribers.Demand {
    let next = fold(result, input)
    result = next
    return downstream.receive(next)
  }
}

/// TryScan's inner: the accumulator is read, the closure runs, and the result is stored, with no
/// access to the inner's state held while the closure runs.
private final class TryScanInner<Input, Failure: Error, Output, Downstream: Subscriber>: OperatorInner<
  Input, Failure, Downstream
>
where Downstream.Input == Output, Downstream.Failure == any Error {
  /// Touched only on the upstream's serial delivery path, by instantaneous reads and writes, so
  /// accesses never overlap and the run-time exclusivity check is left out.
  @exclusivity(unchecked) private var result: Output
  /// The starting value, for the mirror.
  private let initial: Output
  private let fold: (Output, Input) throws -> Output

  init(downstream: Downstream, initial: Output, fold: @escaping (Output, Input) throws -> Output) {
    self.result = initial
    self.initial = initial
    self.fold = fold
    var rules = InnerRules.passing
    rules.completionEnds = false
    rules.throwAfterEndFails = false
    super.init(downstream: downstream, rules: rules)
  }

  override var description: String { "TryScan" }

  override func mapFailure(_ failure: Failure) -> any Error { failure }

  /// Combine's children, the starting value as the result (see `ScanRelay`'s mirror).
  override var customMirror: Mirror {
    Mirror(self, children: ["downstream": downstream, "status": link.phase, "result": initial])
  }

  override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
    let next: Output
    do {
      next = try fold(result, input)
    } catch {
      return fail(throwing: error)
    }
    result = next
    return downstream.receive(next)
  }
}
#endif
