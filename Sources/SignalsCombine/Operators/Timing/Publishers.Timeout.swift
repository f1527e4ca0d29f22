// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

extension Publisher {
  /// Ends the pipeline if the upstream stays silent for longer than `interval`.
  ///
  /// The clock starts at subscription, starts again at the subscriber's first request, and again
  /// with every value. When it runs out, the upstream is cancelled and the subscriber receives
  /// `.failure(customError())`, or `.finished` when no `customError` is given.
  ///
  /// ```swift
  /// struct TooSlow: Error {}
  /// let scheduler = DispatchQueue.test
  /// let replies = PassthroughSubject<String, TooSlow>()
  /// let cancellable = replies
  ///   .timeout(.seconds(5), scheduler: scheduler, customError: { TooSlow() })
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// scheduler.advance(by: .seconds(5))
  /// // Prints: failure(TooSlow())
  /// ```
  ///
  /// - Note: Demand goes straight upstream. Threading: values and the completion are delivered on
  ///   `scheduler`, as is the timeout.
  /// - Important: An upstream completion that arrives in time stops the clock and is delivered as
  ///   it is. Values scheduled but not yet delivered when the time runs out are dropped. As in
  ///   Combine, values are forwarded whatever the subscriber's demand, and the clock is a repeating
  ///   timer (`schedule(after:interval:tolerance:options:)`), so the scheduler must run it later:
  ///   with ``ImmediateScheduler`` the pipeline stops with a precondition failure.
  ///
  /// - Parameters:
  ///   - interval: The longest silence allowed.
  ///   - scheduler: Where and by whose clock to deliver and measure.
  ///   - options: Options for each `schedule` call.
  ///   - customError: Makes the failure to send on timeout; `nil` finishes normally instead.
  /// - Returns: A publisher that ends after a silence of `interval`.
  public func timeout<S: Scheduler>(
    _ interval: S.SchedulerTimeType.Stride,
    scheduler: S,
    options: S.SchedulerOptions? = nil,
    customError: (() -> Failure)? = nil
  ) -> Publishers.Timeout<Self, S> {
    Publishers.Timeout(
      upstream: self, interval: interval, scheduler: scheduler, options: options, customError: customError)
  }
}

extension Publishers {
  /// The publisher ``Publisher/timeout(_:scheduler:options:customError:)`` returns: its upstream,
  /// ended after a silence.
  ///
  /// ```swift
  /// let bounded = Publishers.Timeout(upstream: replies, interval: .seconds(5), scheduler: DispatchQueue.main,
  ///                                  options: nil, customError: nil)
  /// ```
  public struct Timeout<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The upstream's output.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher being watched.
    public let upstream: Upstream
    /// The longest silence allowed.
    public let interval: Context.SchedulerTimeType.Stride
    /// Where and by whose clock events are delivered and measured.
    public let scheduler: Context
    /// Options for each `schedule` call.
    public let options: Context.SchedulerOptions?
    /// Makes the failure sent on timeout; `nil` finishes instead.
    public let customError: (() -> Upstream.Failure)?

    /// Creates the publisher; ``Publisher/timeout(_:scheduler:options:customError:)`` is the usual
    /// way.
    ///
    /// - Parameters:
    ///   - upstream: The publisher being watched.
    ///   - interval: The longest silence allowed.
    ///   - scheduler: Where and by whose clock events are delivered and measured.
    ///   - options: Options for each `schedule` call.
    ///   - customError: Makes the failure sent on timeout; `nil` finishes instead.
    public init(
      upstream: Upstream,
      interval: Context.SchedulerTimeType.Stride,
      scheduler: Context,
      options: Context.SchedulerOptions?,
      customError: (() -> Upstream.Failure)?
    ) {
      self.upstream = upstream
      self.interval = interval
      self.scheduler = scheduler
      self.options = options
      self.customError = customError
    }

    /// Attaches `subscriber` through an inner subscription that runs the clock.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(TimeoutInner(downstream: subscriber, publisher: self))
    }
  }
}

/// Where a timeout stands. Not generic (a type nested in the generic inner would be): the operator
/// runs unspecialised, and a generic state is looked up in the runtime on every use.
private struct TimeoutState: DeliveryQueueHolding {
  var status = SubscriptionStatus.awaitingSubscription
  /// Bumped whenever the clock is armed again; a tick of an older clock does nothing.
  var generation: UInt64 = 0
  /// The repeating timer of the running clock.
  var timer: (any Cancellable)?
  /// Whether the subscriber has made its first request (which restarts the clock once).
  var hasRequested = false
  /// Whether the clock ran out.
  var didTimeOut = false
  /// The generation whose clock is being armed (its `schedule` call has not returned yet).
  var armingGeneration: UInt64?
  /// Values and the completion on their way to the subscriber, oldest first, handed over by one
  /// thread at a time.
  var delivery = DeliveryQueue(.nested)
}

private final class TimeoutInner<Downstream: Subscriber, Upstream: Publisher, Context: Scheduler>: Subscriber,
  Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private let downstream: Downstream
  private let interval: Context.SchedulerTimeType.Stride
  private let scheduler: Context
  private let options: Context.SchedulerOptions?
  private let customError: (() -> Failure)?
  private let state = LockedState.make(TimeoutState())

  init(downstream: Downstream, publisher: Publishers.Timeout<Upstream, Context>) {
    self.downstream = downstream
    interval = publisher.interval
    scheduler = publisher.scheduler
    options = publisher.options
    customError = publisher.customError
  }

  var description: String { "Timeout" }

  var customMirror: Mirror { Mirror(self, children: [:]) }

  var playgroundDescription: Any { description }

  func receive(subscription: any Subscription) {
    guard state.withLock({ $0.status.accept(subscription) }) else {
      subscription.cancel()
      return
    }
    restartClock()
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    // As in Combine, values are not counted against demand: the upstream is trusted.
    let ticket = state.withLock { state -> DeliveryQueue.Ticket? in
      guard state.status.isSubscribed, !state.didTimeOut else { return nil }
      return state.delivery.stage()
    }
    guard let ticket else { return .none }
    restartClock()
    // The value goes out in its turn, by this thread or by the one already delivering.
    scheduler.schedule(options: options) {
      self.state.deliverDue(ticket, value: input, to: self.downstream, demandReturned: self.requestFromUpstream)
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let (ticket, timer) = state.withLock { state -> (DeliveryQueue.Ticket?, (any Cancellable)?) in
      guard state.status.isSubscribed else { return (nil, nil) }
      state.generation &+= 1
      defer { state.timer = nil }
      return (state.delivery.stage(), state.timer)
    }
    timer?.cancel()
    guard let ticket else { return }
    scheduler.schedule(options: options) {
      self.state.deliverDue(
        ticket, completion: completion, to: self.downstream, demandReturned: self.requestFromUpstream)
    }
  }

  func request(_ demand: Subscribers.Demand) {
    let (upstream, isFirst) = state.withLock { state -> ((any Subscription)?, Bool) in
      guard let upstream = state.status.subscription else { return (nil, false) }
      defer { state.hasRequested = true }
      return (upstream, !state.hasRequested)
    }
    guard let upstream else { return }
    if isFirst { restartClock() }
    upstream.request(demand)
  }

  func cancel() {
    // Before the subscription arrives this does nothing, as in Combine.
    let (upstream, timer, dropped) = state.withLock { state in
      guard let upstream = state.status.subscription else {
        return ((any Subscription)?.none, (any Cancellable)?.none, AnyObject?.none)
      }
      state.status = .terminal
      defer { state.timer = nil }
      return (upstream, state.timer, state.delivery.close())
    }
    timer?.cancel()
    upstream?.cancel()
    withExtendedLifetime(dropped) {}
  }

  /// Stops the running clock and arms a new repeating one, as Combine does.
  private func restartClock() {
    let (generation, previous) = state.withLock { state -> (UInt64, (any Cancellable)?) in
      state.generation &+= 1
      state.armingGeneration = state.generation
      defer { state.timer = nil }
      return (state.generation, state.timer)
    }
    previous?.cancel()
    let timer = scheduler.schedule(
      after: scheduler.now.advanced(by: interval), interval: interval, tolerance: scheduler.minimumTolerance,
      options: options
    ) {
      self.clockRanOut(generation)
    }
    let stale = state.withLock { state -> Bool in
      if state.armingGeneration == generation { state.armingGeneration = nil }
      guard state.generation == generation, state.status.isSubscribed else { return true }
      state.timer = timer
      return false
    }
    if stale { timer.cancel() }
  }

  private func clockRanOut(_ generation: UInt64) {
    let firedWhileArming = state.withLock { $0.armingGeneration == generation }
    if firedWhileArming {
      // Combine stops here too (its lock is taken twice): the subscriber would get a completion
      // before, or in the middle of, its subscription.
      preconditionFailure(
        "timeout(_:scheduler:) needs a scheduler that runs its timer later: the timer ran inside the schedule call "
          + "(as ImmediateScheduler does)")
    }
    let ranOut = state.withLock { state -> (upstream: any Subscription, timer: (any Cancellable)?)? in
      guard state.generation == generation, !state.didTimeOut, let upstream = state.status.subscription else {
        return nil
      }
      state.didTimeOut = true
      state.status = .terminal
      defer { state.timer = nil }
      return (upstream, state.timer)
    }
    guard let ranOut else { return }
    ranOut.timer?.cancel()
    ranOut.upstream.cancel()
    // The custom error is made outside the lock; the values still scheduled are not delivered.
    let completion: Subscribers.Completion<Failure> = customError.map { .failure($0()) } ?? .finished
    let thread = ThreadIdentity.current
    let (dropped, step) = state.withLock { state -> (AnyObject?, DeliveryQueue.Step) in
      let dropped = state.delivery.skipWaiting()
      let step = state.delivery.deliverNow(completion, input: Input.self, on: thread)
      return (dropped, step)
    }
    withExtendedLifetime(dropped) {}
    state.deliver(step, completion: completion, to: downstream, demandReturned: requestFromUpstream)
  }

  /// Passes demand the subscriber returned to the upstream, unless the clock ran out.
  private func requestFromUpstream(_ additional: Subscribers.Demand) {
    state.withLock { $0.didTimeOut ? nil : $0.status.subscription }?.request(additional)
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; the rest is immutable.
extension TimeoutInner: @unchecked Sendable {}
#endif
