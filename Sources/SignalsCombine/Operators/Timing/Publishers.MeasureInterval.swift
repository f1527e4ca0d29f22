// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

extension Publisher {
  /// Replaces each value with the time that passed since the previous one (for the first value,
  /// since the subscription), measured on `scheduler`'s clock.
  ///
  /// ```swift
  /// let scheduler = DispatchQueue.test
  /// let taps = PassthroughSubject<Void, Never>()
  /// let cancellable = taps.measureInterval(using: scheduler).sink { print($0.magnitude) }
  /// scheduler.advance(by: .milliseconds(200))
  /// taps.send()  // Prints: 200000000
  /// scheduler.advance(by: .seconds(1))
  /// taps.send()  // Prints: 1000000000
  /// ```
  ///
  /// - Note: Nothing is scheduled: intervals are delivered at once, on the upstream's thread, and
  ///   demand, completion and failure pass straight through. As in Combine, every value is
  ///   measured and delivered, whatever the subscriber's demand; what the subscriber asks for in
  ///   return is requested from upstream at once.
  ///
  /// - Parameters:
  ///   - scheduler: Whose clock to read.
  ///   - options: Kept for Combine compatibility; not used, since nothing is scheduled.
  /// - Returns: A publisher of intervals.
  public func measureInterval<S: Scheduler>(using scheduler: S, options: S.SchedulerOptions? = nil)
    -> Publishers.MeasureInterval<Self, S>
  {
    Publishers.MeasureInterval(upstream: self, scheduler: scheduler)
  }
}

extension Publishers {
  /// The publisher ``Publisher/measureInterval(using:options:)`` returns: the time between
  /// consecutive values.
  ///
  /// ```swift
  /// let intervals = Publishers.MeasureInterval(upstream: taps, scheduler: DispatchQueue.main)
  /// ```
  public struct MeasureInterval<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// A duration on the scheduler's clock.
    public typealias Output = Context.SchedulerTimeType.Stride
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are timed.
    public let upstream: Upstream
    /// Whose clock is read.
    public let scheduler: Context

    /// Creates the publisher; ``Publisher/measureInterval(using:options:)`` is the usual way.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are timed.
    ///   - scheduler: Whose clock is read.
    public init(upstream: Upstream, scheduler: Context) {
      self.upstream = upstream
      self.scheduler = scheduler
    }

    /// Attaches `subscriber` through an inner subscriber that times each value.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        MeasureIntervalInner<Upstream.Output, S, Context>(downstream: subscriber, scheduler: scheduler))
    }
  }
}

extension Publishers.MeasureInterval: Sendable where Upstream: Sendable, Context: Sendable {}

/// Where a `measureInterval` subscription stands. Not generic (a type nested in the generic inner
/// would be), so that the per-value critical sections of the unspecialised inner look no generic
/// type up.
private struct MeasureIntervalState {
  var status = SubscriptionStatus.awaitingSubscription
  /// Whether the inner's `last` holds the time of the subscription or of the last value.
  var isMeasuring = false
}

private final class MeasureIntervalInner<Input, Downstream: Subscriber, Context: Scheduler>: Subscriber,
  Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Input == Context.SchedulerTimeType.Stride {
  typealias Failure = Downstream.Failure

  private let downstream: Downstream
  private let scheduler: Context
  private let state = LockedState.make(MeasureIntervalState())
  /// The time of the subscription or of the last value, once `isMeasuring`. Guarded by `state`'s
  /// lock: read and written only inside `state.withLock`, released in `deinit`. A slot beside the
  /// state rather than an optional in it, so that no generic type is looked up in the runtime on
  /// every value (see `ValueSlot`).
  private var last = ValueSlot<Context.SchedulerTimeType>()

  init(downstream: Downstream, scheduler: Context) {
    self.downstream = downstream
    self.scheduler = scheduler
  }

  deinit {
    last.release()
  }

  var description: String { "MeasureInterval" }

  var customMirror: Mirror { Mirror(self, children: [:]) }

  var playgroundDescription: Any { description }

  func receive(subscription: any Subscription) {
    guard state.withLock({ $0.status.accept(subscription) }) else {
      subscription.cancel()
      return
    }
    let now = scheduler.now
    state.withLock { state in
      guard state.status.isSubscribed else { return }
      state.isMeasuring = true
      last.store(now)
    }
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    // As in Combine, values are not counted against demand, and the clock is read only while
    // subscribed; what the subscriber asks for in return is requested from upstream at once.
    guard state.withLock({ $0.status.isSubscribed && $0.isMeasuring }) else { return .none }
    let now = scheduler.now
    var previous = now
    let upstream = state.withLock { state -> (any Subscription)? in
      guard let upstream = state.status.subscription, state.isMeasuring else { return nil }
      _ = last.exchange(&previous)
      return upstream
    }
    guard let upstream else { return .none }
    let additional = downstream.receive(previous.distance(to: now))
    if additional > 0 { upstream.request(additional) }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let live = state.withLock { state -> Bool in
      guard state.status.isSubscribed else { return false }
      state.status = .terminal
      state.isMeasuring = false
      return true
    }
    if live { downstream.receive(completion: completion) }
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { $0.status.subscription }?.request(demand)
  }

  func cancel() {
    // Before the subscription arrives this does nothing, as in Combine.
    let upstream = state.withLock { state -> (any Subscription)? in
      guard let upstream = state.status.subscription else { return nil }
      state.status = .terminal
      state.isMeasuring = false
      return upstream
    }
    upstream?.cancel()
  }
}

// Safety: the mutable state is `state`, a `LockedState`, and `last`, which is touched only inside
// `state.withLock` (and in `deinit`); the rest is immutable.
extension MeasureIntervalInner: @unchecked Sendable {}
#endif
