// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

extension Publisher {
  /// Subscribes to the upstream again when it fails, up to a number of times.
  ///
  /// After `retries` failed attempts beyond the first, the last failure reaches the subscriber. A
  /// finish passes through.
  ///
  /// ```swift
  /// struct Busy: Error {}
  /// var attempts = 0
  /// let flaky = Deferred { () -> Result<String, Busy>.Publisher in
  ///   attempts += 1
  ///   return Result.Publisher(attempts < 3 ? .failure(Busy()) : .success("ok"))
  /// }
  /// let cancellable = flaky.retry(2).sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // Prints: ok
  /// //         finished
  /// ```
  ///
  /// - Note: Demand. The subscriber gets one subscription for every attempt; each new attempt is
  ///   asked for the demand the subscriber has left. The new attempt is subscribed on the thread
  ///   that delivered the failure.
  ///
  /// - Parameter retries: How many times to subscribe again after a failure.
  /// - Returns: A ``Publishers/Retry`` publisher.
  public func retry(_ retries: Int) -> Publishers.Retry<Self> {
    Publishers.Retry(upstream: self, retries: retries)
  }
}

extension Publishers {
  /// A publisher that subscribes to its upstream again when it fails.
  ///
  /// Made by ``Publisher/retry(_:)``; see there for demand and threading. With `retries` set to
  /// `nil`, it tries again after every failure, without limit.
  ///
  /// ```swift
  /// let patient = Publishers.Retry(upstream: request, retries: nil)
  /// ```
  public struct Retry<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output

    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher to subscribe to again when it fails.
    public let upstream: Upstream

    /// How many times to try again after a failure; `nil` for no limit.
    public let retries: Int?

    /// Creates a publisher that subscribes to `upstream` again after a failure.
    ///
    /// ```swift
    /// let retried = Publishers.Retry(upstream: request, retries: 3)
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher to subscribe to again when it fails.
    ///   - retries: How many times to try again; `nil` for no limit.
    public init(upstream: Upstream, retries: Int?) {
      self.upstream = upstream
      self.retries = retries
    }

    /// Subscribes to the upstream, and again after each failure while retries remain.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let storage = ChainStorage(downstream: subscriber, name: "Retry")
      Self.attempt(upstream, remaining: retries, storage: storage)
    }

    private static func attempt<S: Subscriber>(_ upstream: Upstream, remaining: Int?, storage: ChainStorage<S>)
    where S.Input == Output, S.Failure == Failure {
      storage.attach(upstream) { completion in
        guard case .failure = completion else { return .complete(completion) }
        if let remaining, remaining <= 0 { return .complete(completion) }
        return .next { attempt(upstream, remaining: remaining.map { $0 - 1 }, storage: storage) }
      }
    }
  }
}

extension Publishers.Retry: Equatable where Upstream: Equatable {}

extension Publishers.Retry: Sendable where Upstream: Sendable {}
