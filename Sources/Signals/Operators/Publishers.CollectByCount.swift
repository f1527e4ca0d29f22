// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

extension Publisher {
  /// Collects values into arrays of `count` and publishes each array when it is full.
  ///
  /// Demand is counted in arrays: each unit downstream asks for becomes `count` values asked of
  /// upstream. When upstream finishes, a partly filled array is delivered before `.finished` (once
  /// downstream has demand for it); when upstream fails, the partial array is discarded and the
  /// failure forwarded.
  ///
  /// ```swift
  /// let cancellable = (1...5).publisher.collect(2).sink { print($0) }
  /// // Prints: [1, 2]
  /// //         [3, 4]
  /// //         [5]
  /// ```
  ///
  /// - Parameter count: The number of values in each array.
  /// - Returns: A ``Publishers/CollectByCount`` publisher.
  public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
    Publishers.CollectByCount(upstream: self, count: count)
  }
}

extension Publishers {
  /// A publisher that delivers upstream values in arrays of a fixed size.
  ///
  /// Made by ``Publisher/collect(_:)``.
  ///
  /// ```swift
  /// let batches = Publishers.CollectByCount(upstream: ["a", "b", "c"].publisher, count: 2)
  /// let cancellable = batches.sink { print($0) }
  /// // Prints: ["a", "b"]
  /// //         ["c"]
  /// ```
  public struct CollectByCount<Upstream: Publisher>: Publisher {
    /// An array of up to `count` upstream values.
    public typealias Output = [Upstream.Output]
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are collected.
    public let upstream: Upstream

    /// The number of values in each array.
    public let count: Int

    /// Creates a publisher that collects the values of `upstream` in arrays of `count`.
    ///
    /// ```swift
    /// let pairs = Publishers.CollectByCount(upstream: (1...4).publisher, count: 2)
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are collected.
    ///   - count: The number of values in each array.
    public init(upstream: Upstream, count: Int) {
      self.upstream = upstream
      self.count = count
    }

    /// Attaches `subscriber` through an inner that fills the arrays.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, count: count))
    }
  }
}

extension Publishers.CollectByCount: Equatable where Upstream: Equatable {}

extension Publishers.CollectByCount: Sendable where Upstream: Sendable {}

extension Publishers.CollectByCount {
  private final class Inner<Downstream: Subscriber>: CompletingInner<Upstream.Output, Upstream.Failure, Downstream>
  where Downstream.Input == [Upstream.Output], Downstream.Failure == Upstream.Failure {
    /// Counts downstream's demand in arrays.
    private let count: Int
    /// The array being filled; touched only on the upstream's delivery path (and, once, by the
    /// request that releases a held partial array, which the link orders after the last write).
    @exclusivity(unchecked) private var buffer: [Input] = []

    init(downstream: Downstream, count: Int) {
      self.count = count
      super.init(downstream: downstream)
    }

    override var description: String { "CollectByCount" }

    override func request(_ demand: Subscribers.Demand) {
      switch link.requestReleasingFinalValue(demand) {
      case .forward(let upstream): upstream.request(demand * count)
      case .deliverFinalValue: sendFinalValue()
      case .none: break
      }
    }

    override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
      // Each value reserves a unit of array demand; it is handed back unless the value fills the
      // array, so the unit pays for the array.
      buffer.append(input)
      guard buffer.count >= count else { return absorb(admission) }
      let batch = buffer
      buffer = []
      // A full array without demand is one upstream should not have sent: `send` drops it.
      return send(batch, admission) * count
    }

    override func ending(_ completion: Subscribers.Completion<Failure>) -> CompletingStep<Failure> {
      if case .finished = completion, !buffer.isEmpty { return .finishWithFinalValue }
      buffer = []
      return .complete(completion)
    }

    override func finalValue() -> [Input] {
      defer { buffer = [] }
      return buffer
    }
  }
}
