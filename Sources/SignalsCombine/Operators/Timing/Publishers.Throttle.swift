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

private final class ThrottleInner<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
{
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure
  typealias Time = Context.SchedulerTimeType

  private struct State: DeliveryQueueHolding {
    /// Released once the pipeline ends (completion delivered or cancelled), as in Combine, so a
    /// subscriber that keeps its subscription is not kept alive by it.
    var downstream: Downstream?
    /// `subscription` stays set after the upstream completes, until the completion is delivered.
    var status = SubscriptionStatus.awaitingSubscription
    var upstreamCompleted = false
    var demand = Subscribers.Demand.none
    var lastEmission: Time?
    var pendingValue: Input?
    var pendingCompletion: Subscribers.Completion<Failure>?
    /// Emissions on their way to the subscriber: one thread at a time delivers them, even when a
    /// concurrent scheduler runs the next emission while the last one is still being delivered.
    var delivery = DeliveryQueue(.nested)

    var hasScheduledEmission: Bool { pendingValue != nil || pendingCompletion != nil }
    /// Whether values and completions are still taken from upstream.
    var isReceiving: Bool { status.isSubscribed && !upstreamCompleted }
  }

  /// When to run the next emission.
  private enum Emission {
    case none
    case now
    case at(Time)
  }

  private let interval: Time.Stride
  private let scheduler: Context
  private let latest: Bool
  private let state: LockedState<State>

  init(downstream: Downstream, interval: Time.Stride, scheduler: Context, latest: Bool) {
    state = LockedState.make(State(downstream: downstream))
    self.interval = interval
    self.scheduler = scheduler
    self.latest = latest
    // Combine reads the clock when the subscription is made; schedulers that record their calls see it.
    _ = scheduler.now
  }

  var description: String { "Throttle" }

  var customMirror: Mirror { Mirror(self, children: [:]) }

  var playgroundDescription: Any { description }

  func receive(subscription: any Subscription) {
    let downstream = state.withLock { state -> Downstream? in
      guard let downstream = state.downstream, state.status.accept(subscription) else { return nil }
      return downstream
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
    let (emission, displaced) = state.withLock { state -> (Emission, Input?) in
      guard state.isReceiving, state.demand > 0 else { return (.none, nil) }
      if state.hasScheduledEmission {
        guard latest else { return (.none, nil) }
        defer { state.pendingValue = input }
        return (.none, state.pendingValue)
      }
      state.demand -= 1
      state.pendingValue = input
      guard let earliest = state.lastEmission?.advanced(by: interval), earliest > now else { return (.now, nil) }
      return (.at(earliest), nil)
    }
    withExtendedLifetime(displaced) {}
    schedule(emission)
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    guard state.withLock({ $0.isReceiving }) else { return }
    _ = scheduler.now
    let emission = state.withLock { state -> Emission in
      guard state.isReceiving else { return .none }
      state.upstreamCompleted = true
      let alreadyScheduled = state.hasScheduledEmission
      state.pendingCompletion = completion
      return alreadyScheduled ? .none : .now
    }
    schedule(emission)
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { state in
      guard state.isReceiving else { return }
      state.demand += demand
    }
  }

  func cancel() {
    let (upstream, released) = state.withLock { state in
      defer {
        state.status = .terminal
        state.downstream = nil
        state.pendingValue = nil
        state.pendingCompletion = nil
      }
      let dropped = state.status.subscription == nil ? nil : state.delivery.close()
      return (state.status.subscription, (state.downstream, state.pendingValue, dropped))
    }
    withExtendedLifetime(released) {}
    upstream?.cancel()
  }

  private func schedule(_ emission: Emission) {
    switch emission {
    case .none: return
    case .now: scheduler.schedule { [weak self] in self?.emit() }
    case .at(let time): scheduler.schedule(after: time) { [weak self] in self?.emit() }
    }
  }

  private func emit() {
    // The clock is read only for a value that is not followed by a completion, as in Combine.
    let stampsValue = state.withLock { state -> Bool? in
      guard state.status.isSubscribed else { return nil }
      return state.pendingValue != nil && state.pendingCompletion == nil
    }
    guard let stampsValue else { return }
    let now = stampsValue ? scheduler.now : nil
    let thread = ThreadIdentity.current
    let taken = state.withLock {
      state -> (Downstream, Input?, Subscribers.Completion<Failure>?, DeliveryQueue.Step)? in
      guard state.status.isSubscribed, let downstream = state.downstream else { return nil }
      let value = state.pendingValue
      let completion = state.pendingCompletion
      state.pendingValue = nil
      state.pendingCompletion = nil
      if let now, value != nil { state.lastEmission = now }
      if completion != nil {
        state.status = .terminal
        state.downstream = nil
      }
      switch (value, completion) {
      case (let value?, let completion?):
        return (downstream, value, completion, state.delivery.deliverNow(value, then: completion, on: thread))
      case (let value?, nil):
        let step = state.delivery.deliverNow(value, failure: Failure.self, on: thread)
        return (downstream, value, nil, step)
      case (nil, let completion?):
        let step = state.delivery.deliverNow(completion, input: Input.self, on: thread)
        return (downstream, nil, completion, step)
      case (nil, nil):
        return nil
      }
    }
    guard let (downstream, value, completion, step) = taken else { return }
    if let value {
      state.deliver(step, value: value, to: downstream) { request($0) }
    } else if let completion {
      state.deliver(step, completion: completion, to: downstream) { request($0) }
    }
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; the rest is immutable.
extension ThrottleInner: @unchecked Sendable {}
#endif
