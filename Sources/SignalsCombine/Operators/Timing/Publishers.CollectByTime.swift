// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

extension Publishers {
  /// How ``Publisher/collect(_:options:)`` groups values: by time windows, or by time windows and
  /// a maximum count.
  ///
  /// ```swift
  /// let everySecond = Publishers.TimeGroupingStrategy.byTime(DispatchQueue.main, .seconds(1))
  /// let everySecondOrTen = Publishers.TimeGroupingStrategy.byTimeOrCount(DispatchQueue.main, .seconds(1), 10)
  /// ```
  public enum TimeGroupingStrategy<Context: Scheduler> {
    /// Publish what was collected at the end of each window of the given length.
    case byTime(Context, Context.SchedulerTimeType.Stride)
    /// Publish at the end of each window, or as soon as the given count is collected.
    case byTimeOrCount(Context, Context.SchedulerTimeType.Stride, Int)
  }

  /// The publisher ``Publisher/collect(_:options:)`` returns: arrays of the values collected in
  /// each time window.
  ///
  /// ```swift
  /// let batches = Publishers.CollectByTime(upstream: events, strategy: .byTime(DispatchQueue.main, .seconds(1)),
  ///                                        options: nil)
  /// ```
  public struct CollectByTime<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// Arrays of the upstream's values.
    public typealias Output = [Upstream.Output]
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are collected.
    public let upstream: Upstream
    /// How values are grouped.
    public let strategy: TimeGroupingStrategy<Context>
    /// Options for each `schedule` call.
    public let options: Context.SchedulerOptions?

    /// Creates the publisher; ``Publisher/collect(_:options:)`` is the usual way.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are collected.
    ///   - strategy: How values are grouped.
    ///   - options: Options for each `schedule` call.
    public init(upstream: Upstream, strategy: TimeGroupingStrategy<Context>, options: Context.SchedulerOptions?) {
      self.upstream = upstream
      self.strategy = strategy
      self.options = options
    }

    /// Attaches `subscriber` through an inner subscription that collects and flushes on a timer.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(CollectByTimeInner(downstream: subscriber, strategy: strategy, options: options))
    }
  }
}

extension Publisher {
  /// Collects values into arrays and publishes one array per time window (or, with
  /// `.byTimeOrCount`, as soon as an array is full).
  ///
  /// Windows are fixed, back to back, starting at subscription: with a one-second window, arrays
  /// go out at 1 s, 2 s, 3 s … holding whatever arrived in that second. An empty window publishes
  /// nothing. With `.byTimeOrCount(scheduler, interval, count)`, reaching `count` values publishes
  /// the array at once, without moving the window boundaries.
  ///
  /// ```swift
  /// let scheduler = DispatchQueue.test
  /// let events = PassthroughSubject<Int, Never>()
  /// let cancellable = events.collect(.byTime(scheduler, .seconds(1))).sink { print($0) }
  /// events.send(1)
  /// events.send(2)
  /// scheduler.advance(by: .seconds(1))  // Prints: [1, 2]
  /// scheduler.advance(by: .seconds(1))  // nothing: the window was empty
  /// ```
  ///
  /// - Note: Demand, as in Combine: the upstream is asked for nothing until the subscriber requests.
  ///   With `.byTime`, each request asks the upstream for one value and each value received asks
  ///   for one more, so the upstream sends one value at a time. With `.byTimeOrCount`, a request
  ///   for `n` arrays asks the upstream for `n × count` values, and so does demand the subscriber
  ///   returns for a full array; demand it returns for an array that ended a window is added to its
  ///   account but not asked of the upstream. Each array consumes one unit of the subscriber's
  ///   demand. Values are never dropped for lack of demand: when an array is due and the subscriber
  ///   has no demand, the values stay and join the next array (which may then exceed `count`).
  /// - Note: Threading: arrays and the completion are delivered on the strategy's scheduler, one
  ///   thread at a time and oldest first even on a concurrent scheduler (an action that runs while
  ///   another thread is delivering leaves its array to that thread).
  /// - Important: When the upstream finishes, the values collected so far are published (if the
  ///   subscriber has demand), then `.finished`. When it fails, collected values are discarded and
  ///   the failure is delivered.
  ///
  /// - Parameters:
  ///   - strategy: The scheduler, window length and, for `.byTimeOrCount`, the maximum count.
  ///   - options: Options for each `schedule` call.
  /// - Returns: A publisher of arrays.
  public func collect<S: Scheduler>(_ strategy: Publishers.TimeGroupingStrategy<S>, options: S.SchedulerOptions? = nil)
    -> Publishers.CollectByTime<Self, S>
  {
    Publishers.CollectByTime(upstream: self, strategy: strategy, options: options)
  }
}

private final class CollectByTimeInner<Downstream: Subscriber, Input, Context: Scheduler>: Subscriber, Subscription,
  CustomStringConvertible
where Downstream.Input == [Input] {
  typealias Failure = Downstream.Failure

  private struct State: DeliveryQueueHolding {
    var status = SubscriptionStatus.awaitingSubscription
    var upstreamCompleted = false
    var buffer: [Input] = []
    var demand = Subscribers.Demand.none
    var timer: (any Cancellable)?
    /// Windows and the completion, oldest first, with the token that lets one thread at a time
    /// deliver them: the timer and the actions of full windows and of the completion may run at
    /// once on a concurrent scheduler.
    var delivery = DeliveryQueue(.nested)

    /// Takes the buffer if it is not empty and the subscriber has demand.
    mutating func takeGroup() -> [Input]? {
      guard !buffer.isEmpty, demand > 0 else { return nil }
      demand -= 1
      defer { buffer = [] }
      return buffer
    }
  }

  fileprivate let downstream: Downstream
  private let scheduler: Context
  private let interval: Context.SchedulerTimeType.Stride
  private let count: Int?
  private let options: Context.SchedulerOptions?
  private let state = LockedState.make(State())

  init(downstream: Downstream, strategy: Publishers.TimeGroupingStrategy<Context>, options: Context.SchedulerOptions?) {
    self.downstream = downstream
    switch strategy {
    case .byTime(let scheduler, let interval):
      self.scheduler = scheduler
      self.interval = interval
      count = nil
    case .byTimeOrCount(let scheduler, let interval, let count):
      precondition(count > 0, "collect(.byTimeOrCount(_:_:\(count))): the count must be greater than zero")
      self.scheduler = scheduler
      self.interval = interval
      self.count = count
    }
    self.options = options
  }

  var description: String { "CollectByTime" }

  func receive(subscription: any Subscription) {
    guard state.withLock({ $0.status.accept(subscription) }) else {
      subscription.cancel()
      return
    }
    let timer = scheduler.schedule(
      after: scheduler.now.advanced(by: interval), interval: interval, tolerance: scheduler.minimumTolerance,
      options: options
    ) { [weak self] in
      self?.windowEnded()
    }
    let stale = state.withLock { state -> (any Cancellable)? in
      guard state.status.isSubscribed else { return timer }
      state.timer = timer
      return nil
    }
    stale?.cancel()
    // As in Combine, the upstream is asked for values only when the subscriber requests arrays.
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let (accepted, full) = state.withLock { state -> (Bool, (DeliveryQueue.Ticket, [Input])?) in
      guard state.status.isSubscribed, !state.upstreamCompleted else { return (false, nil) }
      state.buffer.append(input)
      guard let count, state.buffer.count >= count, let group = state.takeGroup(),
        let ticket = state.delivery.stage()
      else { return (true, nil) }
      return (true, (ticket, group))
    }
    if let (ticket, group) = full {
      // A full window's action: it goes out in its turn, by this thread or by the one already
      // delivering.
      scheduler.schedule(options: options) {
        let window = CollectWindow(values: group, isFull: true)
        self.state.deliverDue(ticket, value: window, to: WindowSubscriber(inner: self)) { _ in }
      }
    }
    // `.byTime` takes its values one at a time, each asking for the next, as Combine does.
    return accepted && count == nil ? .max(1) : .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let timer = state.withLock { state -> (any Cancellable)?? in
      guard state.status.isSubscribed, !state.upstreamCompleted else { return nil }
      state.upstreamCompleted = true
      defer { state.timer = nil }
      return .some(state.timer)
    }
    guard let timer else { return }
    timer?.cancel()
    scheduler.schedule(options: options) { self.finish(completion) }
  }

  func request(_ demand: Subscribers.Demand) {
    addDemand(demand, askingUpstream: true)
  }

  /// Adds `demand` (arrays) to the subscriber's account and, with `askingUpstream`, asks the
  /// upstream for the values it covers: one for `.byTime` (each value then asks for the next),
  /// `demand × count` for `.byTimeOrCount`.
  private func addDemand(_ demand: Subscribers.Demand, askingUpstream: Bool) {
    guard demand > 0 else { return }
    let upstream = state.withLock { state -> (any Subscription)? in
      guard let subscription = state.status.subscription else { return nil }
      state.demand += demand
      return askingUpstream && !state.upstreamCompleted ? subscription : nil
    }
    upstream?.request(count.map { demand * $0 } ?? .max(1))
  }

  func cancel() {
    let (upstream, timer, buffer, staged) = state.withLock { state in
      defer {
        state.status = .terminal
        state.timer = nil
        state.buffer = []
      }
      return (state.status.subscription, state.timer, state.buffer, state.delivery.close())
    }
    withExtendedLifetime((buffer, staged)) {}
    timer?.cancel()
    upstream?.cancel()
  }

  /// The timer fired: the window so far goes out, unless the subscriber has no demand for it.
  private func windowEnded() {
    let thread = ThreadIdentity.current
    let taken = state.withLock { state -> (CollectWindow<Input>, DeliveryQueue.Step)? in
      guard state.status.isSubscribed, !state.upstreamCompleted, let group = state.takeGroup() else {
        return nil
      }
      let window = CollectWindow(values: group, isFull: false)
      let step = state.delivery.deliverNow(window, failure: Failure.self, on: thread)
      return (window, step)
    }
    guard let (window, step) = taken else { return }
    state.deliver(step, value: window, to: WindowSubscriber(inner: self)) { _ in }
  }

  /// The subscriber returned `demand` for `window`: it is added to the subscriber's account, and
  /// asked of the upstream only for a full window, as in Combine.
  fileprivate func windowDelivered(_ window: CollectWindow<Input>, returned demand: Subscribers.Demand) {
    addDemand(demand, askingUpstream: window.isFull)
  }

  private func finish(_ completion: Subscribers.Completion<Failure>) {
    let thread = ThreadIdentity.current
    let (window, step, discarded) = state.withLock {
      state -> (CollectWindow<Input>?, DeliveryQueue.Step, [Input]) in
      guard state.status.isSubscribed else { return (nil, .none, []) }
      state.status = .terminal
      let group: [Input]? = if case .failure = completion { nil } else { state.takeGroup() }
      defer { state.buffer = [] }
      guard let group else {
        let step = state.delivery.deliverNow(completion, input: CollectWindow<Input>.self, on: thread)
        return (nil, step, state.buffer)
      }
      let window = CollectWindow(values: group, isFull: false)
      return (window, state.delivery.deliverNow(window, then: completion, on: thread), state.buffer)
    }
    withExtendedLifetime(discarded) {}
    let subscriber = WindowSubscriber(inner: self)
    if let window {
      state.deliver(step, value: window, to: subscriber) { _ in }
    } else {
      state.deliver(step, completion: completion, to: subscriber) { _ in }
    }
  }
}

/// One window of `collect(.byTime)`/`collect(.byTimeOrCount)` waiting for delivery: its values, and
/// whether it filled up (`byTimeOrCount`) rather than ended with the timer or the upstream.
private struct CollectWindow<Value> {
  let values: [Value]
  let isFull: Bool
}

/// What the one drain loop (`LockedState.deliver`) hands windows to: each window's values go to the
/// operator's subscriber, and the demand it returns is added the way the window asks.
private struct WindowSubscriber<Downstream: Subscriber, Value, Context: Scheduler>: Subscriber
where Downstream.Input == [Value] {
  typealias Input = CollectWindow<Value>
  typealias Failure = Downstream.Failure

  let inner: CollectByTimeInner<Downstream, Value, Context>

  /// The operator's own identity: one is made for every delivery, and a fresh identifier would
  /// cost an atomic increment each time.
  var combineIdentifier: CombineIdentifier { CombineIdentifier(inner) }

  /// Never subscribed to anything: the drain loop calls only the two methods below.
  func receive(subscription: any Subscription) {
    subscription.cancel()
  }

  func receive(_ window: CollectWindow<Value>) -> Subscribers.Demand {
    inner.windowDelivered(window, returned: inner.downstream.receive(window.values))
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    inner.downstream.receive(completion: completion)
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; the rest is immutable.
extension CollectByTimeInner: @unchecked Sendable {}
#endif
