// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport

extension Publisher {
  /// Collects every value into one array, published when upstream finishes.
  ///
  /// It asks upstream for `.unlimited` values and buffers them all. When upstream finishes, the
  /// array (possibly empty) is delivered followed by `.finished` — at once if downstream has
  /// asked for anything, otherwise when it first does. A failure is forwarded at once and the
  /// buffer is dropped.
  ///
  /// ```swift
  /// let cancellable = [1, 2, 3].publisher.collect().sink { print($0) }
  /// // Prints: [1, 2, 3]
  /// ```
  ///
  /// - Returns: A ``Publishers/Collect`` publisher.
  public func collect() -> Publishers.Collect<Self> {
    Publishers.Collect(upstream: self)
  }
}

extension Publishers {
  /// A publisher that delivers every upstream value in one array when upstream finishes.
  ///
  /// Made by ``Publisher/collect()``.
  ///
  /// ```swift
  /// let all = Publishers.Collect(upstream: ["a", "b"].publisher)
  /// let cancellable = all.sink { print($0) }
  /// // Prints: ["a", "b"]
  /// ```
  public struct Collect<Upstream: Publisher>: Publisher {
    /// An array of the upstream's values.
    public typealias Output = [Upstream.Output]
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are collected.
    public let upstream: Upstream

    /// Creates a publisher that collects the values of `upstream`.
    ///
    /// ```swift
    /// let collect = Publishers.Collect(upstream: [1].publisher)
    /// ```
    ///
    /// - Parameter upstream: The publisher whose values are collected.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` through an inner that buffers every value.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber))
    }
  }
}

extension Publishers.Collect: Sendable where Upstream: Sendable {}

extension Publishers.Collect {
  /// Appends in place (a ``FoldingInner`` would copy the array for every value).
  private final class Inner<Downstream: Subscriber>: OperatorInner<Upstream.Output, Upstream.Failure, Downstream>
  where Downstream.Input == [Upstream.Output], Downstream.Failure == Upstream.Failure {
    /// Touched only on the upstream's serial delivery path, and by ``finalValue()``, which the link
    /// orders after the last step; no user code runs during an access, so the run-time
    /// exclusivity check is left out.
    @exclusivity(unchecked) private var buffer: [Upstream.Output] = []

    /// How many values were collected, for the mirror, which any thread may ask for (the buffer
    /// itself is never read there); counted on the upstream's delivery path, one lock round trip
    /// per value.
    private let collectedCount = LockedState.make(0)

    override var description: String { "Collect" }

    /// Combine shows only how many values are collected so far.
    override var customMirror: Mirror { Mirror(self, children: ["count": collectedCount.withLock { $0 }]) }

    init(downstream: Downstream) {
      super.init(downstream: downstream, rules: .reducing)
    }

    override func step(_ input: Upstream.Output, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
      buffer.append(input)
      collectedCount.withLock { $0 &+= 1 }
      return .none
    }

    override func finalValue() -> [Upstream.Output]? {
      defer { buffer = [] }
      return buffer
    }
  }
}
#endif
