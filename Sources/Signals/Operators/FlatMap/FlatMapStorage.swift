// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The subscription `flatMap(maxPublishers:_:)` hands its subscriber, and the subscriber it
/// attaches to the upstream: it locks, asks ``FlatMapStateMachine``, unlocks, then delivers,
/// requests or cancels.
///
/// Each inner publisher is subscribed with a ``FlatMapSide`` that tags its events with the id the
/// machine gave it. The thread holding the machine's delivery token is the only one calling the
/// subscriber, so values racing in from several inners on several threads reach it one at a time.
final class FlatMapStorage<Upstream: Publisher, NewPublisher: Publisher, Downstream: Subscriber>: Subscriber,
  Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where
  NewPublisher.Failure == Upstream.Failure, Downstream.Input == NewPublisher.Output,
  Downstream.Failure == Upstream.Failure
{
  typealias Input = Upstream.Output
  typealias Failure = Upstream.Failure
  private typealias Machine = FlatMapStateMachine<NewPublisher.Output, Failure>

  private let downstream: Downstream
  private let transform: (Upstream.Output) -> NewPublisher
  private let state: LockedState<Machine>

  init(
    downstream: Downstream, maxPublishers: Subscribers.Demand, transform: @escaping (Upstream.Output) -> NewPublisher
  ) {
    self.downstream = downstream
    self.transform = transform
    state = .make(Machine(maxPublishers: maxPublishers))
  }

  var description: String { "FlatMap" }

  var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

  var playgroundDescription: Any { description }

  // MARK: Upstream

  func receive(subscription: any Subscription) {
    switch state.withLock({ $0.receivedUpstreamSubscription(subscription) }) {
    case .cancel:
      subscription.cancel()
    case .request(let demand):
      if demand > 0 { subscription.request(demand) }
    }
  }

  func receive(_ input: Upstream.Output) -> Subscribers.Demand {
    guard let id = state.withLock({ $0.receivedUpstreamValue() }) else { return .none }
    transform(input).subscribe(FlatMapSide(storage: self, id: id))
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    perform(state.withLock { $0.receivedUpstreamCompletion(completion) })
  }

  // MARK: Inners

  func receiveInner(subscription: any Subscription, id: Int) {
    switch state.withLock({ $0.receivedInnerSubscription(subscription, id: id) }) {
    case .cancel:
      subscription.cancel()
    case .request(let demand):
      subscription.request(demand)
    }
  }

  func receiveInner(_ value: NewPublisher.Output, id: Int) -> Subscribers.Demand {
    switch state.withLock({ $0.receivedInnerValue(value, id: id) }) {
    case .drop, .buffered:
      return .none
    case .deliver(let value, let returning):
      deliver(from: downstream.receive(value))
      return returning
    }
  }

  func receiveInner(completion: Subscribers.Completion<Failure>, id: Int) {
    perform(state.withLock { $0.receivedInnerCompletion(completion, id: id) })
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    let outcome = state.withLock { $0.requested(demand) }
    for inner in outcome.unlimitedInners { inner.request(.unlimited) }
    if outcome.drain { deliver(from: .none) }
  }

  func cancel() {
    let outcome = state.withLock { $0.cancelled() }
    for subscription in outcome.cancel { subscription.cancel() }
    withExtendedLifetime(outcome.dropped) {}
  }

  // MARK: Delivery

  private func perform(_ outcome: Machine.CompletionOutcome) {
    for subscription in outcome.cancel { subscription.cancel() }
    withExtendedLifetime((outcome.released, outcome.dropped)) {}
    outcome.requestUpstream?.request(.max(1))
    if outcome.drain { deliver(from: .none) }
  }

  /// Delivers while this thread holds the token: adds the demand the subscriber returned, then
  /// delivers what waits until nothing can be delivered.
  private func deliver(from returned: Subscribers.Demand) {
    var returned = returned
    while true {
      switch state.withLock({ $0.nextDelivery(adding: returned) }) {
      case .none(let unlimitedInners):
        for inner in unlimitedInners { inner.request(.unlimited) }
        return
      case .deliver(let value, let refill, let unlimitedInners):
        returned = downstream.receive(value)
        refill?.request(.max(1))
        for inner in unlimitedInners { inner.request(.unlimited) }
      case .complete(let completion):
        downstream.receive(completion: completion)
        return
      }
    }
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; `downstream` and `transform` are
// immutable after `init`, and the subscriber is called only by the delivery token's holder.
extension FlatMapStorage: @unchecked Sendable {}

/// The subscriber attached to one inner publisher of a `flatMap`: it tags each event with the
/// inner's id and hands it to the shared ``FlatMapStorage``.
struct FlatMapSide<Upstream: Publisher, NewPublisher: Publisher, Downstream: Subscriber>: Subscriber,
  CustomStringConvertible
where
  NewPublisher.Failure == Upstream.Failure, Downstream.Input == NewPublisher.Output,
  Downstream.Failure == Upstream.Failure
{
  typealias Input = NewPublisher.Output
  typealias Failure = NewPublisher.Failure

  let combineIdentifier = CombineIdentifier()
  private let storage: FlatMapStorage<Upstream, NewPublisher, Downstream>
  private let id: Int

  init(storage: FlatMapStorage<Upstream, NewPublisher, Downstream>, id: Int) {
    self.storage = storage
    self.id = id
  }

  var description: String { "FlatMap" }

  func receive(subscription: any Subscription) {
    storage.receiveInner(subscription: subscription, id: id)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    storage.receiveInner(input, id: id)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    storage.receiveInner(completion: completion, id: id)
  }
}
