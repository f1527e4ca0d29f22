// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

extension Publisher {
  /// Publishes at most one value per `interval`: the first or the latest value of each window.
  ///
  /// The first value goes out at once (on `scheduler`); values arriving in the following
  /// `interval` are held back, and when the window ends the held value is published: the first
  /// one that arrived (`latest: false`) or the most recent (`latest: true`).
  ///
  /// ```swift
  /// let scheduler = DispatchQueue.test
  /// let scroll = PassthroughSubject<Int, Never>()
  /// let cancellable = scroll.throttle(for: .seconds(1), scheduler: scheduler, latest: true).sink { print($0) }
  /// scroll.send(1)
  /// scheduler.advance()                       // Prints: 1
  /// scroll.send(2)
  /// scroll.send(3)
  /// scheduler.advance(by: .seconds(1))        // Prints: 3
  /// ```
  ///
  /// - Note: Demand: the upstream is asked for unlimited values; a value that arrives while the
  ///   subscriber has no demand is dropped.
  /// - Note: Threading: values and the completion are delivered on `scheduler`.
  /// - Important: Completion: if a value is held when the upstream completes, the value is
  ///   delivered at its time and the completion right after it; otherwise the completion is
  ///   delivered on `scheduler` at once.
  ///
  /// - Parameters:
  ///   - interval: The window length.
  ///   - scheduler: Where and by whose clock to deliver.
  ///   - latest: `true` to publish the latest value of a window, `false` for the first.
  /// - Returns: A publisher of throttled values.
  public func throttle<S: Scheduler>(for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool)
    -> Publishers.Throttle<Self, S>
  {
    Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
  }
}

extension Publishers {
  /// The publisher ``Publisher/throttle(for:scheduler:latest:)`` returns: at most one value per
  /// interval.
  ///
  /// ```swift
  /// let calm = Publishers.Throttle(upstream: scroll, interval: .seconds(1),
  ///                                scheduler: DispatchQueue.main, latest: true)
  /// ```
  public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The upstream's output.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are throttled.
    public let upstream: Upstream
    /// The window length.
    public let interval: Context.SchedulerTimeType.Stride
    /// Where and by whose clock values are delivered.
    public let scheduler: Context
    /// Whether the latest (rather than the first) value of a window is published.
    public let latest: Bool

    /// Creates the publisher; ``Publisher/throttle(for:scheduler:latest:)`` is the usual way.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are throttled.
    ///   - interval: The window length.
    ///   - scheduler: Where and by whose clock values are delivered.
    ///   - latest: Whether the latest value of a window is published.
    public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
      self.upstream = upstream
      self.interval = interval
      self.scheduler = scheduler
      self.latest = latest
    }

    /// Attaches `subscriber` through an inner subscription that holds and schedules values.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        ThrottleInner(downstream: subscriber, interval: interval, scheduler: scheduler, latest: latest))
    }
  }
}

extension Publishers.Throttle: Sendable
where Upstream: Sendable, Context: Sendable, Context.SchedulerTimeType.Stride: Sendable {}

/// Where a throttle stands. Not generic (a type nested in the generic inner would be): the
/// operator runs unspecialised, and a generic state (or an optional of a generic type) is looked
/// up in the runtime on every use. The values it speaks of live in the inner's slots, guarded by
/// the same lock.
private struct ThrottleState: DeliveryQueueHolding {
  /// `subscription` stays set after the upstream completes, until the completion is delivered.
  var status = SubscriptionStatus.awaitingSubscription
  var upstreamCompleted = false
  var demand = Subscribers.Demand.none
  /// Emissions on their way to the subscriber: one thread at a time delivers them, even when a
  /// concurrent scheduler runs the next emission while the last one is still being delivered.
  var delivery = DeliveryQueue(.nested)

  /// Whether values and completions are still taken from upstream.
  var isReceiving: Bool { status.isSubscribed && !upstreamCompleted }
}

private final class ThrottleInner<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
{
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure
  typealias Time = Context.SchedulerTimeType

  /// When to run the next emission.
  private enum Emission {
    case none
    case now
    /// At the time the caller was handed with it.
    case later
  }

  /// What an emission takes out of the slots, for delivery after unlocking.
  private enum Taken {
    case nothing
    case value(Input, Downstream)
    case completion(Subscribers.Completion<Failure>, Downstream)
    case valueThenCompletion(Input, Subscribers.Completion<Failure>, Downstream)
  }

  private let interval: Time.Stride
  private let scheduler: Context
  private let latest: Bool
  private let state = LockedState.make(ThrottleState())
  // The slots below are guarded by `state`'s lock: read and written only inside `state.withLock`,
  // and released in `deinit`. Slots rather than optionals, so that the per-value paths look no
  // generic type up (see `ValueSlot`).
  /// The subscriber, emptied once the pipeline ends (completion delivered or cancelled), as in
  /// Combine, so a subscriber that keeps its subscription is not kept alive by it.
  private var downstream = ValueSlot<Downstream>()
  /// When the last value went out.
  private var lastEmission = ValueSlot<Time>()
  /// The value the scheduled emission will deliver.
  private var pendingValue = ValueSlot<Input>()
  /// The completion the scheduled emission will deliver.
  private var pendingCompletion = ValueSlot<Subscribers.Completion<Failure>>()

  init(downstream: Downstream, interval: Time.Stride, scheduler: Context, latest: Bool) {
    self.interval = interval
    self.scheduler = scheduler
    self.latest = latest
    self.downstream.store(downstream)
    // Combine reads the clock when the subscription is made; schedulers that record their calls see it.
    _ = scheduler.now
  }

  deinit {
    downstream.release()
    lastEmission.release()
    pendingValue.release()
    pendingCompletion.release()
  }

  var description: String { "Throttle" }

  var customMirror: Mirror { Mirror(self, children: [:]) }

  var playgroundDescription: Any { description }

  /// Whether an emission is scheduled (call it under the lock).
  private var hasScheduledEmission: Bool { pendingValue.isFilled || pendingCompletion.isFilled }

  func receive(subscription: any Subscription) {
    let downstream = state.withLock { state -> Downstream? in
      guard self.downstream.isFilled, state.status.accept(subscription) else { return nil }
      return self.downstream.value
    }
    guard let downstream else {
      subscription.cancel()
      return
    }
    _ = scheduler.now
    // As in Combine, the upstream is asked before the subscriber gets its subscription.
    subscription.request(.unlimited)
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    guard state.withLock({ $0.isReceiving }) else { return .none }
    let now = scheduler.now
    // Holds the value displaced by a newer one (`latest`), released after unlocking.
    var carried = input
    var earliest = now
    let emission = state.withLock { state -> Emission in
      guard state.isReceiving, state.demand > 0 else { return .none }
      if hasScheduledEmission {
        if latest { _ = pendingValue.exchange(&carried) }
        return .none
      }
      state.demand -= 1
      pendingValue.store(input)
      guard lastEmission.isFilled else { return .now }
      earliest = lastEmission.value.advanced(by: interval)
      return earliest > now ? .later : .now
    }
    withExtendedLifetime(carried) {}
    schedule(emission, at: earliest)
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    guard state.withLock({ $0.isReceiving }) else { return }
    let now = scheduler.now
    let emission = state.withLock { state -> Emission in
      guard state.isReceiving else { return .none }
      state.upstreamCompleted = true
      let alreadyScheduled = hasScheduledEmission
      pendingCompletion.store(completion)
      return alreadyScheduled ? .none : .now
    }
    schedule(emission, at: now)
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { state in
      guard state.isReceiving else { return }
      state.demand += demand
    }
  }

  func cancel() {
    let (upstream, released) = state.withLock { state in
      defer { state.status = .terminal }
      let dropped = state.status.subscription == nil ? nil : state.delivery.close()
      let released = (
        downstream.isFilled ? downstream.take() : nil, pendingValue.isFilled ? pendingValue.take() : nil,
        pendingCompletion.isFilled ? pendingCompletion.take() : nil, dropped
      )
      return (state.status.subscription, released)
    }
    withExtendedLifetime(released) {}
    upstream?.cancel()
  }

  private func schedule(_ emission: Emission, at time: Time) {
    switch emission {
    case .none: return
    case .now: scheduler.schedule { [weak self] in self?.emit() }
    case .later: scheduler.schedule(after: time) { [weak self] in self?.emit() }
    }
  }

  private func emit() {
    // The clock is read only for a value that is not followed by a completion, as in Combine.
    let stampsValue = state.withLock { state -> Bool? in
      guard state.status.isSubscribed else { return nil }
      return pendingValue.isFilled && !pendingCompletion.isFilled
    }
    guard let stampsValue else { return }
    if stampsValue {
      let now = scheduler.now
      emit { self.lastEmission.store(now) }
    } else {
      emit {}
    }
  }

  /// Takes the scheduled emission out of the slots (calling `stamp` under the lock when a value
  /// goes), then delivers it through the one drain loop.
  private func emit(stamping stamp: () -> Void) {
    let thread = ThreadIdentity.current
    var step = DeliveryQueue.Step.none
    let taken = state.withLock { state -> Taken in
      guard state.status.isSubscribed, downstream.isFilled else { return .nothing }
      if pendingValue.isFilled { stamp() }
      guard pendingCompletion.isFilled else {
        guard pendingValue.isFilled else { return .nothing }
        let value = pendingValue.take()
        step = state.delivery.deliverNow(value, failure: Failure.self, on: thread)
        return .value(value, downstream.value)
      }
      // The completion ends the pipeline: the subscriber is released once it is delivered.
      state.status = .terminal
      let completion = pendingCompletion.take()
      let subscriber = downstream.take()
      guard pendingValue.isFilled else {
        step = state.delivery.deliverNow(completion, input: Input.self, on: thread)
        return .completion(completion, subscriber)
      }
      let value = pendingValue.take()
      step = state.delivery.deliverNow(value, then: completion, on: thread)
      return .valueThenCompletion(value, completion, subscriber)
    }
    switch taken {
    case .nothing:
      return
    case .value(let value, let downstream), .valueThenCompletion(let value, _, let downstream):
      state.deliver(step, value: value, to: downstream) { request($0) }
    case .completion(let completion, let downstream):
      state.deliver(step, completion: completion, to: downstream) { request($0) }
    }
  }
}

// Safety: the mutable state is `state`, a `LockedState`, and the slots, which are touched only
// inside `state.withLock` (and in `deinit`); the rest is immutable.
extension ThrottleInner: @unchecked Sendable {}
#endif
