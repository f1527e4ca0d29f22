// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

extension Publishers {
  /// A publisher that runs an async closure for each upstream value, with at most `maxTasks`
  /// running at once, and publishes the results as they finish.
  ///
  /// Made by ``Publisher/flatMap(maxTasks:priority:_:)``.
  public struct AsyncFlatMap<Upstream: Publisher, Output: Sendable>: Publisher
  where Upstream.Output: Sendable {
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are transformed.
    public let upstream: Upstream
    /// The most transforms that run at once.
    public let maxTasks: Int
    /// The priority of the tasks that run the transform.
    public let priority: TaskPriority?
    /// The async transform.
    public let transform: @Sendable @isolated(any) (Upstream.Output) async -> Output

    /// Creates the publisher; prefer ``Publisher/flatMap(maxTasks:priority:_:)``.
    ///
    /// ```swift
    /// let sizes = Publishers.AsyncFlatMap(upstream: Just("a.jpg"), maxTasks: 4, priority: nil) { $0.count }
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are transformed.
    ///   - maxTasks: The most transforms that run at once; at least 1.
    ///   - priority: The priority of the transforming tasks; `nil` for the default.
    ///   - transform: The async transform.
    public init(
      upstream: Upstream,
      maxTasks: Int,
      priority: TaskPriority?,
      @_inheritActorContext transform: @escaping @Sendable @isolated(any) (Upstream.Output) async -> Output
    ) {
      precondition(maxTasks > 0, "flatMap(maxTasks:): maxTasks must be greater than zero, not \(maxTasks)")
      self.upstream = upstream
      self.maxTasks = maxTasks
      self.priority = priority
      self.transform = transform
    }

    /// Attaches `subscriber` through a new transforming subscription.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let transform = transform
      upstream.subscribe(
        AsyncTransformStorage<Upstream.Output, Failure, Output, Failure>(
          downstream: AnySubscriber(subscriber), name: "AsyncFlatMap", maxTasks: maxTasks, priority: priority,
          transform: { .success(await transform($0)) }, mapFailure: { $0 }))
    }
  }
}

extension Publishers.AsyncFlatMap: Sendable where Upstream: Sendable {}

extension Publisher where Output: Sendable {
  /// Runs an async closure for each value, at most `maxTasks` at a time, and publishes each result
  /// as soon as its task finishes.
  ///
  /// The async counterpart of `flatMap(maxPublishers:_:)`: each value runs in a task instead of an
  /// inner publisher.
  ///
  /// - Ordering: results come out in the order their tasks **finish**, not the upstream's order
  ///   (with `maxTasks: 1` the two are the same; see ``Publisher/asyncMap(priority:_:)``).
  /// - Demand: forwarded upstream one for one; values that arrive while `maxTasks` transforms run
  ///   wait in a queue, so none is dropped.
  /// - Threading: the transforms run in at most `maxTasks` tasks created with `priority` (the first
  ///   at the first request, the others as values need them); a task whose transform returned takes
  ///   the next value waiting, or waits for one. The results are delivered one at a time.
  /// - Completion: `finished` once the upstream finished and every transform delivered; an
  ///   upstream failure is delivered at once and cancels the transforms in flight; cancelling
  ///   cancels the upstream and every transform in flight.
  ///
  /// ```swift
  /// let photos = ["a.jpg", "b.jpg", "c.jpg"].publisher
  /// let cancellable = photos
  ///   .flatMap(maxTasks: 2) { name in await upload(name) }
  ///   .sink { print("uploaded", $0) }
  /// // Prints each name as its upload finishes, at most two uploads at a time.
  /// ```
  ///
  /// - Parameters:
  ///   - maxTasks: The most transforms that run at once; at least 1.
  ///   - priority: The priority of the transforming tasks; `nil` for the default.
  ///   - transform: The async transform.
  /// - Returns: A publisher of the results, in completion order.
  public func flatMap<T: Sendable>(
    maxTasks: Int,
    priority: TaskPriority? = nil,
    @_inheritActorContext _ transform: @escaping @Sendable @isolated(any) (Output) async -> T
  ) -> Publishers.AsyncFlatMap<Self, T> {
    Publishers.AsyncFlatMap(upstream: self, maxTasks: maxTasks, priority: priority, transform: transform)
  }
}
