// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

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
  ///   - tolerance: How late a tick may fire; `nil` leaves the timer's default.
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
    TimerPublisher(interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode, options: options)
  }

  /// The connectable publisher ``Foundation/Timer/publish(every:tolerance:on:in:options:)``
  /// returns: the date of each tick of a run-loop timer.
  ///
  /// Every subscriber receives each tick it has demand for; a tick finding a subscriber without
  /// demand is dropped for it. The publisher never completes; cancel the connection to stop the
  /// timer.
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

    private let ticks = PassthroughSubject<Date, Never>()
    /// The running timer's connection, if connected.
    private let connection = LockedState<AnyCancellable?>.make(nil)

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

    /// Attaches `subscriber`; it receives ticks once the publisher is connected.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
      ticks.receive(subscriber: subscriber)
    }

    /// Starts the timer; calling it again while connected returns the running connection.
    ///
    /// - Returns: A cancellable that invalidates the timer.
    public func connect() -> any Cancellable {
      let ticks = self.ticks
      let timer = Timer(timeInterval: interval, repeats: true) { _ in ticks.send(Date()) }
      if let tolerance { timer.tolerance = tolerance }
      let fresh = AnyCancellable { timer.invalidate() }
      let (running, isFresh) = connection.withLock { connection -> (AnyCancellable, Bool) in
        if let running = connection { return (running, false) }
        connection = fresh
        return (fresh, true)
      }
      if isFresh {
        runLoop.add(timer, forMode: mode)
      }
      return AnyCancellable { [weak self] in
        running.cancel()
        self?.connection.withLock { connection in
          if connection === running { connection = nil }
        }
      }
    }
  }
}

// Safety: the mutable state is in `connection` (a `LockedState`) and `ticks` (a thread-safe
// subject); `runLoop` is only used to add the timer, which run loops allow from any thread.
extension Timer.TimerPublisher: @unchecked Sendable {}
