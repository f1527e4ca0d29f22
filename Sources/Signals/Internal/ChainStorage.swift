// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// What happens once a publisher of a chain completed.
enum ChainStep<Failure: Error> {
  /// Deliver this completion; the chain is over.
  case complete(Subscribers.Completion<Failure>)
  /// Subscribe the next publisher (the closure calls ``ChainStorage/attach(_:onCompletion:)``).
  case next(() -> Void)
}

/// The state of a chain of publishers subscribed one after another, free of locks and calls out.
///
/// `append`/`prepend` (`Publishers.Concatenate`), `catch`, `tryCatch` and `retry` all run one
/// publisher at a time and move to the next when it completes, carrying the subscriber's
/// outstanding demand over. Each attached publisher gets a *generation*; events of an earlier
/// generation are recognised and ignored.
struct ChainState {
  /// Where the current link stands.
  enum Phase {
    /// Link `generation` was subscribed; its subscription has not arrived.
    case awaitingSubscription(generation: Int)
    /// Link `generation` runs; requests and cancellation go to its subscription.
    case active(generation: Int, any Subscription)
    /// A link completed and the next one is not attached yet.
    case between
    /// The chain completed or was cancelled.
    case terminal
  }

  private(set) var phase = Phase.between
  /// Values the subscriber may still receive.
  private(set) var demand = Subscribers.Demand.none
  private var generation = 0
  /// Whether the subscriber was handed its subscription (once, when the first link subscribes).
  private var subscribedDownstream = false

  var isTerminal: Bool {
    if case .terminal = phase { return true }
    return false
  }

  /// A new link is about to be subscribed: returns its generation, or `nil` once terminal.
  mutating func attaching() -> Int? {
    if isTerminal { return nil }
    generation &+= 1
    phase = .awaitingSubscription(generation: generation)
    return generation
  }

  /// What to do with a link's subscription.
  enum SubscriptionAction: Equatable {
    /// A stale or second subscription: cancel it.
    case cancel
    /// The first link: hand the subscriber this storage as its subscription.
    case subscribeDownstream
    /// A later link: ask it for the demand carried over (nothing when `.none`).
    case request(Subscribers.Demand)
  }

  /// Link `generation`'s subscription arrived.
  mutating func receivedSubscription(_ subscription: any Subscription, generation: Int) -> SubscriptionAction {
    guard case .awaitingSubscription(generation) = phase else { return .cancel }
    phase = .active(generation: generation, subscription)
    if !subscribedDownstream {
      subscribedDownstream = true
      return .subscribeDownstream
    }
    return .request(demand)
  }

  /// Link `generation` sent a value: whether to deliver it (demand is reserved for it).
  mutating func receivedValue(generation: Int) -> Bool {
    guard case .active(generation, _) = phase, demand > 0 else { return false }
    if demand != .unlimited { demand -= 1 }
    return true
  }

  /// Adds what the subscriber returned from `receive(_:)`.
  mutating func addReturned(_ returned: Subscribers.Demand) {
    guard returned > 0, !isTerminal else { return }
    demand += returned
  }

  /// Link `generation` completed: returns its subscription (to release after unlocking) and
  /// whether the completion counts (it came from the current link).
  mutating func receivedCompletion(generation: Int) -> (counts: Bool, released: (any Subscription)?) {
    switch phase {
    case .awaitingSubscription(generation):
      phase = .between
      return (true, nil)
    case .active(generation, let subscription):
      phase = .between
      return (true, subscription)
    default:
      return (false, nil)
    }
  }

  /// The chain delivers its completion: whether it may (it was not cancelled meanwhile).
  mutating func completing() -> Bool {
    if isTerminal { return false }
    phase = .terminal
    return true
  }

  /// The subscriber asked for more: returns the subscription to pass the request to.
  mutating func requested(_ additional: Subscribers.Demand) -> (any Subscription)? {
    guard additional > 0, !isTerminal else { return nil }
    demand += additional
    if case .active(_, let subscription) = phase { return subscription }
    return nil
  }

  /// The subscriber cancelled: returns the subscription to cancel.
  mutating func cancelled() -> (any Subscription)? {
    defer { phase = .terminal }
    if case .active(_, let subscription) = phase { return subscription }
    return nil
  }
}

/// The subscription shared by the operators that run publishers one after another
/// (`Publishers.Concatenate`, `Catch`, `TryCatch`, `Retry`): it keeps ``ChainState`` in a
/// `LockedState`, hands the subscriber one subscription for the whole chain, and carries the
/// outstanding demand from one publisher to the next.
///
/// Only one link runs at a time and a publisher's calls are serialised, so calls to the subscriber
/// never overlap; requests and cancels may come from any thread. Each link's completion is handed
/// to the closure given to ``attach(_:onCompletion:)`` (outside the lock), which decides whether
/// the chain ends or goes on.
final class ChainStorage<Downstream: Subscriber>: Subscription, CustomStringConvertible, CustomReflectable,
  CustomPlaygroundDisplayConvertible
{
  private let downstream: Downstream
  private let state = LockedState<ChainState>.make(ChainState())
  let description: String

  init(downstream: Downstream, name: String) {
    self.downstream = downstream
    description = name
  }

  var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

  var playgroundDescription: Any { description }

  /// Subscribes `publisher` as the next link; `onCompletion` decides what its completion does.
  func attach<P: Publisher>(
    _ publisher: P, onCompletion: @escaping (Subscribers.Completion<P.Failure>) -> ChainStep<Downstream.Failure>
  ) where P.Output == Downstream.Input {
    guard let generation = state.withLock({ $0.attaching() }) else { return }
    publisher.subscribe(ChainLink(storage: self, generation: generation, onCompletion: onCompletion))
  }

  // MARK: Links

  fileprivate func receive(subscription: any Subscription, generation: Int) {
    switch state.withLock({ $0.receivedSubscription(subscription, generation: generation) }) {
    case .cancel:
      subscription.cancel()
    case .subscribeDownstream:
      downstream.receive(subscription: self)
    case .request(let demand):
      if demand > 0 { subscription.request(demand) }
    }
  }

  fileprivate func receive(_ input: Downstream.Input, generation: Int) -> Subscribers.Demand {
    guard state.withLock({ $0.receivedValue(generation: generation) }) else { return .none }
    let returned = downstream.receive(input)
    if returned > 0 { state.withLock { $0.addReturned(returned) } }
    return returned
  }

  fileprivate func receive<LinkFailure>(
    completion: Subscribers.Completion<LinkFailure>, generation: Int,
    onCompletion: (Subscribers.Completion<LinkFailure>) -> ChainStep<Downstream.Failure>
  ) {
    let (counts, released) = state.withLock { $0.receivedCompletion(generation: generation) }
    withExtendedLifetime(released) {}
    guard counts else { return }
    switch onCompletion(completion) {
    case .complete(let completion):
      if state.withLock({ $0.completing() }) { downstream.receive(completion: completion) }
    case .next(let attachNext):
      attachNext()
    }
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    state.withLock { $0.requested(demand) }?.request(demand)
  }

  func cancel() {
    state.withLock { $0.cancelled() }?.cancel()
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; `downstream` and `description` are
// immutable, and the subscriber is called only from the running link's serialised calls.
extension ChainStorage: @unchecked Sendable {}

/// The subscriber attached to one link of a chain: it tags each event with the link's generation.
private struct ChainLink<Input, Failure: Error, Downstream: Subscriber>: Subscriber, CustomStringConvertible
where Downstream.Input == Input {
  let combineIdentifier = CombineIdentifier()
  let storage: ChainStorage<Downstream>
  let generation: Int
  let onCompletion: (Subscribers.Completion<Failure>) -> ChainStep<Downstream.Failure>

  var description: String { storage.description }

  func receive(subscription: any Subscription) {
    storage.receive(subscription: subscription, generation: generation)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    storage.receive(input, generation: generation)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    storage.receive(completion: completion, generation: generation, onCompletion: onCompletion)
  }
}
