// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// The subscription `flatMap(maxPublishers:_:)` hands its subscriber, and the subscriber it
/// attaches to the upstream: it locks, asks ``FlatMapStateMachine``, unlocks, then delivers,
/// requests or cancels.
///
/// Each inner publisher is subscribed with a ``TaggedSubscriber`` that tags its events with the id the
/// machine gave it. The thread holding the machine's delivery token is the only one calling the
/// subscriber, so values racing in from several inners on several threads reach it one at a time.
///
/// When the transform returns a `Just` (or a `Just` behind `setFailureType(to:)`), nothing is
/// subscribed: the storage reads the `Just`'s value and reports it, and then its completion, in the
/// steps where a subscribed `Just` would have sent them (see ``FlatMapStateMachine``'s single-value
/// inners). Every order a subscriber or the upstream can see stays the same; what goes is the side
/// subscriber, the `Just`'s subscription object and three of the six lock round trips per value.
///
/// The machine is not generic (see ``FlatMapStateMachine``); the values waiting for demand and the
/// failure that ends the operator are kept here, in `waiting` and `failure`, and touched only while
/// holding the machine's lock. The per-value paths — a value from the upstream, an inner's
/// subscription, value and completion, giving the token back — look up no generic metadata.
final class FlatMapStorage<Upstream: Publisher, NewPublisher: Publisher, Downstream: Subscriber>: Subscriber,
  Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where
  NewPublisher.Failure == Upstream.Failure, Downstream.Input == NewPublisher.Output,
  Downstream.Failure == Upstream.Failure
{
  typealias Input = Upstream.Output
  typealias Failure = Upstream.Failure
  private typealias Machine = FlatMapStateMachine

  private let downstream: Downstream
  private let transform: (Upstream.Output) -> NewPublisher
  /// Whether `NewPublisher` is `Just<Output>` or `Publishers.SetFailureType<Just<Output>, Failure>`:
  /// a struct whose only stored property is the value, so its memory is an `Output` (tested in
  /// `FlatMapStorageTests`). Decided once: comparing the types on every value would look up their metadata.
  private let innerIsJust: Bool
  private let state: LockedState<Machine>
  /// The values the machine buffered, in the order of its ids; touched only under `state`'s lock.
  private var waiting = ValueQueue<NewPublisher.Output>()
  /// The error of the failure that ended the operator; written under `state`'s lock before the
  /// machine lets the token holder hand out the failure.
  private var failure: Failure?

  #if DEBUG
  /// Registers this storage with the current leak-check scope, if any (see `LiveObjectScope`).
  private let liveObject = LiveObjectScope.track(FlatMapStorage.self)
  #endif

  init(
    downstream: Downstream, maxPublishers: Subscribers.Demand, transform: @escaping (Upstream.Output) -> NewPublisher
  ) {
    self.downstream = downstream
    self.transform = transform
    innerIsJust = JustLayout.holdsOnlyItsValue(NewPublisher.self)
    state = .make(Machine(maxPublishers: maxPublishers))
  }

  var description: String { "FlatMap" }

  var customMirror: Mirror { Mirror(self, children: [:]) }

  var playgroundDescription: Any { description }

  // MARK: Upstream

  func receive(subscription: any Subscription) {
    switch state.withLock({ $0.receivedUpstreamSubscription(subscription) }) {
    case .cancel:
      subscription.cancel()
    case .request(let demand):
      // Even `.none` (`maxPublishers: .none`), as Combine asks.
      subscription.request(demand)
    }
  }

  func receive(_ input: Upstream.Output) -> Subscribers.Demand {
    let isJust = innerIsJust
    guard let id = state.withLock({ $0.receivedUpstreamValue(singleValue: isJust) }) else { return .none }
    if isJust {
      receiveSingleValue(of: transform(input), id: id)
    } else {
      transform(input).subscribe(TaggedSubscriber(self, tag: id))
    }
    return .none
  }

  /// Takes the value of `just`, a `Just` (see `innerIsJust`), as a subscribed `Just` would send
  /// it and then finish.
  private func receiveSingleValue(of just: NewPublisher, id: Int) {
    let value = JustLayout.value(of: just)
    let action = state.withLock { machine in
      let action = machine.receivedSingleValue(id: id)
      if case .buffer = action { waiting.append(value) }
      return action
    }
    switch action {
    case .deliver:
      deliver(from: downstream.receive(value), finishingSingleValueInner: true)
    case .buffer:
      // The `Just` finishes once its value is buffered, in a step of its own, as when subscribed.
      perform(state.withLock { $0.singleValueInnerFinished() })
    case .drop:
      return
    }
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished:
      perform(state.withLock { $0.receivedUpstreamCompletion(.finished) })
    case .failure(let error):
      perform(state.withLock { keepingFailure(error, $0.receivedUpstreamCompletion(.failed)) })
    }
  }

  // MARK: Inners (each attached through a `TaggedSubscriber` tagged with its id)

  func sideReceive(subscription: any Subscription, from id: Int) {
    switch state.withLock({ $0.receivedInnerSubscription(subscription, id: id) }) {
    case .cancel:
      subscription.cancel()
    case .request(let demand):
      subscription.request(demand)
    }
  }

  func sideReceive(_ value: NewPublisher.Output, from id: Int) -> Subscribers.Demand {
    let action = state.withLock { machine in
      let action = machine.receivedInnerValue(id: id)
      if case .buffer = action { waiting.append(value) }
      return action
    }
    guard case .deliver(let returning) = action else { return .none }
    deliver(from: downstream.receive(value))
    return returning
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
    precondition(demand > 0, "FlatMap's subscription was asked for no values (request(.none))")
    let outcome = state.withLock { $0.requested(demand) }
    for inner in outcome.unlimitedInners { inner.request(.unlimited) }
    if outcome.drain { deliver(from: .none) }
  }

  func cancel() {
    let outcome = state.withLock { $0.cancelled() }
    for subscription in outcome.cancel { subscription.cancel() }
    if outcome.dropsBuffer { dropWaitingValues() }
  }

  // MARK: Delivery

  /// Called under the lock: keeps the error if this failure is the one that ends the operator.
  private func keepingFailure(_ error: Failure, _ outcome: Machine.CompletionOutcome) -> Machine.CompletionOutcome {
    if outcome.keepsFailure { failure = error }
    return outcome
  }

  private func perform(_ outcome: Machine.CompletionOutcome) {
    for subscription in outcome.cancel { subscription.cancel() }
    withExtendedLifetime(outcome.released) {}
    if outcome.dropsBuffer { dropWaitingValues() }
    outcome.requestUpstream?.request(.max(1))
    if outcome.drain { deliver(from: .none) }
  }

  /// Releases the waiting values after the machine dropped their ids. The operator has ended, so
  /// nothing is appended any more; the token holder may still take the value it was told to
  /// deliver just before, or find the queue empty.
  private func dropWaitingValues() {
    let dropped = state.withLock { _ in waiting.removeAll() }
    withExtendedLifetime(dropped) {}
  }

  /// Takes the oldest waiting value for the token holder; `nil` if the operator ended meanwhile.
  private func takeWaitingValue() -> NewPublisher.Output? {
    state.withLock { _ in waiting.popFirst() }
  }

  /// Delivers while this thread holds the token: adds the demand the subscriber returned, then
  /// delivers what waits until nothing can be delivered.
  ///
  /// - Parameter finishing: The value just delivered was a single-value inner's, whose completion
  ///   the machine takes as the token is given back.
  private func deliver(from returned: Subscribers.Demand, finishingSingleValueInner finishing: Bool = false) {
    var returned = returned
    while true {
      switch state.withLock({ $0.nextDelivery(adding: returned, finishingSingleValueInner: finishing) }) {
      case .none:
        return
      case .giveBack(let unlimitedInners, let requestUpstream):
        for inner in unlimitedInners { inner.request(.unlimited) }
        requestUpstream?.request(.max(1))
        return
      case .deliver(let refill, let unlimitedInners):
        returned = deliverWaitingValue()
        refill?.request(.max(1))
        for inner in unlimitedInners { inner.request(.unlimited) }
      case .complete(let ending):
        deliverCompletion(ending)
        return
      }
    }
  }

  /// Hands the completion to the subscriber. Out of line, so that the delivery loop, run for every
  /// value, does not look up the metadata of `Subscribers.Completion<Failure>` and `Failure?` as it
  /// starts.
  @inline(never)
  private func deliverCompletion(_ ending: Machine.Ending) {
    switch ending {
    case .finished:
      downstream.receive(completion: .finished)
    case .failed:
      guard let failure else { preconditionFailure("FlatMap ended with a failure it did not keep") }
      downstream.receive(completion: .failure(failure))
    }
  }

  /// Hands the oldest waiting value to the subscriber (out of line: the only generic local of the
  /// delivery loop lives here, off the path of a value delivered at once).
  private func deliverWaitingValue() -> Subscribers.Demand {
    guard let value = takeWaitingValue() else { return .none }
    return downstream.receive(value)
  }
}

// Safety: `state` is a `LockedState`; `waiting` and `failure` are only touched while holding its
// lock (`failure` is read by the token holder after the lock that made it hand out the failure);
// `downstream` and `transform` are immutable after `init`, and the subscriber is called only by
// the delivery token's holder.
extension FlatMapStorage: @unchecked Sendable {}

/// The inner publishers' events, tagged with each inner's id.
extension FlatMapStorage: TaggedEventsReceiver {
  typealias SideInput = NewPublisher.Output

  var sideDescription: String { "FlatMap" }

  /// As in Combine: the identity of the subscription the inner belongs to.
  var sideMirrorChildren: KeyValuePairs<String, Any> { ["parentSubscription": combineIdentifier] }
}
#endif
