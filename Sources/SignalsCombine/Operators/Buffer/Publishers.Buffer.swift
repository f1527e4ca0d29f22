// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Keeps up to `size` values that arrive before the subscriber asks for them, and delivers them
  /// in order as it does.
  ///
  /// Use it between a producer that cannot wait (user input, a socket, a subject) and a
  /// subscriber that asks for values one at a time, so that bursts are absorbed instead of lost.
  ///
  /// ```swift
  /// let events = PassthroughSubject<Int, Never>()
  /// let slow = TestSubscriber<Int, Never>(initialDemand: .none)  // from SignalsTesting
  /// events.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).subscribe(slow)
  /// events.send(1)
  /// events.send(2)
  /// events.send(3)  // the buffer is full: 1 is dropped
  /// slow.request(.max(2))
  /// print(slow.values)
  /// // Prints: [2, 3]
  /// ```
  ///
  /// - Note: Demand: with ``Publishers/PrefetchStrategy/keepFull`` the upstream is asked for
  ///   `size` values at subscription and for one more each time a value is delivered; with
  ///   ``Publishers/PrefetchStrategy/byRequest`` it is asked for unlimited values at subscription
  ///   (as Combine does), and the buffer absorbs what the subscriber has not asked for yet. The
  ///   subscriber never receives more than it asked for.
  /// - Note: Threading: a value is delivered on the thread that sends it, or on the thread that
  ///   requests it if it had to wait; one call at a time.
  /// - Important: Completion: `.finished` is delivered after every buffered value. A failure is
  ///   delivered as soon as the subscriber's outstanding demand is used up, and the values still
  ///   buffered are discarded. With ``Publishers/BufferingStrategy/customError(_:)``, the upstream
  ///   is cancelled when the buffer overflows and the error is delivered at the subscriber's next
  ///   request, after as many buffered values as that request allows.
  ///
  /// - Parameters:
  ///   - size: The most values kept; must not be negative.
  ///   - prefetch: How the upstream is asked for values.
  ///   - whenFull: What to do with a value that arrives when `size` values are waiting.
  /// - Returns: A buffering publisher.
  public func buffer(
    size: Int,
    prefetch: Publishers.PrefetchStrategy,
    whenFull: Publishers.BufferingStrategy<Failure>
  ) -> Publishers.Buffer<Self> {
    Publishers.Buffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
  }
}

extension Publishers {
  /// How ``Publisher/buffer(size:prefetch:whenFull:)`` asks its upstream for values.
  ///
  /// ```swift
  /// let buffered = [1, 2, 3].publisher.buffer(size: 10, prefetch: .keepFull, whenFull: .dropNewest)
  /// ```
  public enum PrefetchStrategy: Sendable {
    /// Ask for `size` values at subscription, then one more for each value delivered, so the
    /// buffer stays full.
    case keepFull
    /// Ask for unlimited values at subscription; the buffer keeps what the subscriber has not
    /// asked for yet.
    case byRequest
  }

  /// What ``Publisher/buffer(size:prefetch:whenFull:)`` does with a value that arrives when the
  /// buffer is full.
  ///
  /// ```swift
  /// let latest = PassthroughSubject<Int, Never>().buffer(size: 5, prefetch: .byRequest, whenFull: .dropOldest)
  /// ```
  public enum BufferingStrategy<Failure: Error> {
    /// Drop the value that just arrived.
    case dropNewest
    /// Drop the oldest buffered value to make room.
    case dropOldest
    /// Cancel the upstream and fail with the error the closure makes.
    case customError(() -> Failure)
  }

  /// The publisher ``Publisher/buffer(size:prefetch:whenFull:)`` returns.
  ///
  /// ```swift
  /// let buffer = Publishers.Buffer(upstream: [1, 2].publisher, size: 2, prefetch: .keepFull, whenFull: .dropNewest)
  /// let cancellable = buffer.sink { print($0) }  // Prints: 1, then 2
  /// ```
  public struct Buffer<Upstream: Publisher>: Publisher {
    /// The upstream's output.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are buffered.
    public let upstream: Upstream
    /// The most values kept.
    public let size: Int
    /// How the upstream is asked for values.
    public let prefetch: Publishers.PrefetchStrategy
    /// What to do when the buffer is full.
    public let whenFull: Publishers.BufferingStrategy<Failure>

    /// Creates the publisher; ``Publisher/buffer(size:prefetch:whenFull:)`` is the usual way.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are buffered.
    ///   - size: The most values kept; must not be negative.
    ///   - prefetch: How the upstream is asked for values.
    ///   - whenFull: What to do when the buffer is full.
    public init(
      upstream: Upstream, size: Int, prefetch: Publishers.PrefetchStrategy,
      whenFull: Publishers.BufferingStrategy<Failure>
    ) {
      self.upstream = upstream
      self.size = size
      self.prefetch = prefetch
      self.whenFull = whenFull
    }

    /// Attaches `subscriber` through a `BufferStorage`.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(BufferStorage(downstream: subscriber, size: size, prefetch: prefetch, whenFull: whenFull))
    }
  }
}

extension Publishers.PrefetchStrategy: Equatable {}
extension Publishers.PrefetchStrategy: Hashable {}
#endif
