// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport

/// A subscriber that checks the subscriber contract as events arrive, from any thread, and
/// records every violation instead of crashing: no call overlapping another, no value beyond the
/// demand requested, no value or completion after the completion, exactly one subscription.
///
/// Values are expected to be unique across the run (the stress tests send distinct integers), so
/// a value seen twice is a duplicate delivery.
final class InvariantSubscriber: Subscriber, @unchecked Sendable {
  // Safety: all mutable state is in `state`, a `LockedState`; the policy closures are immutable.
  typealias Input = Int
  typealias Failure = TestFailure

  private struct State {
    var subscription: (any Subscription)?
    var subscriptionCount = 0
    var granted: Subscribers.Demand = .none
    var received = 0
    var seen = Set<Int>()
    var completions = 0
    var inside = false
    var violations: [String] = []
    var lastValueBySource: [Int: Int] = [:]
  }

  private let state = LockedState<State>.make(State())
  /// Written on every call outside any lock, on purpose: the contract says the subscriber is never
  /// entered by two threads at once, so under ThreadSanitizer two overlapping calls are reported
  /// as a race even when they miss the `inside` check's narrow window. Only with `dwells`.
  private var unguardedCalls = 0
  /// Stay inside each call a little (touching `unguardedCalls`), so overlapping calls would meet.
  private let dwells: Bool
  /// Signalled once per completion received, for tests whose completion arrives on another thread.
  let completed = DispatchSemaphore(value: 0)
  private let initialDemand: Subscribers.Demand
  private let demandPerValue: Subscribers.Demand
  /// How values are split into sources whose order must be kept: `value / sourceWidth`.
  private let sourceWidth: Int

  init(
    initialDemand: Subscribers.Demand = .unlimited, demandPerValue: Subscribers.Demand = .none, sourceWidth: Int,
    dwells: Bool = false
  ) {
    self.dwells = dwells
    self.initialDemand = initialDemand
    self.demandPerValue = demandPerValue
    self.sourceWidth = sourceWidth
  }

  var violations: [String] { state.withLock { $0.violations } }
  var receivedCount: Int { state.withLock { $0.received } }
  var completionCount: Int { state.withLock { $0.completions } }
  var values: Set<Int> { state.withLock { $0.seen } }

  func receive(subscription: any Subscription) {
    state.withLock { state in
      state.subscriptionCount += 1
      if state.subscriptionCount > 1 { state.violations.append("second subscription") }
      state.subscription = subscription
      state.granted += initialDemand
    }
    if initialDemand > 0 { subscription.request(initialDemand) }
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    state.withLock { state in
      if state.inside { state.violations.append("overlapping call with value \(input)") }
      state.inside = true
      if state.completions > 0 { state.violations.append("value \(input) after completion") }
      state.received += 1
      if state.granted != .unlimited, state.received > state.granted.max ?? 0 {
        state.violations.append("value \(input) beyond demand \(state.granted)")
      }
      if !state.seen.insert(input).inserted { state.violations.append("value \(input) delivered twice") }
      let source = input / sourceWidth
      if let last = state.lastValueBySource[source], last > input {
        state.violations.append("value \(input) after \(last) from the same source")
      }
      state.lastValueBySource[source] = input
      state.granted += demandPerValue
    }
    dwell()
    state.withLock { $0.inside = false }
    return demandPerValue
  }

  func receive(completion: Subscribers.Completion<TestFailure>) {
    state.withLock { state in
      if state.inside { state.violations.append("completion overlapping a value") }
      state.completions += 1
      if state.completions > 1 { state.violations.append("completion delivered \(state.completions) times") }
    }
    dwell()
    completed.signal()
  }

  private func dwell() {
    guard dwells else { return }
    for _ in 0..<50 { unguardedCalls &+= 1 }
  }

  /// Asks for more, recording the grant first so a value racing the request is never counted as
  /// beyond demand.
  func request(_ demand: Subscribers.Demand) {
    let subscription = state.withLock { state -> (any Subscription)? in
      state.granted += demand
      return state.subscription
    }
    subscription?.request(demand)
  }

  func cancel() {
    state.withLock { $0.subscription }?.cancel()
  }
}

/// The failure type of the stress tests.
struct TestFailure: Error, Equatable, Sendable {}

/// Sends `perSender` distinct values from each of `senders` threads while two more threads each
/// attach 300 new subscribers through `attach` and cancel them at once; then completes. Returns the
/// subscriber attached before the sends and the churned ones, for the caller's checks.
func runSubscribeCancelChurn(
  senders: Int, perSender: Int, attach: @escaping @Sendable (InvariantSubscriber) -> Void,
  send: @escaping @Sendable (Int) -> Void, complete: () -> Void
) -> (steady: InvariantSubscriber, churned: [InvariantSubscriber]) {
  let steady = InvariantSubscriber(sourceWidth: perSender)
  attach(steady)
  let churned = LockedState<[InvariantSubscriber]>.make([])
  runConcurrently(senders + 2) { worker in
    if worker < senders {
      for index in 0..<perSender { send(worker * perSender + index) }
    } else {
      for _ in 0..<300 {
        let subscriber = InvariantSubscriber(sourceWidth: perSender)
        attach(subscriber)
        subscriber.cancel()
        churned.withLock { $0.append(subscriber) }
      }
    }
  }
  complete()
  return (steady, churned.withLock { $0 })
}
