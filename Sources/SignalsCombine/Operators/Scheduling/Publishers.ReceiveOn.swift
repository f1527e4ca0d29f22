// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

extension Publisher {
  /// Delivers values and the completion on `scheduler`.
  ///
  /// Use it to hop to the thread your subscriber needs, typically the main queue for UI work, or
  /// to move work off a producer's thread. Each value and the completion are handed to
  /// `scheduler` one by one, in the order they arrived; the subscription itself reaches the
  /// subscriber on the thread that subscribes.
  ///
  /// ```swift
  /// let scheduler = DispatchQueue.test
  /// let subject = PassthroughSubject<Int, Never>()
  /// let cancellable = subject.receive(on: scheduler).sink { print("got", $0) }
  /// subject.send(1)
  /// print("sent")
  /// scheduler.advance()
  /// // Prints: sent
  /// //         got 1
  /// ```
  ///
  /// - Note: Demand and cancellation go straight upstream, on the caller's thread. Additional
  ///   demand returned by the subscriber is requested after each delivery.
  /// - Important: The subscriber is entered by one thread at a time even on a concurrent
  ///   scheduler (`DispatchQueue.global()`, an `OperationQueue` running several operations), and
  ///   events keep their order: an action that runs while another thread is delivering leaves its
  ///   event to that thread. After `cancel()`, values still queued on the scheduler are dropped.
  ///   As in Combine, every value the upstream sends is delivered, whatever the subscriber's
  ///   demand, and a cancel after the upstream completed stops nothing.
  ///
  /// - Parameters:
  ///   - scheduler: Where to deliver.
  ///   - options: Options for each `schedule` call.
  /// - Returns: A publisher that delivers on `scheduler`.
  public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
    -> Publishers.ReceiveOn<Self, S>
  {
    Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
  }
}

extension Publishers {
  /// The publisher ``Publisher/receive(on:options:)`` returns: it delivers its upstream's values
  /// and completion on a scheduler.
  ///
  /// ```swift
  /// let onMain = Publishers.ReceiveOn(upstream: subject, scheduler: DispatchQueue.main, options: nil)
  /// ```
  public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The upstream's output.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose events are moved.
    public let upstream: Upstream
    /// Where events are delivered.
    public let scheduler: Context
    /// Options for each `schedule` call.
    public let options: Context.SchedulerOptions?

    /// Creates the publisher; ``Publisher/receive(on:options:)`` is the usual way.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose events are moved.
    ///   - scheduler: Where events are delivered.
    ///   - options: Options for each `schedule` call.
    public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
      self.upstream = upstream
      self.scheduler = scheduler
      self.options = options
    }

    /// Attaches `subscriber` through an inner subscription that schedules each event.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(ReceiveOnInner(downstream: subscriber, scheduler: scheduler, options: options))
    }
  }
}

extension Publishers.ReceiveOn: Sendable
where Upstream: Sendable, Context: Sendable, Context.SchedulerOptions: Sendable {}

/// The state of a `receive(on:)` subscription: where it stands with its upstream, and the order of
/// the events scheduled but not yet delivered. Not generic, so that the per-value critical sections
/// of the unspecialised inner touch no generic type.
private struct ReceiveOnState: DeliveryQueueHolding {
  var link = PassThroughState()
  /// Events scheduled on a scheduler other than the main actor's lane, which is serial itself.
  var delivery = DeliveryQueue(.nested)
}

private final class ReceiveOnInner<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
{
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private let downstream: Downstream
  private let scheduler: Context
  private let options: Context.SchedulerOptions?
  private let state = LockedState.make(ReceiveOnState())
  /// With a ``LaneScheduler`` (the main-actor scheduler), this subscription's own ordered lane, so
  /// that its inline deliveries wait only behind its own backlog; `nil` for other schedulers.
  private let lane: (any SchedulerLane)?

  init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
    self.downstream = downstream
    self.scheduler = scheduler
    self.options = options
    lane = (Context.self as? any LaneScheduler.Type)?.makeLane()
  }

  var description: String { "ReceiveOn" }

  var customMirror: Mirror { Mirror(self, children: [:]) }

  var playgroundDescription: Any { description }

  func receive(subscription: any Subscription) {
    guard state.withLock({ $0.link.accept(subscription) }) else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    // As in Combine, values are not counted against demand: each one is scheduled.
    guard let lane else {
      let ticket = state.withLock { state -> DeliveryQueue.Ticket? in
        guard state.link.isReceivingUpstream else { return nil }
        return state.delivery.stage()
      }
      if let ticket { scheduler.schedule(options: options) { self.deliverDue(ticket, input) } }
      return .none
    }
    guard state.withLock({ $0.link.isReceivingUpstream }) else { return .none }
    if lane.runsInlineOrSchedules({ { self.deliverOnLane(input) } }) {
      // Already on the main actor with nothing of this subscription waiting: no closure, no hop,
      // and no second look at the status (a cancel racing with this call races with a synchronous
      // delivery, as in any operator); more demand goes back as the return value.
      return downstream.receive(input)
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let (staged, ticket) = state.withLock { state -> (Bool, DeliveryQueue.Ticket?) in
      guard state.link.upstreamCompleted() else { return (false, nil) }
      return (true, lane == nil ? state.delivery.stage() : nil)
    }
    guard staged else { return }
    if let lane {
      lane.schedule { self.downstream.receive(completion: completion) }
    } else if let ticket {
      scheduler.schedule(options: options) {
        self.state.deliverDue(ticket, completion: completion, to: self.downstream, demandReturned: self.requestMore)
      }
    }
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { $0.link.receivingUpstream }?.request(demand)
  }

  func cancel() {
    // After the upstream completed this stops nothing, as in Combine: what it sent is delivered.
    let (upstream, dropped) = state.withLock { state -> ((any Subscription)?, AnyObject?) in
      guard let upstream = state.link.cancel() else { return (nil, nil) }
      return (upstream, state.delivery.close())
    }
    upstream?.cancel()
    withExtendedLifetime(dropped) {}
  }

  /// A scheduled action runs: its value is delivered in its turn, by this thread or by the one
  /// already delivering (so a concurrent scheduler never enters the subscriber twice at once).
  private func deliverDue(_ ticket: DeliveryQueue.Ticket, _ input: Input) {
    state.deliverDue(ticket, value: input, to: downstream, demandReturned: requestMore)
  }

  /// Passes on demand the subscriber returned from a scheduled delivery.
  private func requestMore(_ demand: Subscribers.Demand) {
    state.withLock { $0.link.subscription }?.request(demand)
  }

  private func deliverOnLane(_ input: Input) {
    guard state.withLock({ $0.link.isSubscribed }) else { return }
    let additional = downstream.receive(input)
    if additional > 0 {
      state.withLock { $0.link.subscription }?.request(additional)
    }
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; the rest is immutable.
extension ReceiveOnInner: @unchecked Sendable {}
#endif
