// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport
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
  /// - Note: As in Combine, it asks upstream for `.unlimited` as soon as it subscribes (after
  ///   forwarding what downstream asked for while subscribing), and forwards every value upstream
  ///   sends, even beyond downstream's demand. Requesting `.none` stops the program.
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
  /// As Combine's: asks upstream for `.unlimited` as soon as it subscribes (after passing on what
  /// downstream asked for while subscribing), forwards every value whatever downstream's demand,
  /// and sends `output` once upstream finished empty and downstream has asked for anything.
  private final class Inner<Downstream: Subscriber>: OperatorInner<Output, Upstream.Failure, Downstream>
  where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
    private let output: Output
    /// Whether upstream sent a value; touched only on the upstream's delivery path.
    @exclusivity(unchecked) private var receivedValue = false

    init(downstream: Downstream, output: Output) {
      self.output = output
      var rules = InnerRules.replacing
      rules.upstreamDemand = .unlimitedAndForwarded
      rules.trapsZeroDemand = true
      super.init(downstream: downstream, rules: rules)
    }

    override var description: String { "ReplaceEmpty" }

    override var customMirror: Mirror { Mirror(self, children: [:]) }

    override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
      receivedValue = true
      // Upstream was asked for `.unlimited`: a value beyond downstream's demand is still sent.
      return send(input, admission == .unreserved ? .unlimited : admission)
    }

    override func ending(_ completion: Subscribers.Completion<Failure>) -> CompletingStep<Failure> {
      if case .finished = completion, !receivedValue { return .finishWithFinalValue }
      return .complete(completion)
    }

    override func finalValue() -> Output? { output }
  }
}
#endif
