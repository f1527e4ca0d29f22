// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport

/// An error for tests of failing publishers.
struct TestError: Error, Equatable, Sendable {
  var id = 0
}

/// A subscription that records what its subscriber asks of it.
final class TestSubscription: Subscription, @unchecked Sendable {
  // Safety: all mutable state is in `state`, a `LockedState`.
  enum Event: Equatable {
    case requested(Subscribers.Demand)
    case cancelled
  }

  private let state = LockedState<[Event]>.make([])
  private let onRequest: (@Sendable (Subscribers.Demand) -> Void)?

  init(onRequest: (@Sendable (Subscribers.Demand) -> Void)? = nil) {
    self.onRequest = onRequest
  }

  /// Every request and cancel, in order.
  var events: [Event] { state.withLock { $0 } }

  /// The sum of all requests.
  var totalDemand: Subscribers.Demand {
    events.reduce(into: .none) { total, event in
      if case .requested(let demand) = event { total += demand }
    }
  }

  var isCancelled: Bool { events.contains(.cancelled) }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { $0.append(.requested(demand)) }
    onRequest?(demand)
  }

  func cancel() {
    state.withLock { $0.append(.cancelled) }
  }
}

/// A publisher driven by hand: it keeps the subscriber an operator attaches, so a test can send it
/// anything in any order — including what a well-behaved publisher never would.
final class TestPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
  // Safety: all mutable state is in `state`, a `LockedState`.
  private struct State {
    var subscribers: [AnySubscriber<Output, Failure>] = []
  }

  private let state = LockedState<State>.make(State())
  /// The subscription handed to each subscriber when `subscribesImmediately` is true.
  let subscription: TestSubscription
  private let subscribesImmediately: Bool

  init(subscribesImmediately: Bool = true, onRequest: (@Sendable (Subscribers.Demand) -> Void)? = nil) {
    self.subscribesImmediately = subscribesImmediately
    subscription = TestSubscription(onRequest: onRequest)
  }

  var subscriberCount: Int { state.withLock { $0.subscribers.count } }

  /// The most recent subscriber.
  var subscriber: AnySubscriber<Output, Failure>? { state.withLock { $0.subscribers.last } }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let erased = AnySubscriber(subscriber)
    state.withLock { $0.subscribers.append(erased) }
    if subscribesImmediately {
      erased.receive(subscription: subscription)
    }
  }

  /// Sends `subscription` to the most recent subscriber.
  func sendSubscription(_ subscription: (any Subscription)? = nil) {
    subscriber?.receive(subscription: subscription ?? self.subscription)
  }

  /// Sends `value` to the most recent subscriber, ignoring demand; returns what it asked for.
  @discardableResult
  func send(_ value: Output) -> Subscribers.Demand {
    subscriber?.receive(value) ?? .none
  }

  func send(completion: Subscribers.Completion<Failure>) {
    subscriber?.receive(completion: completion)
  }
}
