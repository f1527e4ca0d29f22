// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport
import Foundation

extension Timer {
  /// A publisher of the current date every `interval` seconds, driven by a `Timer` on `runLoop`.
  ///
  /// The publisher is connectable: the timer starts when you call `connect()`, or when the first
  /// subscriber attaches if you add ``ConnectablePublisher/autoconnect()``.
  ///
  /// ```swift
  /// let cancellable = Timer.publish(every: 1, on: .main, in: .common)
  ///   .autoconnect()
  ///   .sink { print("tick", $0) }
  /// ```
  ///
  /// - Parameters:
  ///   - interval: Seconds between ticks.
  ///   - tolerance: Not used, as in Combine (whose `publish` leaves the publisher's `tolerance`
  ///     `nil`); make a ``TimerPublisher`` directly to set one.
  ///   - runLoop: The run loop the timer is added to; ticks are delivered on its thread.
  ///   - mode: The run loop mode the timer runs in.
  ///   - options: Unused (run loops have none).
  /// - Returns: A connectable publisher of dates.
  public static func publish(
    every interval: TimeInterval,
    tolerance: TimeInterval? = nil,
    on runLoop: RunLoop,
    in mode: RunLoop.Mode,
    options: RunLoop.SchedulerOptions? = nil
  ) -> TimerPublisher {
    // As in Combine, the tolerance is not passed on: the publisher's `tolerance` is `nil`.
    TimerPublisher(interval: interval, tolerance: nil, runLoop: runLoop, mode: mode, options: options)
  }

  /// The connectable publisher ``Foundation/Timer/publish(every:tolerance:on:in:options:)``
  /// returns: the date of each tick of a run-loop timer.
  ///
  /// Every subscriber receives each tick it has demand for; a tick finding a subscriber without
  /// demand is dropped for it. The first tick comes one `interval` after `connect()`. The
  /// publisher never completes; cancel the connection to stop the timer.
  ///
  /// ```swift
  /// let timer = Timer.TimerPublisher(interval: 0.5, runLoop: .main, mode: .default)
  /// let cancellable = timer.sink { print($0) }
  /// let connection = timer.connect()  // ticks start
  /// connection.cancel()               // ticks stop
  /// ```
  public final class TimerPublisher: ConnectablePublisher {
    /// The date of the tick.
    public typealias Output = Date
    /// A timer never fails.
    public typealias Failure = Never

    /// Seconds between ticks.
    public let interval: TimeInterval
    /// How late a tick may fire, or `nil` for the timer's default.
    public let tolerance: TimeInterval?
    /// The run loop the timer is added to.
    public let runLoop: RunLoop
    /// The run loop mode the timer runs in.
    public let mode: RunLoop.Mode
    /// Unused (run loops have none).
    public let options: RunLoop.SchedulerOptions?

    /// The attached subscriptions, each as the closure that offers it a tick.
    private let subscriptions = LockedState<[CombineIdentifier: (Date) -> Void]>.make([:])

    /// Creates the publisher; `Timer.publish(every:tolerance:on:in:options:)` is the usual way.
    ///
    /// - Parameters:
    ///   - interval: Seconds between ticks.
    ///   - tolerance: How late a tick may fire.
    ///   - runLoop: The run loop the timer is added to.
    ///   - mode: The run loop mode the timer runs in.
    ///   - options: Unused.
    public init(
      interval: TimeInterval,
      tolerance: TimeInterval? = nil,
      runLoop: RunLoop,
      mode: RunLoop.Mode,
      options: RunLoop.SchedulerOptions? = nil
    ) {
      self.interval = interval
      self.tolerance = tolerance
      self.runLoop = runLoop
      self.mode = mode
      self.options = options
    }

    /// Attaches `subscriber`; it receives the ticks of every connection it has demand for.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
      let subscription = TimerSubscription(publisher: self, downstream: subscriber)
      subscriptions.withLock { $0[subscription.combineIdentifier] = subscription.offer }
      subscriber.receive(subscription: subscription)
    }

    /// Starts a new run-loop timer whose first tick comes one `interval` from now.
    ///
    /// Each call starts a timer of its own, as in Combine. Cancelling the returned connection stops
    /// its timer and detaches every current subscriber (they receive no completion).
    ///
    /// - Returns: A cancellable that stops the timer and detaches the subscribers.
    public func connect() -> any Cancellable {
      // The fire date is explicit: Foundation's block-based initialiser fires at once on Linux, while
      // Combine's first tick comes one interval after `connect()`.
      let timer = Timer(fire: Date(timeIntervalSinceNow: interval), interval: interval, repeats: true) { _ in
        self.fire()
      }
      timer.tolerance = tolerance ?? 0
      runLoop.add(timer, forMode: mode)
      return TimerConnection(timer: timer, publisher: self)
    }

    private func fire() {
      let offers = subscriptions.withLock { Array($0.values) }
      let now = Date()
      for offer in offers { offer(now) }
    }

    fileprivate func detach(_ id: CombineIdentifier) {
      _ = subscriptions.withLock { $0.removeValue(forKey: id) }
    }

    fileprivate func detachAll() {
      let detached = subscriptions.withLock { subscriptions in
        defer { subscriptions = [:] }
        return subscriptions
      }
      withExtendedLifetime(detached) {}
    }
  }
}

/// The connection ``Foundation/Timer/TimerPublisher/connect()`` returns: a plain cancellable, with
/// no description, as Combine's.
private struct TimerConnection: Cancellable {
  let timer: Timer
  let publisher: Timer.TimerPublisher

  func cancel() {
    publisher.detachAll()
    timer.invalidate()
  }
}

/// One subscriber's subscription to a ``Foundation/Timer/TimerPublisher``: its demand, counted per
/// subscriber; a tick that finds no demand is dropped for it.
private final class TimerSubscription<Downstream: Subscriber>: Subscription
where Downstream.Input == Date, Downstream.Failure == Never {
  private struct State {
    /// `nil` once cancelled.
    var downstream: Downstream?
    var demand = Subscribers.Demand.none
  }

  private let state: LockedState<State>
  private weak var publisher: Timer.TimerPublisher?

  init(publisher: Timer.TimerPublisher, downstream: Downstream) {
    self.publisher = publisher
    state = LockedState.make(State(downstream: downstream))
  }

  /// Offers a tick: delivered if the subscriber has demand.
  func offer(_ date: Date) {
    let downstream = state.withLock { state -> Downstream? in
      guard let downstream = state.downstream, state.demand > 0 else { return nil }
      state.demand -= 1
      return downstream
    }
    guard let downstream else { return }
    let additional = downstream.receive(date)
    guard additional > 0 else { return }
    state.withLock { state in
      if state.downstream != nil { state.demand += additional }
    }
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { state in
      if state.downstream != nil { state.demand += demand }
    }
  }

  func cancel() {
    let downstream = state.withLock { state -> Downstream? in
      defer { state.downstream = nil }
      return state.downstream
    }
    guard let downstream else { return }
    withExtendedLifetime(downstream) {}
    publisher?.detach(combineIdentifier)
  }
}

// Safety: the mutable state is in `state`, a `LockedState`; `publisher` is a weak reference set once.
extension TimerSubscription: @unchecked Sendable {}

// Safety: the mutable state is in `subscriptions`, a `LockedState`; `runLoop` is only used to add
// timers, which run loops allow from any thread.
extension Timer.TimerPublisher: @unchecked Sendable {}
#endif
