// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

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
  ///   requested after the delayed delivery. Cancelling drops deliveries not yet made.
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

private final class DelayInner<Downstream: Subscriber, Upstream: Publisher, Context: Scheduler>: Subscriber,
  Subscription, CustomStringConvertible
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private let downstream: Downstream
  private let interval: Context.SchedulerTimeType.Stride
  private let tolerance: Context.SchedulerTimeType.Stride
  private let scheduler: Context
  private let options: Context.SchedulerOptions?
  private let state = LockedState.make(PassThroughState())

  init(downstream: Downstream, publisher: Publishers.Delay<Upstream, Context>) {
    self.downstream = downstream
    interval = publisher.interval
    tolerance = publisher.tolerance
    scheduler = publisher.scheduler
    options = publisher.options
  }

  var description: String { "Delay" }

  func receive(subscription: any Subscription) {
    guard state.withLock({ $0.status.accept(subscription) }) else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    guard state.withLock({ $0.takeOneDemand() }) else { return .none }
    schedule { self.deliver(input) }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    guard state.withLock({ $0.status.subscription != nil }) else { return }
    schedule { self.deliver(completion) }
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { $0.add(demand) }?.request(demand)
  }

  func cancel() {
    state.withLock { $0.terminate() }?.cancel()
  }

  private func schedule(_ work: @escaping () -> Void) {
    scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options, work)
  }

  private func deliver(_ input: Input) {
    guard state.withLock({ $0.status.subscription != nil }) else { return }
    let additional = downstream.receive(input)
    if additional > 0 {
      state.withLock { $0.add(additional) }?.request(additional)
    }
  }

  private func deliver(_ completion: Subscribers.Completion<Failure>) {
    let live = state.withLock { $0.terminate() != nil }
    if live { downstream.receive(completion: completion) }
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; the rest is immutable.
extension DelayInner: @unchecked Sendable {}
