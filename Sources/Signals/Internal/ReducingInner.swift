// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// What a reducing operator decides for one upstream value.
enum ReducingStep<Output, Failure: Error> {
  /// Keep going; the value was folded into the operator's own state.
  case proceed
  /// The answer is known (`nil`: there is none): cancel upstream and deliver it once downstream
  /// has asked.
  case answer(Output?)
  /// Cancel upstream and fail downstream with the error.
  case fail(Failure)
}

/// The state of a reducing operator: it asks upstream for everything, and delivers one result
/// (or none) followed by `.finished`, only once downstream has asked for something.
struct ReductionStateMachine<Output> {
  private enum State {
    /// No upstream subscription yet.
    case awaitingSubscription
    /// Upstream is running; `demanded` records whether downstream asked for anything yet.
    case subscribed(any Subscription, demanded: Bool)
    /// Upstream is done and the result (or `nil`) waits for downstream demand.
    case holding(Output?)
    /// Delivered, failed or cancelled.
    case terminal
  }

  /// What to do after upstream finished or the answer became known early.
  enum AnswerAction {
    /// Already ended; do nothing.
    case none
    /// Cancel upstream (if this is an early answer) and wait for demand.
    case hold(upstream: any Subscription)
    /// Cancel upstream (if early), then deliver the result and finish.
    case deliver(Output?, upstream: any Subscription)
  }

  private var state = State.awaitingSubscription

  /// Whether upstream values are still wanted.
  var isSubscribed: Bool {
    if case .subscribed = state { return true }
    return false
  }

  /// Takes the first subscription; `false` for any later one.
  mutating func subscribe(_ subscription: any Subscription) -> Bool {
    guard case .awaitingSubscription = state else { return false }
    state = .subscribed(subscription, demanded: false)
    return true
  }

  /// Downstream asked for values. Returns the held result to deliver, if upstream is done.
  mutating func request() -> Output?? {
    switch state {
    case .subscribed(let upstream, _):
      state = .subscribed(upstream, demanded: true)
      return nil
    case .holding(let result):
      state = .terminal
      return .some(result)
    case .awaitingSubscription, .terminal:
      return nil
    }
  }

  /// The result is known, because upstream finished or the operator found its answer early.
  mutating func answer(_ result: Output?) -> AnswerAction {
    guard case .subscribed(let upstream, let demanded) = state else { return .none }
    if demanded {
      state = .terminal
      return .deliver(result, upstream: upstream)
    }
    state = .holding(result)
    return .hold(upstream: upstream)
  }

  /// Upstream failed, the operator threw, or downstream cancelled. Returns the upstream
  /// subscription if it was running, and the old state so a held result is released after
  /// unlocking.
  mutating func terminate() -> (upstream: (any Subscription)?, released: Output??) {
    defer { state = .terminal }
    switch state {
    case .subscribed(let upstream, _): return (upstream, nil)
    case .holding(let result): return (nil, .some(result))
    case .awaitingSubscription, .terminal: return (nil, nil)
    }
  }
}

/// The inner shared by reducing operators (`collect()`, `reduce`, `count`, `min`, `first`,
/// `contains` …): asks upstream for `.unlimited`, folds every value into the operator's state
/// with ``step(_:)``, and delivers ``result()`` with `.finished` once upstream finished *and*
/// downstream asked for something.
///
/// As with ``ForwardingInner``, `step(_:)` and `result()` run on the upstream's serial delivery
/// path, outside the lock, so the accumulator they share needs no lock; the result moves into the
/// locked machine when upstream finishes.
protocol ReducingInner: Subscriber, Subscription, CustomStringConvertible, CustomReflectable,
  CustomPlaygroundDisplayConvertible
{
  /// The subscriber this inner delivers to.
  associatedtype Downstream: Subscriber

  /// The subscriber this inner delivers to.
  var downstream: Downstream { get }

  /// The locked state.
  var machine: LockedState<ReductionStateMachine<Downstream.Input>> { get }

  /// Folds one upstream value; called outside the lock.
  func step(_ input: Input) -> ReducingStep<Downstream.Input, Downstream.Failure>

  /// The result once upstream finished; `nil` delivers only `.finished`.
  func result() -> Downstream.Input?

  /// Turns an upstream failure into a downstream one.
  func mapFailure(_ failure: Failure) -> Downstream.Failure
}

extension ReducingInner where Failure == Downstream.Failure {
  func mapFailure(_ failure: Failure) -> Downstream.Failure { failure }
}

extension ReducingInner {
  func receive(subscription: any Subscription) {
    guard machine.withLock({ $0.subscribe(subscription) }) else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
    subscription.request(.unlimited)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    guard machine.withLock({ $0.isSubscribed }) else { return .none }
    switch step(input) {
    case .proceed:
      break
    case .answer(let result):
      settle(result, cancellingUpstream: true)
    case .fail(let error):
      fail(error, cancellingUpstream: true)
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    guard machine.withLock({ $0.isSubscribed }) else { return }
    switch completion {
    case .finished: settle(result(), cancellingUpstream: false)
    case .failure(let error): fail(mapFailure(error), cancellingUpstream: false)
    }
  }

  func request(_ demand: Subscribers.Demand) {
    guard let result = machine.withLock({ $0.request() }) else { return }
    deliver(result)
  }

  func cancel() {
    let (upstream, released) = machine.withLock { $0.terminate() }
    withExtendedLifetime(released) {}
    upstream?.cancel()
  }

  var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

  var playgroundDescription: Any { description }

  private func settle(_ result: Downstream.Input?, cancellingUpstream: Bool) {
    switch machine.withLock({ $0.answer(result) }) {
    case .none:
      break
    case .hold(let upstream):
      if cancellingUpstream { upstream.cancel() }
    case .deliver(let result, let upstream):
      if cancellingUpstream { upstream.cancel() }
      deliver(result)
    }
  }

  private func fail(_ error: Downstream.Failure, cancellingUpstream: Bool) {
    guard let upstream = machine.withLock({ $0.terminate() }).upstream else { return }
    if cancellingUpstream { upstream.cancel() }
    downstream.receive(completion: .failure(error))
  }

  private func deliver(_ result: Downstream.Input?) {
    if let result { _ = downstream.receive(result) }
    downstream.receive(completion: .finished)
  }
}
