// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport

extension Publisher where Output: EventConvertible, Failure == Never {
  /// Turns a publisher of ``Event`` values back into the publisher they describe.
  ///
  /// `.value` events are delivered as values; a `.failure` event fails downstream and a `.finished`
  /// event finishes it, both cancelling upstream. Demand passes through. The inverse of
  /// ``materialize()``; beyond Combine, named as in CombineExt.
  ///
  /// ```swift
  /// let cancellable = [Event<Int, Never>.value(1), .finished, .value(2)].publisher
  ///   .dematerialize()
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // Prints: 1
  /// //         finished
  /// ```
  ///
  /// - Returns: A `Publishers.Dematerialize` publisher.
  public func dematerialize() -> Publishers.Dematerialize<Self> {
    Publishers.Dematerialize(upstream: self)
  }
}

extension Publishers {
  /// A publisher that turns ``Event`` values back into values and a completion.
  ///
  /// Made by ``Publisher/dematerialize()``.
  ///
  /// ```swift
  /// let events = [Event<String, Never>.value("a"), .finished].publisher
  /// let cancellable = Publishers.Dematerialize(upstream: events).sink { print($0) }
  /// // Prints: a
  /// ```
  public struct Dematerialize<Upstream: Publisher>: Publisher
  where Upstream.Output: EventConvertible, Upstream.Failure == Never {
    /// The type of the `.value` events.
    public typealias Output = Upstream.Output.Output
    /// The type of the `.failure` event.
    public typealias Failure = Upstream.Output.Failure

    /// The publisher of events.
    public let upstream: Upstream

    /// Creates a publisher that turns the events of `upstream` back into values and a completion.
    ///
    /// ```swift
    /// let plain = Publishers.Dematerialize(upstream: Just(Event<Int, Never>.value(1)))
    /// ```
    ///
    /// - Parameter upstream: The publisher of events.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` through an inner that unwraps each event.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(DematerializeInner<Upstream, S>(downstream: subscriber))
    }
  }
}

extension Publishers.Dematerialize: Sendable where Upstream: Sendable {}

/// The subscriber to upstream and subscription of the downstream in one: it unwraps each
/// ``Event``, delivering `.value` events as values and ending at a `.failure` or `.finished`
/// event, which cancels upstream.
///
/// An ``EventLinkStateMachine`` behind one lock counts the demand, so a value the subscriber did
/// not ask for is dropped. Each method locks, asks the machine, unlocks, then calls the
/// subscriber or the upstream.
private final class DematerializeInner<Upstream: Publisher, Downstream: Subscriber>: Subscriber, Subscription,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where
  Upstream.Output: EventConvertible, Upstream.Failure == Never, Downstream.Input == Upstream.Output.Output,
  Downstream.Failure == Upstream.Output.Failure
{
  typealias Input = Upstream.Output
  typealias Failure = Never

  private let downstream: Downstream
  private let state = LockedState.make(EventLinkStateMachine())

  #if DEBUG
  /// Registers this inner with the current leak-check scope, if any (see `LiveObjectScope`).
  private let liveObject = LiveObjectScope.track(DematerializeInner.self)
  #endif

  init(downstream: Downstream) {
    self.downstream = downstream
  }

  var description: String { "Dematerialize" }

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
    let admission = state.withLock { $0.receivedValue() }
    if case .ignore = admission { return .none }
    // `event` is the input type's own code: read outside the lock.
    switch input.event {
    case .value(let value):
      switch admission {
      case .ignore, .unreserved:
        return .none
      case .unlimited:
        return downstream.receive(value)
      case .reserved:
        let demand = downstream.receive(value)
        if demand != .none { state.withLock { $0.returned(demand) } }
        return demand
      }
    case .failure(let error):
      end(with: .failure(error))
      return .none
    case .finished:
      end(with: .finished)
      return .none
    }
  }

  func receive(completion: Subscribers.Completion<Never>) {
    // The upstream subscription is released after unlocking.
    guard state.withLock({ $0.terminated() }).upstream != nil else { return }
    downstream.receive(completion: .finished)
  }

  func request(_ demand: Subscribers.Demand) {
    guard case .forward(let upstream) = state.withLock({ $0.requested(demand) }) else { return }
    upstream.request(demand)
  }

  func cancel() {
    state.withLock { $0.terminated() }.upstream?.cancel()
  }

  /// Ends at an event that stands for a completion: cancels upstream, then completes downstream.
  private func end(with completion: Subscribers.Completion<Downstream.Failure>) {
    guard let upstream = state.withLock({ $0.terminated() }).upstream else { return }
    upstream.cancel()
    downstream.receive(completion: completion)
  }
}

// Safety: all mutable state is in `state`, a `LockedState`; the rest is immutable after `init`.
extension DematerializeInner: @unchecked Sendable {}
