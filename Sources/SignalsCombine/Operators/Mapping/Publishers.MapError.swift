// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Transforms the upstream's failure into another error.
  ///
  /// Values and demand pass through unchanged; only a `.failure` completion is rewritten. The
  /// closure runs on the thread that delivers the failure.
  ///
  /// ```swift
  /// struct Wrapped: Error { let underlying: any Error }
  /// let cancellable = Fail<Int, URLError>(error: URLError(.timedOut))
  ///   .mapError { Wrapped(underlying: $0) }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { _ in })
  /// // Prints: failure(Wrapped(underlying: …))
  /// ```
  ///
  /// - Parameter transform: Turns the upstream's error into the new one.
  /// - Returns: A ``Publishers/MapError`` publisher.
  public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> {
    Publishers.MapError(upstream: self, transform)
  }
}

extension Publishers {
  /// A publisher that transforms its upstream's failure into another error.
  ///
  /// Made by ``Publisher/mapError(_:)``.
  ///
  /// ```swift
  /// struct AppError: Error {}
  /// let mapped = Publishers.MapError(upstream: PassthroughSubject<Int, TimeoutError>()) { _ in AppError() }
  /// ```
  public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output

    /// The publisher whose failure is transformed.
    public let upstream: Upstream

    /// Turns the upstream's error into the new one.
    public let transform: (Upstream.Failure) -> Failure

    /// Creates a publisher that transforms the failure of `upstream`.
    ///
    /// ```swift
    /// let mapError = Publishers.MapError(upstream: subject, transform: { _ in AppError() })
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose failure is transformed.
    ///   - transform: Turns the upstream's error into the new one.
    public init(upstream: Upstream, transform: @escaping (Upstream.Failure) -> Failure) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Creates a publisher that transforms the failure of `upstream` (trailing-closure form).
    ///
    /// ```swift
    /// let mapError = Publishers.MapError(upstream: subject) { _ in AppError() }
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose failure is transformed.
    ///   - map: Turns the upstream's error into the new one.
    public init(upstream: Upstream, _ map: @escaping (Upstream.Failure) -> Failure) {
      self.init(upstream: upstream, transform: map)
    }

    /// Attaches `subscriber` to `upstream` through a relay that rewrites the failure.
    ///
    /// As in Combine, `subscriber` receives the upstream's own subscription.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Relay(downstream: subscriber, transform: transform))
    }
  }
}

extension Publishers.MapError {
  /// MapError's subscriber: it hands upstream's subscription and values through and rewrites a
  /// failure.
  private struct Relay<Downstream: Subscriber>: RelayingSubscriber
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Upstream.Output

    let combineIdentifier = CombineIdentifier()
    let downstream: Downstream
    let transform: (Upstream.Failure) -> Failure

    var description: String { "MapError" }

    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      switch completion {
      case .finished: downstream.receive(completion: .finished)
      case .failure(let error): downstream.receive(completion: .failure(transform(error)))
      }
    }
  }
}
#endif
