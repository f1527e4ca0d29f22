// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport

/// The subscription behind ``Publishers/WithLatestFrom``, which hands its subscriber the result of
/// each trigger value combined with the other publisher's latest value: a
/// ``WithLatestFromStateMachine`` behind one lock. Each method locks, asks the machine, unlocks,
/// then cancels, subscribes, delivers and requests as the machine said.
///
/// Only the holder of the machine's delivery token calls the subscriber (and the result
/// selector), so it is never called twice at once; a trigger value, request or completion that
/// arrives while the token is taken — from another thread, or from inside the subscriber's
/// `receive(_:)` — is left to the holder, which delivers what it caused before giving the token
/// back. No lock is held while calling the selector, the subscriber or an upstream, or while
/// releasing a value.
///
/// The per-value path builds no generic type (Internals, rule 9): the lock guards the machine,
/// which is not generic, and the slots below; a pair is never built as a tuple unless it has to
/// wait.
final class WithLatestFromStorage<Upstream: Publisher, Other: Publisher, Downstream: Subscriber>: Subscription,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Upstream.Failure == Other.Failure, Downstream.Failure == Upstream.Failure {
  typealias Failure = Upstream.Failure
  typealias Selector = (Upstream.Output, Other.Output) -> Downstream.Input
  fileprivate typealias Machine = WithLatestFromStateMachine

  private let downstream: Downstream
  private let selector: Selector
  private let state = LockedState.make(WithLatestFromStateMachine())
  // The fields below are guarded by `state`'s lock: read and written only inside
  // `state.withLock` (and in `deinit`), as the machine's decisions say.
  /// The other publisher's latest value; filled while the machine says `hasLatest`.
  private var latest = ValueSlot<Other.Output>()
  /// Pairs made while the token was taken, oldest first; as many as the machine's `backlog`.
  private var backlog = ValueQueue<(Upstream.Output, Other.Output)>()
  /// The failure the machine decided to end with (`Ending.failure`).
  private var failure = ValueSlot<Failure>()
  /// The trigger publisher, until it is subscribed or the operator ends (so the subscription does
  /// not keep it alive).
  private var trigger = ValueSlot<Upstream>()
  /// Guarded by the delivery token: the latest value paired with the trigger value being
  /// delivered, copied in under the lock by the caller that took the token, and moved out by it
  /// after unlocking. Nobody else touches it while that caller holds the token.
  private var paired = ValueSlot<Other.Output>()

  #if DEBUG
  /// Registers this storage with the current leak-check scope, if any (see `LiveObjectScope`).
  private let liveObject = LiveObjectScope.track(WithLatestFromStorage.self)
  #endif

  /// A subscription for `downstream` that combines the values of `trigger` through `selector`;
  /// ``start(other:)`` subscribes the other publisher.
  init(downstream: Downstream, trigger: Upstream, selector: @escaping Selector) {
    self.downstream = downstream
    self.selector = selector
    self.trigger.store(trigger)
  }

  deinit {
    latest.release()
    failure.release()
    trigger.release()
    paired.release()
  }

  var description: String { "WithLatestFrom" }

  var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

  var playgroundDescription: Any { description }

  /// Subscribes to `other` (the trigger follows once `other` has a value), then hands the
  /// subscriber its subscription, then delivers what happened meanwhile.
  func start(other: Other) {
    other.subscribe(WithLatestFromOtherSide(storage: self))
    downstream.receive(subscription: self)
    drain(after: .none)
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    // A request for no values is ignored.
    guard demand > 0 else { return }
    let (triggerDemand, start) = state.withLock { $0.requested(demand) }
    if case .drain = start { drain(after: .none) }
    forward(triggerDemand)
  }

  func cancel() {
    perform(state.withLock { $0.cancelled() })
  }

  // MARK: Inputs

  /// The trigger or the other publisher received its subscription.
  fileprivate func receive(subscription: any Subscription, from input: Machine.Input) {
    switch state.withLock({ $0.receivedSubscription(subscription, from: input) }) {
    case .cancel:
      subscription.cancel()
    case .request(let demand):
      if demand > 0 { subscription.request(demand) }
    }
  }

  /// A value of the other publisher: the latest from now on; the first one subscribes the trigger.
  fileprivate func receiveOther(_ value: Other.Output) -> Subscribers.Demand {
    // Holds the value this one displaces, released after unlocking.
    var carried = value
    let outcome = state.withLock { machine in
      let outcome = machine.receivedOtherValue()
      if outcome.stores { _ = latest.exchange(&carried) }
      return outcome
    }
    withExtendedLifetime(carried) {}
    if outcome.subscribesTrigger { subscribeTrigger() }
    if case .drain = outcome.start { drain(after: .none) }
    return .none
  }

  /// A value of the trigger; its demand comes from the subscriber's requests.
  fileprivate func receiveTrigger(_ value: Upstream.Output) -> Subscribers.Demand {
    let decision = state.withLock { machine in
      let decision = machine.receivedTriggerValue()
      switch decision {
      case .drop: break
      case .deliver: paired.store(latest.value)
      case .queue: enqueue(value)
      }
      return decision
    }
    switch decision {
    case .drop, .queue(drains: false):
      break
    case .deliver:
      drain(after: downstream.receive(selector(value, paired.take())))
    case .queue(drains: true):
      drain(after: .none)
    }
    return .none
  }

  /// The trigger or the other publisher completed.
  fileprivate func receive(completion: Subscribers.Completion<Failure>, from input: Machine.Input) {
    let failed: Bool
    if case .failure = completion { failed = true } else { failed = false }
    perform(
      state.withLock { machine in
        let effects = machine.receivedCompletion(failed: failed, from: input)
        // The machine keeps the kind of ending; the error waits here for the token holder.
        if effects.ends, machine.ending == .failure, case .failure(let error) = completion { failure.store(error) }
        return effects
      })
  }

  // MARK: Acting on the machine's decisions

  /// After unlocking: cancels and releases what the step ended, then delivers if this caller was
  /// given the token.
  private func perform(_ effects: consuming Machine.Effects) {
    let start = effects.start
    for subscription in effects.cancel { subscription.cancel() }
    if effects.ends { releaseEnded(dropsBacklog: effects.dropsBacklog, releasesLatest: effects.releasesLatest) }
    _ = consume effects
    if case .drain = start { drain(after: .none) }
  }

  /// The token holder's loop: adds the demand the subscriber `returned`, then delivers what waits
  /// until nothing does, and gives the token back.
  private func drain(after returned: Subscribers.Demand) {
    var returned = returned
    while true {
      let (next, demand) = state.withLock { $0.nextDelivery(adding: returned) }
      forward(demand)
      switch next {
      case .none:
        return
      case .pair:
        returned = deliverWaitingPair()
      case .complete(let ending):
        deliverCompletion(ending)
        return
      }
    }
  }

  /// Passes demand on to the trigger, outside the lock.
  private func forward(_ demand: Subscribers.Demand) {
    guard demand > 0 else { return }
    state.withLock { $0.triggerSubscription() }?.request(demand)
  }

  // MARK: Rare paths (each names a generic type, so none is inlined into the per-value path)

  /// Under the lock: the trigger's `value` and the latest value wait as a pair.
  @inline(never)
  private func enqueue(_ value: Upstream.Output) {
    backlog.append((value, latest.value))
  }

  /// The token holder delivers the oldest waiting pair; returns the subscriber's demand.
  @inline(never)
  private func deliverWaitingPair() -> Subscribers.Demand {
    guard let (value, latest) = state.withLock({ _ in backlog.popFirst() }) else { return .none }
    return downstream.receive(selector(value, latest))
  }

  /// The token holder delivers the completion the machine decided.
  @inline(never)
  private func deliverCompletion(_ ending: Machine.Ending) {
    switch ending {
    case .none:
      return
    case .finished:
      downstream.receive(completion: .finished)
    case .failure:
      let error = state.withLock { _ in failure.take() }
      downstream.receive(completion: .failure(error))
    }
  }

  /// The other publisher's first value: subscribes the trigger.
  @inline(never)
  private func subscribeTrigger() {
    let trigger = state.withLock { _ in self.trigger.isFilled ? self.trigger.take() : nil }
    trigger?.subscribe(WithLatestFromTriggerSide(storage: self))
  }

  /// The operator ended or was cancelled: moves out, under the lock, what it no longer needs —
  /// the latest value, the trigger if never subscribed, the pairs that waited if `dropsBacklog` —
  /// and releases them after unlocking.
  @inline(never)
  private func releaseEnded(dropsBacklog: Bool, releasesLatest: Bool) {
    let released = state.withLock { _ in
      (
        releasesLatest && latest.isFilled ? latest.take() : nil,
        trigger.isFilled ? trigger.take() : nil,
        dropsBacklog ? backlog.removeAll() : nil
      )
    }
    withExtendedLifetime(released) {}
  }
}

// Safety: the mutable state is `state`, a `LockedState`, and the slots and backlog, which are
// touched only inside `state.withLock` (and in `deinit`), except `paired`, which only the holder
// of the delivery token touches (see its comment); the rest is immutable after `init`.
extension WithLatestFromStorage: @unchecked Sendable {}

/// The subscriber attached to the trigger: hands its events to the shared
/// ``WithLatestFromStorage``.
private struct WithLatestFromTriggerSide<Upstream: Publisher, Other: Publisher, Downstream: Subscriber>: Subscriber,
  CustomStringConvertible
where Upstream.Failure == Other.Failure, Downstream.Failure == Upstream.Failure {
  typealias Input = Upstream.Output
  typealias Failure = Upstream.Failure

  let combineIdentifier = CombineIdentifier()
  let storage: WithLatestFromStorage<Upstream, Other, Downstream>

  var description: String { storage.description }

  func receive(subscription: any Subscription) {
    storage.receive(subscription: subscription, from: .trigger)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    storage.receiveTrigger(input)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    storage.receive(completion: completion, from: .trigger)
  }
}

/// The subscriber attached to the other publisher: hands its events to the shared
/// ``WithLatestFromStorage``.
private struct WithLatestFromOtherSide<Upstream: Publisher, Other: Publisher, Downstream: Subscriber>: Subscriber,
  CustomStringConvertible
where Upstream.Failure == Other.Failure, Downstream.Failure == Upstream.Failure {
  typealias Input = Other.Output
  typealias Failure = Other.Failure

  let combineIdentifier = CombineIdentifier()
  let storage: WithLatestFromStorage<Upstream, Other, Downstream>

  var description: String { storage.description }

  func receive(subscription: any Subscription) {
    storage.receive(subscription: subscription, from: .other)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    storage.receiveOther(input)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    storage.receive(completion: completion, from: .other)
  }
}
