// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals

extension Publisher {
  /// Shares one subscription to this publisher among every subscriber, and replays the last
  /// `count` values to each subscriber that attaches later. CombineExt's `share(replay:)`.
  ///
  /// It is `multicast(_:)` with a ``ReplaySubject``, followed by
  /// `autoconnect()`: the first subscriber connects, later ones receive the
  /// replay and then the live values. Use it for state that late observers need at once, such as
  /// the current user loaded once at launch.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let shared = subject.share(replay: 1)
  /// let first = shared.sink { print("first", $0) }
  /// subject.send(1)                                  // Prints: first 1
  /// let second = shared.sink { print("second", $0) } // Prints: second 1
  /// subject.send(2)                                  // Prints: first 2, then second 2
  /// ```
  ///
  /// - Note: Demand: this publisher is asked for unlimited values once connected. Each subscriber
  ///   has its own queue: values wait there until it asks, so none is dropped for a slow
  ///   subscriber.
  /// - Note: Threading: a value reaches each subscriber on the thread that sends it, or on the
  ///   thread that requests it if it had to wait.
  /// - Important: Completion: replayed too. A subscriber that attaches after the completion
  ///   receives the last `count` values, then the completion, and this publisher is not
  ///   subscribed again. When every subscriber has cancelled (before any completion), the
  ///   connection is cancelled; the next subscriber gets the replay and connects anew.
  ///
  /// - Parameter count: How many of the latest values to replay; `0` replays only the completion.
  /// - Returns: An auto-connecting multicast through a ``ReplaySubject``.
  public func share(
    replay count: Int
  ) -> Publishers.Autoconnect<Publishers.Multicast<Self, ReplaySubject<Output, Failure>>> {
    multicast { ReplaySubject(bufferSize: count) }.autoconnect()
  }
}
