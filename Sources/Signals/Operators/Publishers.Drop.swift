// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

extension Publisher {
  /// Skips the first `count` values, then republishes the rest.
  ///
  /// Downstream receives its subscription before upstream is subscribed, as in Combine. When
  /// upstream's subscription arrives, the operator asks it for `count` plus whatever downstream
  /// asked for so far in one request, so the skipped values never eat into downstream's demand;
  /// later requests pass through unchanged.
  ///
  /// ```swift
  /// let cancellable = (1...5).publisher.dropFirst(2).sink { print($0) }
  /// // Prints: 3, 4, 5 (one per line)
  /// ```
  ///
  /// - Parameter count: The number of values to skip; must not be negative.
  /// - Returns: A ``Publishers/Drop`` publisher.
  public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
    Publishers.Drop(upstream: self, count: count)
  }
}

extension Publishers {
  /// A publisher that skips a number of values before republishing.
  ///
  /// Made by ``Publisher/dropFirst(_:)``.
  ///
  /// ```swift
  /// let rest = Publishers.Drop(upstream: ["a", "b", "c"].publisher, count: 1)
  /// let cancellable = rest.sink { print($0) }
  /// // Prints: b, c (one per line)
  /// ```
  public struct Drop<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose first values are skipped.
    public let upstream: Upstream

    /// The number of values to skip.
    public let count: Int

    /// Creates a publisher that skips the first `count` values of `upstream`.
    ///
    /// ```swift
    /// let rest = Publishers.Drop(upstream: (1...3).publisher, count: 2)
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose first values are skipped.
    ///   - count: The number of values to skip; must not be negative.
    public init(upstream: Upstream, count: Int) {
      self.upstream = upstream
      self.count = count
    }

    /// Hands `subscriber` its subscription, then subscribes to upstream.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      precondition(count >= 0, "dropFirst(_:) needs a count that is not negative")
      let inner = Inner(downstream: subscriber, count: count)
      subscriber.receive(subscription: inner)
      upstream.subscribe(inner)
    }
  }
}

extension Publishers.Drop: Equatable where Upstream: Equatable {}

extension Publishers.Drop: Sendable where Upstream: Sendable {}

extension Publishers.Drop {
  private final class Inner<Downstream: Subscriber>: ForwardingInner<Output, Upstream.Failure, Downstream>
  where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
    private let count: Int
    /// Values still to skip; touched only on the upstream's delivery path.
    @exclusivity(unchecked) private var remaining: Int

    init(downstream: Downstream, count: Int) {
      self.count = count
      self.remaining = count
      super.init(downstream: downstream)
    }

    override var description: String { "Drop" }

    override func receive(subscription: any Subscription) {
      guard let pending = acceptUpstream(subscription) else {
        subscription.cancel()
        return
      }
      let demand = pending + count
      if demand > 0 { subscription.request(demand) }
    }

    override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
      guard remaining > 0 else { return send(input, admission) }
      remaining -= 1
      // The skipped value was asked for up front, on top of downstream's demand.
      return absorb(admission)
    }
  }
}
