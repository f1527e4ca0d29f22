// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

extension Publisher {
  /// Publishes `output` if upstream finishes without sending a value.
  ///
  /// Values, demand and failures pass through unchanged. When upstream finishes having sent
  /// nothing, `output` is delivered followed by `.finished` — at once if downstream has demand,
  /// otherwise on its next request. A failure is forwarded as it is, never replaced.
  ///
  /// ```swift
  /// let cancellable = Empty<Int, Never>().replaceEmpty(with: 0).sink { print($0) }
  /// // Prints: 0
  /// ```
  ///
  /// - Note: Combine asks upstream for `.unlimited` as soon as it subscribes, whatever downstream
  ///   asked for; Signals forwards downstream's demand, so a limited subscriber is never sent more
  ///   than it asked for.
  ///
  /// - Parameter output: The value to publish when upstream is empty.
  /// - Returns: A ``Publishers/ReplaceEmpty`` publisher.
  public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
    Publishers.ReplaceEmpty(upstream: self, output: output)
  }
}

extension Publishers {
  /// A publisher that substitutes a value for an upstream that finishes empty.
  ///
  /// Made by ``Publisher/replaceEmpty(with:)``.
  ///
  /// ```swift
  /// let fallback = Publishers.ReplaceEmpty(upstream: [Int]().publisher, output: -1)
  /// let cancellable = fallback.sink { print($0) }
  /// // Prints: -1
  /// ```
  public struct ReplaceEmpty<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The value published when upstream finishes empty.
    public let output: Upstream.Output

    /// The publisher that may finish empty.
    public let upstream: Upstream

    /// Creates a publisher that publishes `output` when `upstream` finishes without a value.
    ///
    /// ```swift
    /// let fallback = Publishers.ReplaceEmpty(upstream: Empty<String, Never>(), output: "none")
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher that may finish empty.
    ///   - output: The value published in its place.
    public init(upstream: Upstream, output: Output) {
      self.upstream = upstream
      self.output = output
    }

    /// Attaches `subscriber` through an inner that notes whether upstream sent anything.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, output: output))
    }
  }
}

extension Publishers.ReplaceEmpty: Equatable where Upstream: Equatable, Upstream.Output: Equatable {}

extension Publishers.ReplaceEmpty: Sendable where Upstream: Sendable, Upstream.Output: Sendable {}

extension Publishers.ReplaceEmpty {
  private final class Inner<Downstream: Subscriber>: CompletingInner<Output, Upstream.Failure, Downstream>
  where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
    private let output: Output
    /// Whether upstream sent a value; touched only on the upstream's delivery path.
    @exclusivity(unchecked) private var receivedValue = false

    init(downstream: Downstream, output: Output) {
      self.output = output
      super.init(downstream: downstream)
    }

    override var description: String { "ReplaceEmpty" }

    override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
      receivedValue = true
      return send(input, admission)
    }

    override func ending(_ completion: Subscribers.Completion<Failure>) -> CompletingStep<Failure> {
      if case .finished = completion, !receivedValue { return .finishWithFinalValue }
      return .complete(completion)
    }

    override func finalValue() -> Output { output }
  }
}
