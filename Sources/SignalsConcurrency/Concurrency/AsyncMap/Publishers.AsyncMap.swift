// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

extension Publishers {
  /// A publisher that transforms each upstream value with an async closure, one at a time, in
  /// order.
  ///
  /// Made by ``Publisher/asyncMap(priority:_:)``. One task, created with `priority` at the first
  /// request, runs the transform for one value at a time and delivers each result before it starts
  /// the next, so the output keeps the upstream's order.
  public struct AsyncMap<Upstream: Publisher, Output: Sendable>: Publisher
  where Upstream.Output: Sendable {
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are transformed.
    public let upstream: Upstream
    /// The priority of the task that runs the transform.
    public let priority: TaskPriority?
    /// The async transform.
    public let transform: @Sendable @isolated(any) (Upstream.Output) async -> Output

    /// Creates the publisher; prefer ``Publisher/asyncMap(priority:_:)``.
    ///
    /// ```swift
    /// let lengths = Publishers.AsyncMap(upstream: Just("abc"), priority: nil) { $0.count }
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are transformed.
    ///   - priority: The priority of the transforming task; `nil` for the default.
    ///   - transform: The async transform.
    public init(
      upstream: Upstream,
      priority: TaskPriority?,
      @_inheritActorContext transform: @escaping @Sendable @isolated(any) (Upstream.Output) async -> Output
    ) {
      self.upstream = upstream
      self.priority = priority
      self.transform = transform
    }

    /// Attaches `subscriber` through a new transforming subscription.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let transform = transform
      upstream.subscribe(
        AsyncTransformStorage<Upstream.Output, Failure, Output, Failure>(
          downstream: AnySubscriber(subscriber), name: "AsyncMap", maxTasks: 1, priority: priority,
          transform: { .success(await transform($0)) }, mapFailure: { $0 }))
    }
  }

  /// A publisher that transforms each upstream value with an async throwing closure, one at a
  /// time, in order; a thrown error fails it.
  ///
  /// Made by ``Publisher/tryAsyncMap(priority:_:)``.
  public struct TryAsyncMap<Upstream: Publisher, Output: Sendable>: Publisher
  where Upstream.Output: Sendable {
    /// Any error: the upstream's failure or one thrown by the transform.
    public typealias Failure = any Error

    /// The publisher whose values are transformed.
    public let upstream: Upstream
    /// The priority of the task that runs the transform.
    public let priority: TaskPriority?
    /// The async throwing transform.
    public let transform: @Sendable @isolated(any) (Upstream.Output) async throws -> Output

    /// Creates the publisher; prefer ``Publisher/tryAsyncMap(priority:_:)``.
    ///
    /// ```swift
    /// let parsed = Publishers.TryAsyncMap(upstream: Just("42"), priority: nil) { Int($0)! }
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are transformed.
    ///   - priority: The priority of the transforming task; `nil` for the default.
    ///   - transform: The async throwing transform.
    public init(
      upstream: Upstream,
      priority: TaskPriority?,
      @_inheritActorContext transform: @escaping @Sendable @isolated(any) (Upstream.Output) async throws -> Output
    ) {
      self.upstream = upstream
      self.priority = priority
      self.transform = transform
    }

    /// Attaches `subscriber` through a new transforming subscription.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let transform = transform
      upstream.subscribe(
        AsyncTransformStorage<Upstream.Output, Upstream.Failure, Output, any Error>(
          downstream: AnySubscriber(subscriber), name: "TryAsyncMap", maxTasks: 1, priority: priority,
          transform: { input in
            do {
              return .success(try await transform(input))
            } catch {
              return .failure(error)
            }
          },
          mapFailure: { $0 }))
    }
  }
}

extension Publishers.AsyncMap: Sendable where Upstream: Sendable {}

extension Publishers.TryAsyncMap: Sendable where Upstream: Sendable {}

extension Publisher where Output: Sendable {
  /// Transforms each value with an async closure, one value at a time, keeping the order.
  ///
  /// - Demand: the subscriber's demand is forwarded upstream one for one; values that arrive while
  ///   the transform runs wait in a queue, so none is dropped.
  /// - Threading: one task, created with `priority` when values are first requested, runs the
  ///   transform and delivers the results; it waits for the next value while none is queued.
  /// - Completion: `finished` after the last transformed value; an upstream failure is delivered
  ///   at once (values still queued are dropped). Cancelling cancels the upstream and the task, so
  ///   `Task.isCancelled` becomes `true` inside a transform in flight; its result is discarded.
  ///
  /// ```swift
  /// let ids = PassthroughSubject<Int, Never>()
  /// let cancellable = ids
  ///   .asyncMap(priority: .userInitiated) { id in await loadName(id) }
  ///   .sink { print($0) }
  /// ids.send(1)
  /// ids.send(2)
  /// // Prints: Ada
  /// //         Grace
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the transforming task; `nil` for the default.
  ///   - transform: The async transform, called with one value at a time.
  /// - Returns: A publisher of the transformed values, in upstream order.
  public func asyncMap<T: Sendable>(
    priority: TaskPriority? = nil,
    @_inheritActorContext _ transform: @escaping @Sendable @isolated(any) (Output) async -> T
  ) -> Publishers.AsyncMap<Self, T> {
    Publishers.AsyncMap(upstream: self, priority: priority, transform: transform)
  }

  /// Transforms each value with an async throwing closure, one value at a time, keeping the
  /// order; a thrown error fails the publisher.
  ///
  /// - Demand: forwarded upstream one for one; values wait in a queue while the transform runs.
  /// - Threading: one task, created with `priority`, runs the transform and delivers the results.
  /// - Completion: a thrown error cancels the upstream and fails with that error; an upstream
  ///   failure is delivered at once; `finished` after the last transformed value.
  ///
  /// ```swift
  /// struct NotFound: Error {}
  /// let cancellable = [1, 99].publisher
  ///   .tryAsyncMap { id in
  ///     guard id < 10 else { throw NotFound() }
  ///     return "user \(id)"
  ///   }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // Prints: user 1
  /// //         failure(NotFound())
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the transforming task; `nil` for the default.
  ///   - transform: The async throwing transform, called with one value at a time.
  /// - Returns: A publisher of the transformed values that fails with any error.
  public func tryAsyncMap<T: Sendable>(
    priority: TaskPriority? = nil,
    @_inheritActorContext _ transform: @escaping @Sendable @isolated(any) (Output) async throws -> T
  ) -> Publishers.TryAsyncMap<Self, T> {
    Publishers.TryAsyncMap(upstream: self, priority: priority, transform: transform)
  }
}
