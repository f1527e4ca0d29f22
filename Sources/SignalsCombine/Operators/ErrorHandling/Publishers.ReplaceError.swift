// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport
extension Publisher {
  /// Replaces a failure with `output` followed by `.finished`.
  ///
  /// Values and demand pass through. When upstream fails, downstream receives `output` and then
  /// `.finished` — at once if it has demand left, otherwise when it next asks, as Combine does.
  /// The resulting publisher never fails.
  ///
  /// - Important: As in Combine, a value upstream sends beyond the demand downstream asked for
  ///   stops the program: it breaks the publisher contract.
  ///
  /// ```swift
  /// struct Offline: Error {}
  /// let cancellable = Fail<Int, Offline>(error: Offline()).replaceError(with: 0)
  ///   .sink { print($0) }
  /// // Prints: 0
  /// ```
  ///
  /// - Parameter output: The value sent in place of the failure.
  /// - Returns: A ``Publishers/ReplaceError`` publisher.
  public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
    Publishers.ReplaceError(upstream: self, output: output)
  }
}

extension Publishers {
  /// A publisher that turns an upstream failure into one last value and `.finished`.
  ///
  /// Made by ``Publisher/replaceError(with:)``.
  ///
  /// ```swift
  /// let safe = Publishers.ReplaceError(upstream: Fail<String, Offline>(error: Offline()), output: "?")
  /// let cancellable = safe.sink { print($0) }
  /// // Prints: ?
  /// ```
  public struct ReplaceError<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// Never: the failure is replaced.
    public typealias Failure = Never

    /// The value sent in place of a failure.
    public let output: Upstream.Output

    /// The publisher whose failure is replaced.
    public let upstream: Upstream

    /// Creates a publisher that replaces a failure of `upstream` with `output`.
    ///
    /// ```swift
    /// let safe = Publishers.ReplaceError(upstream: Fail<Int, Offline>(error: Offline()), output: 0)
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose failure is replaced.
    ///   - output: The value sent in its place.
    public init(upstream: Upstream, output: Output) {
      self.upstream = upstream
      self.output = output
    }

    /// Attaches `subscriber` through an inner that replaces the failure.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, output: output))
    }
  }
}

extension Publishers.ReplaceError: Equatable where Upstream: Equatable, Upstream.Output: Equatable {}

extension Publishers.ReplaceError: Sendable where Upstream: Sendable, Upstream.Output: Sendable {}

extension Publishers.ReplaceError {
  private final class Inner<Downstream: Subscriber>: OperatorInner<Output, Upstream.Failure, Downstream>
  where Downstream.Input == Output, Downstream.Failure == Never {
    private let output: Output

    init(downstream: Downstream, output: Output) {
      self.output = output
      super.init(downstream: downstream, rules: .replacing)
    }

    override var description: String { "ReplaceError" }

    override var customMirror: Mirror { Mirror(self, children: [:]) }

    override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
      if admission == .unreserved { unrequestedValue() }
      return send(input, admission)
    }

    /// Combine stops the program when upstream sends a value nobody asked for.
    @inline(never)
    private func unrequestedValue() -> Never {
      preconditionFailure("ReplaceError: upstream sent a value beyond the demand downstream requested")
    }

    override func ending(_ completion: Subscribers.Completion<Failure>) -> CompletingStep<Never> {
      if case .failure = completion { return .finishWithFinalValue }
      return .complete(.finished)
    }

    override func finalValue() -> Output? { output }

    override func mapFailure(_ failure: Failure) -> Never {
      preconditionFailure("ReplaceError replaces every failure; none is forwarded")
    }
  }
}
#endif
