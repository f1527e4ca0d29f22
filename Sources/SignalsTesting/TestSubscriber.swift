// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport

/// A subscriber that records everything it receives, with demand under your control, for testing
/// your own publishers and pipelines.
///
/// It asks for `initialDemand` when subscribed, adds `demandPerValue` after each value, and lets
/// you ask for more with ``request(_:)`` or stop with ``cancel()``. Every event lands in
/// ``events``, which a test compares as a whole, so an unexpected extra value or a missing
/// completion fails the test.
///
/// ```swift
/// import SignalsTesting
/// import Testing
///
/// @Test func evensAreKept() {
///   let recorder = TestSubscriber<Int, Never>(initialDemand: .max(2))
///   (1...10).publisher.filter { $0.isMultiple(of: 2) }.subscribe(recorder)
///   #expect(recorder.events == [.subscription, .value(2), .value(4)])
///   recorder.request(.unlimited)
///   #expect(recorder.values == [2, 4, 6, 8, 10])
///   #expect(recorder.completion == .finished)
/// }
/// ```
///
/// It is safe to use from several threads; the `onValue` closure and the demand policy run outside its lock.
public final class TestSubscriber<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible {
  /// One thing the subscriber received.
  public enum Event {
    /// The subscription arrived (the subscription itself is kept in ``TestSubscriber/subscription``).
    case subscription
    /// A value arrived.
    case value(Input)
    /// The completion arrived.
    case completion(Subscribers.Completion<Failure>)
  }

  private struct State {
    var events: [Event] = []
    var subscription: (any Subscription)?
    var subscriptionCount = 0
  }

  private let state: LockedState<State>
  private let initialDemand: Subscribers.Demand
  private let demandPerValue: Subscribers.Demand
  private let onValue: (@Sendable (Input) -> Void)?

  /// Creates a recorder.
  ///
  /// ```swift
  /// let oneAtATime = TestSubscriber<String, Never>(initialDemand: .max(1), demandPerValue: .max(1))
  /// ```
  ///
  /// - Parameters:
  ///   - initialDemand: Requested when the subscription arrives; `.none` requests nothing.
  ///   - demandPerValue: Returned from each `receive(_:)`.
  ///   - onValue: Called with each value after it is recorded, outside the recorder's lock (use it
  ///     to act re-entrantly, e.g. to cancel or send from inside a delivery).
  public init(
    initialDemand: Subscribers.Demand = .unlimited,
    demandPerValue: Subscribers.Demand = .none,
    onValue: (@Sendable (Input) -> Void)? = nil
  ) {
    state = .make(State())
    self.initialDemand = initialDemand
    self.demandPerValue = demandPerValue
    self.onValue = onValue
  }

  /// `TestSubscriber`.
  public var description: String { "TestSubscriber" }

  /// Everything received so far, in order.
  public var events: [Event] {
    state.withLock { $0.events }
  }

  /// The values received so far, in order.
  public var values: [Input] {
    events.compactMap { event in
      if case .value(let value) = event { return value }
      return nil
    }
  }

  /// The completion, once it arrived.
  public var completion: Subscribers.Completion<Failure>? {
    for case .completion(let completion) in events { return completion }
    return nil
  }

  /// The subscription received, kept so tests can request or cancel through it.
  public var subscription: (any Subscription)? {
    state.withLock { $0.subscription }
  }

  /// How many times a subscription arrived (a publisher must send exactly one).
  public var subscriptionCount: Int {
    state.withLock { $0.subscriptionCount }
  }

  /// Asks the subscription for more values.
  ///
  /// - Parameter demand: The additional demand; must not be `.none`.
  public func request(_ demand: Subscribers.Demand) {
    subscription?.request(demand)
  }

  /// Cancels the subscription; the recorded events stay.
  public func cancel() {
    subscription?.cancel()
  }

  /// Records the subscription and requests the initial demand.
  public func receive(subscription: any Subscription) {
    state.withLock { state in
      state.events.append(.subscription)
      state.subscriptionCount += 1
      if state.subscription == nil { state.subscription = subscription }
    }
    if initialDemand > 0 {
      subscription.request(initialDemand)
    }
  }

  /// Records the value and returns `demandPerValue`.
  public func receive(_ input: Input) -> Subscribers.Demand {
    state.withLock { $0.events.append(.value(input)) }
    onValue?(input)
    return demandPerValue
  }

  /// Records the completion.
  public func receive(completion: Subscribers.Completion<Failure>) {
    state.withLock { $0.events.append(.completion(completion)) }
  }
}

extension TestSubscriber.Event: Equatable where Input: Equatable, Failure: Equatable {}

extension TestSubscriber.Event: CustomStringConvertible {
  /// `subscription`, `value(…)` or `completion(…)`.
  public var description: String {
    switch self {
    case .subscription: "subscription"
    case .value(let value): "value(\(value))"
    case .completion(let completion): "completion(\(completion))"
    }
  }
}

// Safety: all mutable state is in `state`, a `LockedState`; the rest is immutable.
extension TestSubscriber: @unchecked Sendable {}
