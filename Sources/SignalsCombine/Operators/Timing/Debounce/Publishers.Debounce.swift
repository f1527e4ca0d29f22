// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Publishes a value only once the upstream has been quiet for `dueTime` after it.
  ///
  /// Each new value restarts the wait, so a burst of values produces one output: the last value
  /// of the burst, `dueTime` after it arrived. The classic use is search-as-you-type: query only
  /// when the user pauses.
  ///
  /// ```swift
  /// let scheduler = DispatchQueue.test
  /// let query = PassthroughSubject<String, Never>()
  /// let cancellable = query.debounce(for: .milliseconds(300), scheduler: scheduler).sink { print($0) }
  /// query.send("s")
  /// scheduler.advance(by: .milliseconds(100))
  /// query.send("sw")
  /// scheduler.advance(by: .milliseconds(300))  // Prints: sw
  /// ```
  ///
  /// - Note: Demand: the upstream is asked for unlimited values. A value that falls due while the
  ///   subscriber has no demand is dropped.
  /// - Note: Threading: values and the completion are delivered on `scheduler`.
  /// - Important: Completion: when the upstream finishes or fails, a value still waiting for its
  ///   due time is dropped (as in Combine) and the completion is delivered on `scheduler` right
  ///   away. Follow the upstream with `append` of a marker if you need the last value flushed.
  ///
  /// - Parameters:
  ///   - dueTime: How long the upstream must stay quiet.
  ///   - scheduler: Where and by whose clock to deliver.
  ///   - options: Options for each `schedule` call.
  /// - Returns: A publisher of debounced values.
  public func debounce<S: Scheduler>(
    for dueTime: S.SchedulerTimeType.Stride,
    scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> Publishers.Debounce<Self, S> {
    Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
  }
}

extension Publishers {
  /// The publisher ``Publisher/debounce(for:scheduler:options:)`` returns: the last value of each
  /// burst, once the upstream pauses.
  ///
  /// ```swift
  /// let settled = Publishers.Debounce(upstream: query, dueTime: .milliseconds(300),
  ///                                   scheduler: DispatchQueue.main, options: nil)
  /// ```
  public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The upstream's output.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are debounced.
    public let upstream: Upstream
    /// How long the upstream must stay quiet.
    public let dueTime: Context.SchedulerTimeType.Stride
    /// Where and by whose clock values are delivered.
    public let scheduler: Context
    /// Options for each `schedule` call.
    public let options: Context.SchedulerOptions?

    /// Creates the publisher; ``Publisher/debounce(for:scheduler:options:)`` is the usual way.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are debounced.
    ///   - dueTime: How long the upstream must stay quiet.
    ///   - scheduler: Where and by whose clock values are delivered.
    ///   - options: Options for each `schedule` call.
    public init(
      upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
      options: Context.SchedulerOptions?
    ) {
      self.upstream = upstream
      self.dueTime = dueTime
      self.scheduler = scheduler
      self.options = options
    }

    /// Attaches `subscriber` through a `DebounceStorage`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        DebounceStorage(downstream: subscriber, dueTime: dueTime, scheduler: scheduler, options: options))
    }
  }
}

extension Publishers.Debounce: Sendable
where
  Upstream: Sendable, Context: Sendable, Context.SchedulerTimeType.Stride: Sendable, Context.SchedulerOptions: Sendable
{}
#endif
