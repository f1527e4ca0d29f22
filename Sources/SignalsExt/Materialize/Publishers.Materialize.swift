// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport

extension Publisher {
  /// Turns every event into a value: each value becomes `.value`, and the completion becomes
  /// `.finished` or `.failure(error)` followed by a real `.finished`.
  ///
  /// The resulting publisher never fails, so a failure can travel down a pipeline that must keep
  /// running (or be inspected like any value). Demand passes through; the completion event needs
  /// one unit of demand like any value, and waits for it if downstream has none left. Beyond
  /// Combine; the name and the ``Event`` type follow CombineExt.
  ///
  /// ```swift
  /// struct Offline: Error {}
  /// let cancellable = Fail<Int, Offline>(error: Offline()).materialize().sink { print($0) }
  /// // Prints: failure(Offline())
  /// ```
  ///
  /// - Returns: A `Publishers.Materialize` publisher.
  public func materialize() -> Publishers.Materialize<Self> {
    Publishers.Materialize(upstream: self)
  }
}

extension Publishers {
  /// A publisher that delivers its upstream's events as ``Event`` values and never fails.
  ///
  /// Made by ``Publisher/materialize()``.
  ///
  /// ```swift
  /// let events = Publishers.Materialize(upstream: Just(1))
  /// let cancellable = events.sink { print($0) }
  /// // Prints: value(1)
  /// //         finished
  /// ```
  public struct Materialize<Upstream: Publisher>: Publisher {
    /// The upstream's events.
    public typealias Output = Event<Upstream.Output, Upstream.Failure>
    /// Never: a failure arrives as a `.failure` event.
    public typealias Failure = Never

    /// The publisher whose events are materialized.
    public let upstream: Upstream

    /// Creates a publisher that delivers the events of `upstream` as values.
    ///
    /// ```swift
    /// let events = Publishers.Materialize(upstream: [1, 2].publisher)
    /// ```
    ///
    /// - Parameter upstream: The publisher whose events are materialized.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` through an inner that wraps each event.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(MaterializeInner<Upstream, S>(downstream: subscriber))
    }
  }
}

extension Publishers.Materialize: Sendable where Upstream: Sendable {}

/// The subscriber to upstream and subscription of the downstream in one: it wraps each value in
/// an ``Event``, and the completion in a last event followed by `.finished`.
///
/// An ``EventLinkStateMachine`` behind one lock counts the demand, so the completion event waits
/// for a request if the subscriber has no demand left. Each method locks, asks the machine,
/// unlocks, then calls the subscriber or the upstream.
private final class MaterializeInner<Upstream: Publisher, Downstream: Subscriber>: Subscriber, Subscription,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Input == Event<Upstream.Output, Upstream.Failure>, Downstream.Failure == Never {
  typealias Input = Upstream.Output
  typealias Failure = Upstream.Failure

  private let downstream: Downstream
  private let state = LockedState.make(EventLinkStateMachine())
  /// Guarded by `state`'s lock: the final event while the machine holds it for demand.
  private var finalEvent = ValueSlot<Downstream.Input>()

  #if DEBUG
  /// Registers this inner with the current leak-check scope, if any (see `LiveObjectScope`).
  private let liveObject = LiveObjectScope.track(MaterializeInner.self)
  #endif

  init(downstream: Downstream) {
    self.downstream = downstream
  }

  deinit {
    finalEvent.release()
  }

  var description: String { "Materialize" }

  var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

  var playgroundDescription: Any { description }

  func receive(subscription: any Subscription) {
    guard state.withLock({ $0.receivedSubscription(subscription) }) else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    switch state.withLock({ $0.receivedValue() }) {
    case .ignore, .unreserved:
      return .none
    case .unlimited:
      return downstream.receive(.value(input))
    case .reserved:
      let demand = downstream.receive(.value(input))
      if demand != .none { state.withLock { $0.returned(demand) } }
      return demand
    }
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let event: Downstream.Input
    switch completion {
    case .finished: event = .finished
    case .failure(let error): event = .failure(error)
    }
    let (action, released) = state.withLock { machine in
      let completed = machine.completed()
      if case .hold = completed.action { finalEvent.store(event) }
      return completed
    }
    // The upstream subscription is released here, after unlocking.
    _ = consume released
    guard case .deliver = action else { return }
    sendFinalEvent(event)
  }

  func request(_ demand: Subscribers.Demand) {
    switch state.withLock({ $0.requested(demand) }) {
    case .none: break
    case .forward(let upstream): upstream.request(demand)
    case .deliverFinalEvent: sendFinalEvent(state.withLock { _ in finalEvent.take() })
    }
  }

  func cancel() {
    let (upstream, dropsFinalEvent) = state.withLock { $0.terminated() }
    upstream?.cancel()
    if dropsFinalEvent { dropFinalEvent() }
  }

  /// Releases a completion event that waited for demand, after unlocking.
  @inline(never)
  private func dropFinalEvent() {
    let dropped = state.withLock { _ in finalEvent.take() }
    withExtendedLifetime(dropped) {}
  }

  /// Sends the event that stands for the completion, then `.finished`.
  private func sendFinalEvent(_ event: Downstream.Input) {
    _ = downstream.receive(event)
    downstream.receive(completion: .finished)
  }
}

// Safety: the mutable state is `state`, a `LockedState`, and `finalEvent`, touched only inside
// `state.withLock` (and in `deinit`); the rest is immutable after `init`.
extension MaterializeInner: @unchecked Sendable {}
