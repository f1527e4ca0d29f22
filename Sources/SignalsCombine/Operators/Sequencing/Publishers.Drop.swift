// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

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
  /// Drop's inner, with Combine's rules: its subscriber gets it before upstream is subscribed;
  /// demand asked for before the subscription waits and is requested with the count to skip;
  /// values and completions are forwarded as upstream sends them; a cancel lets go of the
  /// subscription, and a later subscription is taken as a new one.
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible
  where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Output
    typealias Failure = Upstream.Failure

    private struct State {
      var upstream: (any Subscription)?
      /// What downstream asked for while no subscription was held.
      var pendingDemand = Subscribers.Demand.none
    }

    private let downstream: Downstream
    private let count: Int
    private let state = LockedState.make(State())
    /// Values still to skip; touched only on the upstream's serial delivery path.
    @exclusivity(unchecked) private var remaining: Int

    init(downstream: Downstream, count: Int) {
      self.downstream = downstream
      self.count = count
      self.remaining = count
    }

    var description: String { "Drop" }

    var customMirror: Mirror { Mirror(self, children: [:]) }

    var playgroundDescription: Any { description }

    func receive(subscription: any Subscription) {
      let demand: Subscribers.Demand? = state.withLock { state in
        guard state.upstream == nil else { return nil }
        state.upstream = subscription
        defer { state.pendingDemand = .none }
        return state.pendingDemand + remaining
      }
      guard let demand else {
        subscription.cancel()
        return
      }
      if demand > 0 { subscription.request(demand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard remaining > 0 else { return downstream.receive(input) }
      // The skipped value was asked for up front, on top of downstream's demand.
      remaining -= 1
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      state.withLock { $0.upstream = nil }
      downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      precondition(demand > 0, "Drop was asked for zero values (a demand must be positive)")
      let upstream: (any Subscription)? = state.withLock { state in
        guard let upstream = state.upstream else {
          state.pendingDemand += demand
          return nil
        }
        return upstream
      }
      upstream?.request(demand)
    }

    func cancel() {
      let upstream = state.withLock { state in
        defer { state.upstream = nil }
        return state.upstream
      }
      upstream?.cancel()
    }
  }
}
#endif
