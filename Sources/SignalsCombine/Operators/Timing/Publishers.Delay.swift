// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

extension Publisher {
  /// Delivers each value, and the completion, `interval` later, on `scheduler`.
  ///
  /// The delay is measured from the moment each event arrives, so the spacing between values is
  /// kept. Failures are delayed like everything else.
  ///
  /// ```swift
  /// let scheduler = DispatchQueue.test
  /// let subject = PassthroughSubject<String, Never>()
  /// let cancellable = subject.delay(for: .seconds(1), scheduler: scheduler).sink { print($0) }
  /// subject.send("hello")
  /// scheduler.advance(by: .milliseconds(999))  // nothing yet
  /// scheduler.advance(by: .milliseconds(1))    // Prints: hello
  /// ```
  ///
  /// - Note: Demand goes straight upstream; demand the subscriber returns from `receive(_:)` is
  ///   requested after the delayed delivery. Cancelling drops deliveries not yet made. Events keep
  ///   their order even on a scheduler that may run two due actions out of order (a
  ///   `DispatchQueue` coalesces timers whose deadlines are close): each scheduled action delivers
  ///   the oldest event still waiting, not the one that scheduled it. The subscriber is entered by
  ///   one thread at a time even on a concurrent scheduler.
  /// - Important: As in Combine, every value the upstream sends is delayed and delivered, whatever
  ///   the subscriber's demand, and a cancel after the upstream completed stops nothing.
  ///
  /// - Parameters:
  ///   - interval: How long to delay each event.
  ///   - tolerance: How late the scheduler may deliver; `nil` uses its minimum tolerance.
  ///   - scheduler: Where and by whose clock to deliver.
  ///   - options: Options for each `schedule` call.
  /// - Returns: A publisher that delays its upstream's events.
  public func delay<S: Scheduler>(
    for interval: S.SchedulerTimeType.Stride,
    tolerance: S.SchedulerTimeType.Stride? = nil,
    scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> Publishers.Delay<Self, S> {
    Publishers.Delay(
      upstream: self, interval: interval, tolerance: tolerance ?? scheduler.minimumTolerance, scheduler: scheduler,
      options: options)
  }
}

extension Publishers {
  /// The publisher ``Publisher/delay(for:tolerance:scheduler:options:)`` returns: its upstream's
  /// events, each delivered a fixed time later.
  ///
  /// ```swift
  /// let later = Publishers.Delay(upstream: subject, interval: .seconds(1), tolerance: 0,
  ///                              scheduler: DispatchQueue.main, options: nil)
  /// ```
  public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The upstream's output.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose events are delayed.
    public let upstream: Upstream
    /// The delay.
    public let interval: Context.SchedulerTimeType.Stride
    /// How late the scheduler may deliver.
    public let tolerance: Context.SchedulerTimeType.Stride
    /// Where and by whose clock events are delivered.
    public let scheduler: Context
    /// Options for each `schedule` call.
    public let options: Context.SchedulerOptions?

    /// Creates the publisher; ``Publisher/delay(for:tolerance:scheduler:options:)`` is the usual way.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose events are delayed.
    ///   - interval: The delay.
    ///   - tolerance: How late the scheduler may deliver.
    ///   - scheduler: Where and by whose clock events are delivered.
    ///   - options: Options for each `schedule` call.
    public init(
      upstream: Upstream,
      interval: Context.SchedulerTimeType.Stride,
      tolerance: Context.SchedulerTimeType.Stride,
      scheduler: Context,
      options: Context.SchedulerOptions? = nil
    ) {
      self.upstream = upstream
      self.interval = interval
      self.tolerance = tolerance
      self.scheduler = scheduler
      self.options = options
    }

    /// Attaches `subscriber` through an inner subscription that schedules each event.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(DelayInner(downstream: subscriber, publisher: self))
    }
  }
}

extension Publishers.Delay: Sendable
where
  Upstream: Sendable, Context: Sendable, Context.SchedulerTimeType.Stride: Sendable, Context.SchedulerOptions: Sendable
{}

/// The state of a delay: where it stands with its upstream and the order of the events scheduled
/// but not yet delivered. Not generic, so that the per-value critical sections of the unspecialised
/// inner touch no generic type.
private struct DelayState: DeliveryQueueHolding {
  /// Stays `subscribed` after the upstream completes: a cancel then stops nothing (as in Combine).
  var link = PassThroughState()
  /// Scheduled events, delivered in arrival order whichever action runs first.
  var delivery = DeliveryQueue(.nested)
}

/// The subscription of ``Publishers/Delay``. As Combine's, it has no description of its own.
private final class DelayInner<Downstream: Subscriber, Upstream: Publisher, Context: Scheduler>: Subscriber,
  Subscription
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private let downstream: Downstream
  private let interval: Context.SchedulerTimeType.Stride
  private let tolerance: Context.SchedulerTimeType.Stride
  private let scheduler: Context
  private let options: Context.SchedulerOptions?
  private let state = LockedState.make(DelayState())

  init(downstream: Downstream, publisher: Publishers.Delay<Upstream, Context>) {
    self.downstream = downstream
    interval = publisher.interval
    tolerance = publisher.tolerance
    scheduler = publisher.scheduler
    options = publisher.options
  }

  func receive(subscription: any Subscription) {
    guard state.withLock({ $0.link.accept(subscription) }) else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    // As in Combine, values are not counted against demand: each one is scheduled.
    let ticket = state.withLock { state -> DeliveryQueue.Ticket? in
      guard state.link.isReceivingUpstream else { return nil }
      return state.delivery.stage()
    }
    if let ticket {
      // The action holds the subscription until it runs, as in Combine.
      scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options) {
        self.state.deliverDue(ticket, value: input, to: self.downstream, demandReturned: self.requestMore)
      }
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let ticket = state.withLock { state -> DeliveryQueue.Ticket? in
      guard state.link.upstreamCompleted() else { return nil }
      return state.delivery.stage()
    }
    if let ticket {
      scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options) {
        self.state.deliverDue(ticket, completion: completion, to: self.downstream, demandReturned: self.requestMore)
      }
    }
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { $0.link.receivingUpstream }?.request(demand)
  }

  func cancel() {
    // Before the subscription, and once the upstream completed, this does nothing, as in Combine.
    let (upstream, dropped) = state.withLock { state -> ((any Subscription)?, AnyObject?) in
      guard let upstream = state.link.cancel() else { return (nil, nil) }
      return (upstream, state.delivery.close())
    }
    upstream?.cancel()
    withExtendedLifetime(dropped) {}
  }

  /// Passes on demand the subscriber returned from a delayed delivery. One action was scheduled
  /// per event, so every event is delivered once, in arrival order whichever action runs first,
  /// and by one thread at a time.
  private func requestMore(_ demand: Subscribers.Demand) {
    state.withLock { $0.link.subscription }?.request(demand)
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; the rest is immutable.
extension DelayInner: @unchecked Sendable {}
#endif
