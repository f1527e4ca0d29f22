// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher where Failure == Never {
  /// Gives a publisher that cannot fail the failure type another publisher expects.
  ///
  /// Nothing changes at run time: values, demand and `.finished` pass through, and no failure is
  /// ever sent. Use it to combine a never-failing publisher with a failing one (`zip`,
  /// `flatMap`, `merge`), whose failure types must match.
  ///
  /// ```swift
  /// struct Offline: Error {}
  /// let cancellable = Just(1).setFailureType(to: Offline.self)
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // Prints: 1
  /// //         finished
  /// ```
  ///
  /// - Parameter failureType: The failure type to declare.
  /// - Returns: A ``Publishers/SetFailureType`` publisher.
  public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> {
    Publishers.SetFailureType(upstream: self)
  }
}

extension Publishers {
  /// A never-failing publisher that declares a failure type.
  ///
  /// Made by ``Publisher/setFailureType(to:)``.
  ///
  /// ```swift
  /// struct Offline: Error {}
  /// let typed = Publishers.SetFailureType<Just<Int>, Offline>(upstream: Just(1))
  /// let cancellable = typed.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: 1
  /// ```
  public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher where Upstream.Failure == Never {
    /// The upstream's output type.
    public typealias Output = Upstream.Output

    /// The never-failing publisher.
    public let upstream: Upstream

    /// Creates a publisher that republishes `upstream` with the failure type `Failure`.
    ///
    /// ```swift
    /// let typed = Publishers.SetFailureType<Just<Int>, any Error>(upstream: Just(1))
    /// ```
    ///
    /// - Parameter upstream: The never-failing publisher.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` to `upstream` through a relay that forwards everything.
    ///
    /// As in Combine, `subscriber` receives the upstream's own subscription.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Relay(downstream: subscriber))
    }

    /// Declares another failure type on the same upstream, as one `SetFailureType`.
    ///
    /// The fused form of ``Publisher/setFailureType(to:)``: instead of a `SetFailureType` wrapping
    /// this one, it returns the same publisher type, `Publishers.SetFailureType<Upstream, E>`, on
    /// this publisher's upstream. Since neither stage can fail or change a value, behaviour is that
    /// of the nested pair: values, demand, `.finished` and cancellation pass straight through.
    ///
    /// ```swift
    /// struct Offline: Error {}
    /// let subject = PassthroughSubject<Int, Never>()
    /// let retyped: Publishers.SetFailureType<PassthroughSubject<Int, Never>, any Error> = subject
    ///   .setFailureType(to: Offline.self)
    ///   .setFailureType(to: (any Error).self)
    /// let cancellable = retyped.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// subject.send(1)
    /// subject.send(completion: .finished)
    /// // Prints: 1
    /// //         finished
    /// ```
    ///
    /// - Parameter failure: The failure type to declare.
    /// - Returns: A ``Publishers/SetFailureType`` on the same upstream with the failure type `E`.
    public func setFailureType<E: Error>(to failure: E.Type) -> Publishers.SetFailureType<Upstream, E> {
      Publishers.SetFailureType(upstream: upstream)
    }
  }
}

extension Publishers.SetFailureType: Equatable where Upstream: Equatable {}

extension Publishers.SetFailureType: Sendable where Upstream: Sendable {}

extension Publishers.SetFailureType {
  /// SetFailureType's subscriber: it hands upstream's subscription, values and `.finished` through.
  private struct Relay<Downstream: Subscriber>: RelayingSubscriber
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Output

    let combineIdentifier = CombineIdentifier()
    let downstream: Downstream

    var description: String { "SetFailureType" }

    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Never>) {
      downstream.receive(completion: .finished)
    }
  }
}
#endif
