// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// The subscription `switchToLatest()` hands its subscriber, and the subscriber it attaches to the
/// upstream: it locks, asks ``SwitchToLatestStateMachine``, unlocks, then delivers, requests or
/// cancels.
///
/// Each inner publisher is subscribed with a ``TaggedSubscriber`` that tags its events with the
/// id the machine gave it, so events of an inner that was switched away from are recognised and
/// dropped.
///
/// **Fused `Just` inners.** When the inner publisher type is `Just` or `SetFailureType<Just, _>`
/// (decided once, in `init`), no inner is subscribed: the value is read out of the publisher and
/// the machine's `receivedUpstreamJust()` / `releaseWaitingJust()` take, in one lock round trip,
/// every decision the subscribed `Just` would have caused (replacing the previous inner, counting
/// the demand, delivering now, queueing behind the token holder or waiting for demand, and the
/// inner's completion). What the subscriber and the upstream see is the same; the value is never
/// held in a generic optional and nothing is allocated per value.
final class SwitchToLatestStorage<NestedPublisher: Publisher, Downstream: Subscriber>: Subscriber, Subscription,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Input == NestedPublisher.Output, Downstream.Failure == NestedPublisher.Failure {
  typealias Input = NestedPublisher
  typealias Failure = NestedPublisher.Failure
  private typealias Machine = SwitchToLatestStateMachine

  private let downstream: Downstream
  private let state = LockedState<Machine>.make(Machine())
  /// Whether every inner is a `Just` (see the type's documentation).
  private let fusesJust: Bool
  /// The values the machine counts in its backlog, oldest first; touched only under `state`'s lock.
  private var backlog = ValueQueue<NestedPublisher.Output>()
  /// The value of the fused `Just` that waits for demand (at most one); touched only under
  /// `state`'s lock.
  private var waitingJust = ValueQueue<NestedPublisher.Output>()
  /// Values of waiting `Just`s that were switched away from, released after unlocking; touched
  /// only under `state`'s lock.
  private var discarded = ValueQueue<NestedPublisher.Output>()
  /// The error of the failure that ended the operator; written under `state`'s lock before the
  /// machine lets the token holder hand out the failure.
  private var failure: Failure?

  #if DEBUG
  /// Registers this storage with the current leak-check scope, if any (see `LiveObjectScope`).
  private let liveObject = LiveObjectScope.track(SwitchToLatestStorage.self)
  #endif

  init(downstream: Downstream) {
    self.downstream = downstream
    // `Just` stores its output and nothing else, and `SetFailureType` its upstream and nothing
    // else, so either publisher has exactly the layout of its output (SwitchToLatestStorageTests
    // checks the sizes, strides and alignments): `receiveJust(_:)` reads the value in place.
    fusesJust = JustLayout.holdsOnlyItsValue(NestedPublisher.self)
  }

  var description: String { "SwitchToLatest" }

  var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

  var playgroundDescription: Any { description }

  // MARK: Upstream

  func receive(subscription: any Subscription) {
    if state.withLock({ $0.receivedUpstreamSubscription(subscription) }) {
      subscription.request(.unlimited)
    } else {
      subscription.cancel()
    }
  }

  func receive(_ input: NestedPublisher) -> Subscribers.Demand {
    if fusesJust {
      receiveJust(input)
      return .none
    }
    guard let (id, previous) = state.withLock({ $0.receivedUpstreamValue() }) else { return .none }
    previous?.cancel()
    input.subscribe(TaggedSubscriber(self, tag: id))
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished:
      perform(state.withLock { $0.receivedUpstreamCompletion(.finished) })
    case .failure(let error):
      perform(state.withLock { keepingFailure(error, $0.receivedUpstreamCompletion(.failed)) })
    }
  }

  // MARK: Fused `Just` inners

  /// The upstream sent a `Just` (or a `SetFailureType<Just, _>`, laid out the same): one lock
  /// round trip decides what its subscription, the request it would get, its value and its
  /// completion would have caused.
  private func receiveJust(_ input: NestedPublisher) {
    let value = JustLayout.value(of: input)
    let arrival = state.withLock { machine in
      let arrival = machine.receivedUpstreamJust()
      if arrival.discardsWaitingValue { discardWaitingValue() }
      switch arrival.value {
      case .ignore, .deliver:
        break
      case .queue:
        backlog.append(value)
      case .wait:
        waitingJust.append(value)
      }
      return arrival
    }
    if arrival.discardsWaitingValue { releaseDiscarded() }
    guard case .deliver = arrival.value else { return }
    let returned = downstream.receive(value)
    deliver(adding: returned, from: nil)
  }

  /// Called under the lock: a waiting `Just` was switched away from; its value goes to
  /// `discarded`, to be released after unlocking.
  private func discardWaitingValue() {
    if let value = waitingJust.popFirst() { discarded.append(value) }
  }

  /// Called under the lock: a waiting `Just` sent its value, which joins the backlog.
  private func moveWaitingValueToBacklog() {
    guard let value = waitingJust.popFirst() else { preconditionFailure("SwitchToLatest lost a waiting Just's value") }
    backlog.append(value)
  }

  /// Releases the discarded values outside the lock.
  private func releaseDiscarded() {
    let dropped = state.withLock { _ in discarded.removeAll() }
    withExtendedLifetime(dropped) {}
  }

  /// Releases a waiting `Just`'s value after the operator ended; nothing is stored there any more.
  private func dropWaitingValue() {
    let dropped = state.withLock { _ in waitingJust.removeAll() }
    withExtendedLifetime(dropped) {}
  }

  // MARK: Inners (each attached through a `TaggedSubscriber` tagged with its id)

  func sideReceive(subscription: any Subscription, from id: Int) {
    guard let demand = state.withLock({ $0.receivedInnerSubscription(subscription, id: id) }) else {
      subscription.cancel()
      return
    }
    if demand > 0 { subscription.request(demand) }
  }

  func sideReceive(_ value: NestedPublisher.Output, from id: Int) -> Subscribers.Demand {
    let action = state.withLock { machine in
      let action = machine.receivedInnerValue(id: id)
      if case .queue = action { backlog.append(value) }
      return action
    }
    switch action {
    case .drop, .queue:
      return .none
    case .deliver:
      let returned = downstream.receive(value)
      let forwarded = deliver(adding: returned, from: id)
      return forwarded ? .none : returned
    }
  }

  func sideReceive(completion: Subscribers.Completion<Failure>, from id: Int) {
    switch completion {
    case .finished:
      perform(state.withLock { $0.receivedInnerCompletion(.finished, id: id) })
    case .failure(let error):
      perform(state.withLock { keepingFailure(error, $0.receivedInnerCompletion(.failed, id: id)) })
    }
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "SwitchToLatest's subscription was asked for no values (request(.none))")
    guard fusesJust else {
      state.withLock { $0.requested(demand) }?.request(demand)
      return
    }
    let (forward, release) = state.withLock { machine in
      let forward = machine.requested(demand)
      let release = machine.releaseWaitingJust()
      if release.movesWaitingValue { moveWaitingValueToBacklog() }
      return (forward, release)
    }
    forward?.request(demand)
    if release.drain { deliver(adding: .none, from: nil) }
  }

  func cancel() {
    let (cancel, dropsBacklog) = state.withLock { $0.cancelled() }
    for subscription in cancel { subscription.cancel() }
    if dropsBacklog { dropBacklog() }
  }

  // MARK: Delivery

  /// Called under the lock: keeps the error if this failure is the one that ends the operator.
  private func keepingFailure(_ error: Failure, _ outcome: Machine.CompletionOutcome) -> Machine.CompletionOutcome {
    if outcome.keepsFailure { failure = error }
    return outcome
  }

  /// Releases the backlog's values (and a waiting `Just`'s) after a cancel emptied the machine's.
  /// Nothing is appended any more; the token holder may still take the value it was told to
  /// deliver just before.
  private func dropBacklog() {
    let dropped = state.withLock { _ in (backlog.removeAll(), waitingJust.removeAll()) }
    withExtendedLifetime(dropped) {}
  }

  /// Hands the oldest backlog value to the subscriber (out of line: the delivery loop's only
  /// generic local lives here, off the path of a value delivered at once).
  private func deliverBacklogValue() -> Subscribers.Demand {
    guard let value = state.withLock({ _ in backlog.popFirst() }) else { return .none }
    return downstream.receive(value)
  }

  private func perform(_ outcome: Machine.CompletionOutcome) {
    outcome.cancel?.cancel()
    withExtendedLifetime(outcome.released) {}
    if outcome.dropsWaitingValue { dropWaitingValue() }
    if outcome.drain { deliver(adding: .none, from: nil) }
  }

  /// Delivers while this thread holds the token, until nothing waits. Returns whether the demand
  /// returned for the value inner `id` delivered was passed on to another inner.
  @discardableResult
  private func deliver(adding returned: Subscribers.Demand, from id: Int?) -> Bool {
    var returned = returned
    var id = id
    var forwardedFirst = false
    while true {
      let (next, forward, release) = state.withLock { machine in
        let (next, forward) = machine.nextDelivery(adding: returned, from: id)
        // Where the returned demand would be passed on to a subscribed `Just`, a waiting one sends
        // its value now (after `next` was decided, as the request would come after unlocking).
        guard fusesJust else { return (next, forward, Machine.JustRelease()) }
        let release = machine.releaseWaitingJust()
        if release.movesWaitingValue { moveWaitingValueToBacklog() }
        return (next, forward, release)
      }
      if let forward {
        if id != nil { forwardedFirst = true }
        forward.request(returned)
      }
      id = nil
      switch next {
      case .none:
        // A released `Just` took the token back: deliver its value.
        if release.drain {
          returned = .none
          continue
        }
        return forwardedFirst
      case .deliver:
        returned = deliverBacklogValue()
      case .complete(.finished):
        deliverFinished()
        return forwardedFirst
      case .complete(.failed):
        deliverFailure()
        return forwardedFirst
      }
    }
  }

  /// Tells the subscriber the operator finished (out of line: a `Subscribers.Completion` value
  /// made in ``deliver(adding:from:)`` has its metadata looked up on every call).
  @inline(never)
  private func deliverFinished() {
    downstream.receive(completion: .finished)
  }

  /// Hands the subscriber the failure that ended the operator (out of line: the only `Optional` of
  /// the failure type lives here).
  @inline(never)
  private func deliverFailure() {
    guard let failure else { preconditionFailure("SwitchToLatest ended with a failure it did not keep") }
    downstream.receive(completion: .failure(failure))
  }
}

// Safety: `state` is a `LockedState`; `backlog`, `waitingJust`, `discarded` and `failure` are only
// touched while holding its lock (`failure` is read by the token holder after the lock that made it
// hand out the failure); `downstream` and `fusesJust` are immutable after `init`, and `downstream`
// is called only by the delivery token's holder.
extension SwitchToLatestStorage: @unchecked Sendable {}

/// The inner publishers' events, tagged with each inner's id.
extension SwitchToLatestStorage: TaggedEventsReceiver {
  typealias SideInput = NestedPublisher.Output

  var sideDescription: String { "SwitchToLatest" }

  /// As in Combine: the identity of the subscription the inner belongs to.
  var sideMirrorChildren: KeyValuePairs<String, Any> { ["parentSubscription": combineIdentifier] }
}
#endif
