// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

extension Publisher {
  /// Replaces a failure with the values of another publisher.
  ///
  /// When the upstream fails, `handler` makes a publisher from the error and the subscriber
  /// continues with its values and its completion. A finish of the upstream passes through.
  ///
  /// ```swift
  /// let cancellable = Fail<String, URLError>(error: URLError(.timedOut))
  ///   .catch { _ in Just("offline copy") }
  ///   .sink { print($0) }
  /// // Prints: offline copy
  /// ```
  ///
  /// - Note: Demand. The subscriber gets one subscription for both publishers; the replacement is
  ///   asked for the demand the subscriber has left when the upstream failed.
  /// - Note: `handler` runs on the thread that delivered the failure, outside any lock.
  ///
  /// - Parameter handler: Makes the replacement publisher from the upstream's error.
  /// - Returns: A ``Publishers/Catch`` publisher.
  public func `catch`<P: Publisher>(_ handler: @escaping (Failure) -> P) -> Publishers.Catch<Self, P>
  where Output == P.Output {
    Publishers.Catch(upstream: self, handler: handler)
  }
}

extension Publishers {
  /// A publisher that replaces its upstream's failure with another publisher.
  ///
  /// Made by ``Publisher/catch(_:)``; see there for demand and threading.
  ///
  /// ```swift
  /// struct Offline: Error {}
  /// let safe = Publishers.Catch(upstream: Fail<Int, Offline>(error: Offline())) { _ in Just(0) }
  /// let cancellable = safe.sink { print($0) }
  /// // Prints: 0
  /// ```
  public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
  where Upstream.Output == NewPublisher.Output {
    /// The values of both publishers.
    public typealias Output = Upstream.Output

    /// The replacement publisher's failure type.
    public typealias Failure = NewPublisher.Failure

    /// The publisher whose failure is replaced.
    public let upstream: Upstream

    /// Makes the replacement publisher from the upstream's error.
    public let handler: (Upstream.Failure) -> NewPublisher

    /// Creates a publisher that replaces `upstream`'s failure with the publisher `handler` makes.
    ///
    /// ```swift
    /// let safe = Publishers.Catch(upstream: request, handler: { _ in Just(fallback) })
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose failure is replaced.
    ///   - handler: Makes the replacement publisher from the upstream's error.
    public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
      self.upstream = upstream
      self.handler = handler
    }

    /// Subscribes to the upstream; the replacement follows if it fails.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let storage = ChainStorage(downstream: subscriber, name: "Catch")
      let handler = handler
      storage.attach(upstream) { completion in
        switch completion {
        case .finished:
          return .complete(.finished)
        case .failure(let error):
          let replacement = handler(error)
          return .next { storage.attach(replacement) { .complete($0) } }
        }
      }
    }
  }
}
