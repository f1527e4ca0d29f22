// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

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
  ///   asked for the demand the subscriber has left, and the demand the subscriber returns for a
  ///   value is requested from the running attempt at once. As in Combine, a value beyond the
  ///   demand stops the program, and a negative `retries` retries without limit. The new attempt
  ///   is subscribed on the thread that delivered the failure.
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
      upstream.subscribe(RetryInner(upstream: upstream, retries: retries, downstream: subscriber))
    }
  }
}

extension Publishers.Retry: Equatable where Upstream: Equatable {}

extension Publishers.Retry: Sendable where Upstream: Sendable {}

/// Where a retrying subscription stands, behind its lock.
private struct RetryState<Upstream: Publisher, Downstream> {
  /// The upstream to subscribe again and the subscriber; both released once terminal.
  var parts: (upstream: Upstream, downstream: Downstream)?
  /// The running attempt's subscription; `nil` between attempts.
  var subscription: (any Subscription)?
  /// Retries left; `nil` for no limit. A negative count never reaches zero, so it retries forever
  /// as Combine's does.
  var remaining: Int?
  /// Values the subscriber asked for and has not received.
  var demand = Subscribers.Demand.none
  /// Whether the subscriber still waits for its (one) subscription.
  var downstreamNeedsSubscription = true
  /// Whether an attempt is being subscribed on this call stack.
  var subscribing = false
  /// Whether an attempt failed while the previous one was being subscribed.
  var needsAnotherAttempt = false
}

/// What a completion of an attempt leads to.
private enum RetryStep<Upstream, Downstream> {
  /// Nothing: the chain is over, or the attempt being subscribed will loop again.
  case ignore
  /// Deliver the completion to the subscriber.
  case deliver(Downstream)
  /// Subscribe the upstream again.
  case subscribeAgain(Upstream)
}

/// The subscriber of every attempt and the one subscription its subscriber sees, as in Combine:
/// each attempt is asked for the demand left, and a failure subscribes the upstream again (in a
/// loop, not recursively, when the attempt fails while being subscribed).
private final class RetryInner<Upstream: Publisher, Downstream: Subscriber>: Subscriber, Subscription,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
  typealias Input = Upstream.Output
  typealias Failure = Upstream.Failure

  private let state: LockedState<RetryState<Upstream, Downstream>>

  init(upstream: Upstream, retries: Int?, downstream: Downstream) {
    state = .make(RetryState(parts: (upstream, downstream), remaining: retries))
  }

  var description: String { "Retry" }

  var customMirror: Mirror { Mirror(self, children: [:]) }

  var playgroundDescription: Any { description }

  func receive(subscription: any Subscription) {
    let accepted = state.withLock { state -> (downstream: Downstream?, demand: Subscribers.Demand)? in
      guard let parts = state.parts, state.subscription == nil else { return nil }
      state.subscription = subscription
      defer { state.downstreamNeedsSubscription = false }
      return (state.downstreamNeedsSubscription ? parts.downstream : nil, state.demand)
    }
    guard let accepted else {
      subscription.cancel()
      return
    }
    accepted.downstream?.receive(subscription: self)
    if accepted.demand > 0 { subscription.request(accepted.demand) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let downstream = state.withLock { state -> Downstream? in
      guard let downstream = state.parts?.downstream else { return nil }
      precondition(state.demand > 0, "Retry received a value beyond the demand of its subscriber")
      state.demand -= 1
      return downstream
    }
    guard let downstream else { return .none }
    let more = downstream.receive(input)
    guard more > 0 else { return .none }
    let subscription = state.withLock { state -> (any Subscription)? in
      guard state.parts != nil else { return nil }
      state.demand += more
      return state.subscription
    }
    subscription?.request(more)
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let step = state.withLock { state -> RetryStep<Upstream, Downstream> in
      guard let parts = state.parts else { return .ignore }
      if case .failure = completion, state.remaining != 0 {
        state.subscription = nil
        state.remaining = state.remaining.map { $0 &- 1 }
        if state.subscribing {
          state.needsAnotherAttempt = true
          return .ignore
        }
        state.subscribing = true
        return .subscribeAgain(parts.upstream)
      }
      state.parts = nil
      state.subscription = nil
      return .deliver(parts.downstream)
    }
    switch step {
    case .ignore:
      return
    case .deliver(let downstream):
      downstream.receive(completion: completion)
    case .subscribeAgain(let upstream):
      var again = true
      while again {
        upstream.subscribe(self)
        again = state.withLock { state in
          defer { state.needsAnotherAttempt = false }
          state.subscribing = state.needsAnotherAttempt
          return state.needsAnotherAttempt
        }
      }
    }
  }

  func request(_ demand: Subscribers.Demand) {
    let subscription = state.withLock { state -> (any Subscription)? in
      guard state.parts != nil else { return nil }
      state.demand += demand
      return state.subscription
    }
    subscription?.request(demand)
  }

  func cancel() {
    let ended = state.withLock { state -> (parts: (Upstream, Downstream)?, subscription: (any Subscription)?) in
      defer {
        state.parts = nil
        state.subscription = nil
      }
      return (state.parts, state.subscription)
    }
    guard ended.parts != nil else { return }
    ended.subscription?.cancel()
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; calls to the subscriber come from
// one attempt at a time, whose calls are serialised.
extension RetryInner: @unchecked Sendable {}
#endif
