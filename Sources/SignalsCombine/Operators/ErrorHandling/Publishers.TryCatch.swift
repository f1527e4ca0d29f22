// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Replaces a failure with the values of another publisher, or fails with the error the handler
  /// throws.
  ///
  /// When the upstream fails, `handler` either makes a replacement publisher from the error, whose
  /// values and completion follow, or throws, and the subscriber fails with the thrown error.
  ///
  /// ```swift
  /// struct Fatal: Error {}
  /// let cancellable = Fail<Int, URLError>(error: URLError(.timedOut))
  ///   .tryCatch { error -> Just<Int> in
  ///     guard error.code == .timedOut else { throw Fatal() }
  ///     return Just(0)
  ///   }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // Prints: 0
  /// //         finished
  /// ```
  ///
  /// - Note: Demand. The replacement is asked for the demand the subscriber has left; its failure,
  ///   like the thrown error, reaches the subscriber as `any Error`.
  /// - Note: `handler` runs on the thread that delivered the failure, outside any lock.
  ///
  /// - Parameter handler: Makes the replacement publisher from the upstream's error, or throws.
  /// - Returns: A ``Publishers/TryCatch`` publisher.
  public func tryCatch<P: Publisher>(_ handler: @escaping (Failure) throws -> P) -> Publishers.TryCatch<Self, P>
  where Output == P.Output {
    Publishers.TryCatch(upstream: self, handler: handler)
  }
}

extension Publishers {
  /// A publisher that replaces its upstream's failure with another publisher, or with the error its
  /// handler throws.
  ///
  /// Made by ``Publisher/tryCatch(_:)``; see there for demand and threading.
  ///
  /// ```swift
  /// struct Offline: Error {}
  /// let safe = Publishers.TryCatch(upstream: Fail<Int, Offline>(error: Offline())) { _ in Just(0) }
  /// let cancellable = safe.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: 0
  /// ```
  public struct TryCatch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
  where Upstream.Output == NewPublisher.Output {
    /// The values of both publishers.
    public typealias Output = Upstream.Output

    /// Any error: the replacement's failure or the one the handler throws.
    public typealias Failure = any Error

    /// The publisher whose failure is replaced.
    public let upstream: Upstream

    /// Makes the replacement publisher from the upstream's error, or throws.
    public let handler: (Upstream.Failure) throws -> NewPublisher

    /// Creates a publisher that replaces `upstream`'s failure with the publisher `handler` makes.
    ///
    /// ```swift
    /// let safe = Publishers.TryCatch(upstream: request, handler: { _ in Just(fallback) })
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose failure is replaced.
    ///   - handler: Makes the replacement publisher from the upstream's error, or throws.
    public init(upstream: Upstream, handler: @escaping (Upstream.Failure) throws -> NewPublisher) {
      self.upstream = upstream
      self.handler = handler
    }

    /// Subscribes to the upstream; the replacement follows if it fails.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let handler = handler
      let inner = CatchInner<Upstream, NewPublisher, S>(
        downstream: subscriber, name: "TryCatch",
        handler: { error in
          do {
            return .success(try handler(error))
          } catch {
            return .failure(error)
          }
        },
        convertFailure: { $0 })
      upstream.subscribe(inner.upstreamSubscriber)
    }
  }
}
#endif
