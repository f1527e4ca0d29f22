// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
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

    /// Attaches `subscriber` to `upstream` through a relay that drops the values.
    ///
    /// As in Combine, `subscriber` receives the upstream's own subscription, and the relay then asks
    /// it for unlimited values.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Relay(downstream: subscriber))
    }
  }
}

extension Publishers.IgnoreOutput: Equatable where Upstream: Equatable {}

extension Publishers.IgnoreOutput: Sendable where Upstream: Sendable {}

extension Publishers.IgnoreOutput {
  /// IgnoreOutput's subscriber: it hands upstream's subscription through, asks it for every value
  /// and drops them; the completion passes through.
  private struct Relay<Downstream: Subscriber>: RelayingSubscriber
  where Downstream.Input == Never, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    let combineIdentifier = CombineIdentifier()
    let downstream: Downstream

    var description: String { "IgnoreOutput" }

    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
      subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand { .none }
  }
}
#endif
