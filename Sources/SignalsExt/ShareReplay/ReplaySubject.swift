// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport

/// A subject that remembers the last values sent and replays them to each new subscriber before
/// the live ones. CombineExt's `ReplaySubject`.
///
/// - A new subscriber first receives the last `bufferSize` values (oldest first), then every value
///   sent after it subscribed; after the completion it receives the replay and then the
///   completion.
/// - Nothing is dropped for a subscriber without demand: each subscriber has its own queue, and
///   receives what waits in it as it asks. A subscriber that never asks makes its queue grow.
/// - Safe to use from many threads; each subscriber is called by one thread at a time. A `send`
///   made from inside a subscriber's `receive(_:)` is delivered to it after that call returns.
/// - When subscribed to a publisher, it asks for unlimited values at once, subscribers or not.
///
/// ```swift
/// let recent = ReplaySubject<Int, Never>(bufferSize: 2)
/// recent.send(1)
/// recent.send(2)
/// recent.send(3)
/// let late = recent.sink { print($0) }  // Prints: 2, then 3
/// recent.send(4)                        // Prints: 4
/// ```
public final class ReplaySubject<Output, Failure: Error>: Subject {
  private let storage: ReplayStorage<Output, Failure>

  /// Creates a subject that replays up to `bufferSize` values.
  ///
  /// ```swift
  /// let lastMessage = ReplaySubject<String, Never>(bufferSize: 1)
  /// ```
  ///
  /// - Parameter bufferSize: How many of the latest values new subscribers receive first; `0`
  ///   replays none (only the completion). Must not be negative.
  public init(bufferSize: Int) {
    storage = ReplayStorage(bufferSize: bufferSize)
  }

  deinit {
    storage.cancelUpstreams()
  }

  /// Attaches `subscriber`: it receives the replay, then live values, each as it asks.
  ///
  /// - Parameter subscriber: The subscriber to attach.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    storage.subscribe(subscriber, owner: self)
  }

  /// Records `value` for replay and sends it to every subscriber; ignored after completion.
  ///
  /// ```swift
  /// let subject = ReplaySubject<Int, Never>(bufferSize: 1)
  /// subject.send(42)
  /// let cancellable = subject.sink { print($0) }  // Prints: 42
  /// ```
  ///
  /// - Parameter value: The value to send.
  public func send(_ value: Output) {
    storage.send(value)
  }

  /// Completes every subscriber after the values waiting for it; later subscribers receive the
  /// replay, then this completion. Only the first completion counts.
  ///
  /// ```swift
  /// let subject = ReplaySubject<Int, Never>(bufferSize: 1)
  /// subject.send(1)
  /// subject.send(completion: .finished)
  /// let late = subject.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // Prints: 1, then finished
  /// ```
  ///
  /// - Parameter completion: `.finished` or `.failure`.
  public func send(completion: Subscribers.Completion<Failure>) {
    storage.send(completion: completion)
  }

  /// Adopts an upstream subscription and asks it for unlimited values.
  ///
  /// ```swift
  /// let subject = ReplaySubject<Int, Never>(bufferSize: 3)
  /// let link = [1, 2, 3].publisher.subscribe(subject)  // calls send(subscription:)
  /// ```
  ///
  /// - Parameter subscription: The upstream subscription.
  public func send(subscription: any Subscription) {
    storage.send(subscription: subscription)
  }
}

// Safety: all mutable state is inside `storage`, whose state lives in one `LockedState`.
extension ReplaySubject: @unchecked Sendable {}
