// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport
import Foundation

extension Publisher {
  /// Performs subscribing, requesting and cancelling on `scheduler`.
  ///
  /// Use it when subscribing to the upstream does work you want off the current thread (a
  /// publisher that opens a file or starts a request in `receive(subscriber:)`). It does not move
  /// where values are delivered: they arrive on whatever thread the upstream sends them; use
  /// ``Publisher/receive(on:options:)`` for that.
  ///
  /// ```swift
  /// let scheduler = DispatchQueue.test
  /// let subject = PassthroughSubject<Int, Never>()
  /// let cancellable = subject.subscribe(on: scheduler).sink { print($0) }
  /// subject.send(1)        // nothing: not subscribed yet
  /// scheduler.advance()    // the subscription happens now
  /// subject.send(2)        // Prints: 2
  /// ```
  ///
  /// - Note: Each `request(_:)` and the `cancel()` are forwarded to the upstream subscription from
  ///   `scheduler`; values arriving after `cancel()` are not forwarded. As in Combine, every value
  ///   the upstream sends is forwarded, whatever the subscriber's demand. A request made from inside
  ///   the upstream's `request(_:)`, on the same thread (with ``ImmediateScheduler``), stops the
  ///   program with a precondition failure, as in Combine.
  ///
  /// - Parameters:
  ///   - scheduler: Where to subscribe, request and cancel.
  ///   - options: Options for each `schedule` call.
  /// - Returns: A publisher that subscribes on `scheduler`.
  public func subscribe<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
    -> Publishers.SubscribeOn<Self, S>
  {
    Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
  }
}

extension Publishers {
  /// The publisher ``Publisher/subscribe(on:options:)`` returns: it subscribes to its upstream,
  /// and requests and cancels, on a scheduler.
  ///
  /// ```swift
  /// let work = Publishers.SubscribeOn(upstream: subject, scheduler: DispatchQueue.global(), options: nil)
  /// ```
  public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The upstream's output.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher subscribed to on the scheduler.
    public let upstream: Upstream
    /// Where subscribing, requesting and cancelling happen.
    public let scheduler: Context
    /// Options for each `schedule` call.
    public let options: Context.SchedulerOptions?

    /// Creates the publisher; ``Publisher/subscribe(on:options:)`` is the usual way.
    ///
    /// - Parameters:
    ///   - upstream: The publisher subscribed to on the scheduler.
    ///   - scheduler: Where subscribing, requesting and cancelling happen.
    ///   - options: Options for each `schedule` call.
    public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
      self.upstream = upstream
      self.scheduler = scheduler
      self.options = options
    }

    /// Schedules the subscription to the upstream on the scheduler.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = SubscribeOnInner(downstream: subscriber, scheduler: scheduler, options: options)
      let upstream = self.upstream
      scheduler.schedule(options: options) { upstream.subscribe(inner) }
    }
  }
}

extension Publishers.SubscribeOn: Sendable
where Upstream: Sendable, Context: Sendable, Context.SchedulerOptions: Sendable {}

private final class SubscribeOnInner<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
{
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private let downstream: Downstream
  private let scheduler: Context
  private let options: Context.SchedulerOptions?
  private let state = LockedState.make(PassThroughState())
  /// The threads forwarding a request to the upstream right now (more than one only on a concurrent
  /// scheduler), to catch a request made from inside the upstream's own `request(_:)`.
  private let forwardingThreads = LockedState<[ObjectIdentifier]>.make([])

  init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
    self.downstream = downstream
    self.scheduler = scheduler
    self.options = options
  }

  var description: String { "SubscribeOn" }

  var customMirror: Mirror { Mirror(self, children: [:]) }

  var playgroundDescription: Any { description }

  func receive(subscription: any Subscription) {
    guard state.withLock({ $0.accept(subscription) }) else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    // As in Combine, values are not counted against demand: the upstream is trusted.
    guard state.withLock({ $0.isReceivingUpstream }) else { return .none }
    return downstream.receive(input)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    guard state.withLock({ $0.cancel() }) != nil else { return }
    downstream.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    guard let upstream = state.withLock({ $0.subscription }) else { return }
    scheduler.schedule(options: options) { self.forward(demand, to: upstream) }
  }

  /// Requests from upstream. Combine serialises these requests with a lock, so a request made
  /// from inside the upstream's `request(_:)` on the same thread stops the program; so does this.
  private func forward(_ demand: Subscribers.Demand, to upstream: any Subscription) {
    let thread = ObjectIdentifier(Thread.current)
    let isRecursive = forwardingThreads.withLock { threads -> Bool in
      if threads.contains(thread) { return true }
      threads.append(thread)
      return false
    }
    if isRecursive {
      preconditionFailure(
        "subscribe(on:): request(_:) was called from inside the upstream's request(_:) on the same thread")
    }
    upstream.request(demand)
    forwardingThreads.withLock { threads in
      if let index = threads.firstIndex(of: thread) { threads.remove(at: index) }
    }
  }

  func cancel() {
    // Before the subscription arrives this does nothing, as in Combine.
    guard let upstream = state.withLock({ $0.cancel() }) else { return }
    scheduler.schedule(options: options) { upstream.cancel() }
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; the rest is immutable.
extension SubscribeOnInner: @unchecked Sendable {}
#endif
