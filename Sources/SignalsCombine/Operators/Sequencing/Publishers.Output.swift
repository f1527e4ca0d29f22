// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Publishes the first `maxLength` values, then finishes.
  ///
  /// It is ``Publisher/output(in:)`` with `..<maxLength`: demand passes through, and the value that
  /// completes the count is followed at once by `.finished`, with upstream cancelled.
  ///
  /// ```swift
  /// let cancellable = (1...10).publisher.prefix(3).sink { print($0) }
  /// // Prints: 1, 2, 3 (one per line)
  /// ```
  ///
  /// - Parameter maxLength: The number of values to publish; must not be negative.
  /// - Returns: A ``Publishers/Output`` publisher.
  public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
    output(in: ..<maxLength)
  }

  /// Publishes only the value at `index` (counting from zero), then finishes.
  ///
  /// It is ``Publisher/output(in:)`` with `index...index`.
  ///
  /// ```swift
  /// let cancellable = ["a", "b", "c"].publisher.output(at: 1).sink { print($0) }
  /// // Prints: b
  /// ```
  ///
  /// - Parameter index: The position of the value to publish; must not be negative.
  /// - Returns: A ``Publishers/Output`` publisher.
  public func output(at index: Int) -> Publishers.Output<Self> {
    output(in: index...index)
  }

  /// Publishes the values whose positions (counting from zero) fall in `range`, then finishes.
  ///
  /// Each value before the range is dropped and replaced by asking upstream for one more
  /// (`.max(1)`); values in the range pass with downstream's demand; the last one in the range is
  /// followed at once by `.finished`, and upstream is cancelled. If upstream completes first, its
  /// completion is forwarded.
  ///
  /// ```swift
  /// let cancellable = (0...9).publisher.output(in: 3...5).sink { print($0) }
  /// // Prints: 3, 4, 5 (one per line)
  /// ```
  ///
  /// - Parameter range: The positions to publish (any range expression of `Int`, such as `2...`).
  /// - Returns: A ``Publishers/Output`` publisher.
  public func output<R: RangeExpression>(in range: R) -> Publishers.Output<Self> where R.Bound == Int {
    Publishers.Output(upstream: self, range: range.relative(to: 0..<Int.max))
  }
}

extension Publishers {
  /// A publisher that republishes the values at a range of positions.
  ///
  /// Made by ``Publisher/output(in:)``, ``Publisher/output(at:)`` and ``Publisher/prefix(_:)``.
  ///
  /// ```swift
  /// let middle = Publishers.Output(upstream: (0...9).publisher, range: 4..<6)
  /// let cancellable = middle.sink { print($0) }
  /// // Prints: 4, 5 (one per line)
  /// ```
  public struct Output<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are selected.
    public let upstream: Upstream

    /// The positions, counting from zero, of the values to publish.
    public let range: CountableRange<Int>

    /// Creates a publisher that republishes the values of `upstream` at the positions in `range`.
    ///
    /// ```swift
    /// let firstTwo = Publishers.Output(upstream: (0...9).publisher, range: 0..<2)
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are selected.
    ///   - range: The positions to publish; neither bound may be negative.
    public init(upstream: Upstream, range: CountableRange<Int>) {
      precondition(range.lowerBound >= 0, "the lower bound of output(in:) must not be negative")
      precondition(range.upperBound >= 0, "the upper bound of output(in:) must not be negative")
      self.upstream = upstream
      self.range = range
    }

    /// Attaches `subscriber` through an inner that counts positions.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, range: range))
    }
  }
}

extension Publishers.Output: Equatable where Upstream: Equatable {}

extension Publishers.Output: Sendable where Upstream: Sendable {}

extension Publishers.Output {
  private final class Inner<Downstream: Subscriber>: OperatorInner<Output, Upstream.Failure, Downstream>
  where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
    /// Values still to skip before the range; touched only on the upstream's delivery path.
    @exclusivity(unchecked) private var remainingUntilStart: Int
    /// Values of the range still to publish; touched only on the upstream's delivery path.
    @exclusivity(unchecked) private var remainingCount: Int

    init(downstream: Downstream, range: CountableRange<Int>) {
      self.remainingUntilStart = range.lowerBound
      self.remainingCount = range.count
      super.init(downstream: downstream, rules: .passing)
    }

    override var description: String { "Output" }

    override var customMirror: Mirror { Mirror(self, children: [:]) }

    /// The last value of the range is delivered, then the stream finishes (upstream cancelled) and
    /// the demand downstream returned for that value is passed on, as Combine does. A value past
    /// the range (an empty range, or a misbehaving upstream) finishes it too.
    override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
      if remainingUntilStart > 0 {
        remainingUntilStart -= 1
        return .max(1)
      }
      guard remainingCount > 0 else { return finish(with: .finished) }
      remainingCount -= 1
      let demand = downstream.receive(input)
      if remainingCount == 0 { _ = finish(with: .finished) }
      return demand
    }
  }
}
#endif
