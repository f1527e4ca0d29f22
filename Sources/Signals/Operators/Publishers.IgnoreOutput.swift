// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

extension Publisher {
  /// Ignores every value and passes on only the completion.
  ///
  /// It asks upstream for `.unlimited` as soon as it subscribes, since no value reaches
  /// downstream whatever it asks for. `.finished` and failures pass through.
  ///
  /// ```swift
  /// let cancellable = [1, 2, 3].publisher.ignoreOutput()
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { _ in })
  /// // Prints: finished
  /// ```
  ///
  /// - Returns: A ``Publishers/IgnoreOutput`` publisher whose output is `Never`.
  public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
    Publishers.IgnoreOutput(upstream: self)
  }
}

extension Publishers {
  /// A publisher that drops every upstream value and forwards the completion.
  ///
  /// Made by ``Publisher/ignoreOutput()``.
  ///
  /// ```swift
  /// let done = Publishers.IgnoreOutput(upstream: [1, 2].publisher)
  /// let cancellable = done.sink(receiveCompletion: { print($0) }, receiveValue: { _ in })
  /// // Prints: finished
  /// ```
  public struct IgnoreOutput<Upstream: Publisher>: Publisher {
    /// Never: no value is published.
    public typealias Output = Never
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are ignored.
    public let upstream: Upstream

    /// Creates a publisher that ignores the values of `upstream`.
    ///
    /// ```swift
    /// let done = Publishers.IgnoreOutput(upstream: Just(1))
    /// ```
    ///
    /// - Parameter upstream: The publisher whose values are ignored.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` through an inner that drops the values.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber))
    }
  }
}

extension Publishers.IgnoreOutput: Equatable where Upstream: Equatable {}

extension Publishers.IgnoreOutput: Sendable where Upstream: Sendable {}

extension Publishers.IgnoreOutput {
  private final class Inner<Downstream: Subscriber>: ForwardingInner<Upstream.Output, Upstream.Failure, Downstream>
  where Downstream.Input == Never, Downstream.Failure == Upstream.Failure {
    override var description: String { "IgnoreOutput" }

    override func receive(subscription: any Subscription) {
      guard acceptUpstream(subscription) != nil else {
        subscription.cancel()
        return
      }
      downstream.receive(subscription: self)
      subscription.request(.unlimited)
    }

    override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand { absorb(admission) }
  }
}
