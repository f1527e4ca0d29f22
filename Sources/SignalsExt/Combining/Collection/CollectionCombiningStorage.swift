// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport

/// The subscription ``Swift/Collection/combineLatest()`` and ``Swift/Collection/zip()`` hand
/// their subscriber: a ``CollectionCombiningStateMachine`` behind one lock. Each method locks,
/// asks the machine, unlocks, then cancels, delivers and requests as the machine said.
///
/// Only the holder of the machine's delivery token calls the subscriber, so it is never called
/// twice at once; a value, request or completion that arrives while the token is taken — from
/// another thread, or from inside the subscriber's `receive(_:)` — is left to the holder, which
/// delivers what it caused before giving the token back. No lock is held while calling the
/// subscriber or an upstream subscription, or while releasing a value.
final class CollectionCombiningStorage<Value, Downstream: Subscriber>: Subscription, CustomStringConvertible,
  CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Input == [Value] {
  typealias Failure = Downstream.Failure
  private typealias Machine = CollectionCombiningStateMachine<Value, Failure>

  private let downstream: Downstream
  private let state: LockedState<Machine>
  private let count: Int
  private let zips: Bool
  let description: String

  #if DEBUG
  /// Registers this storage with the current leak-check scope, if any (see `LiveObjectScope`).
  private let liveObject = LiveObjectScope.track(CollectionCombiningStorage.self)
  #endif

  /// A subscription for `downstream` over `count` inputs; ``start(_:)`` subscribes them.
  init(downstream: Downstream, zips: Bool, count: Int) {
    self.downstream = downstream
    self.count = count
    self.zips = zips
    state = .make(Machine(mode: zips ? .zip : .combineLatest, count: count))
    description = zips ? "Zip" : "CombineLatest"
  }

  var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

  var playgroundDescription: Any { description }

  /// Subscribes to `publishers` in order, then hands the subscriber its subscription, then
  /// delivers what the inputs produced meanwhile.
  func start<Upstream: Publisher>(_ publishers: [Upstream])
  where Upstream.Output == Value, Upstream.Failure == Failure {
    precondition(publishers.count == count, "one publisher per input")
    for (index, publisher) in publishers.enumerated() {
      publisher.subscribe(CollectionCombiningSide(storage: self, index: index))
    }
    downstream.receive(subscription: self)
    drain(after: .none)
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    // As Combine's zip and combineLatest, a request for no values stops the program.
    precondition(demand > 0, "\(description)'s subscription was asked for no values (request(.none))")
    perform(state.withLock { $0.requested(demand) })
  }

  func cancel() {
    perform(state.withLock { $0.cancelled() })
  }

  // MARK: Inputs

  /// Input `index` received its subscription.
  func receive(subscription: any Subscription, at index: Int) {
    switch state.withLock({ $0.receivedSubscription(subscription, at: index) }) {
    case .cancel:
      subscription.cancel()
    case .request(let demand):
      if demand > 0 { subscription.request(demand) }
    }
  }

  /// A value of input `index`; returns the demand for that input.
  func receive(_ value: Value, at index: Int) -> Subscribers.Demand {
    guard let effects = state.withLock({ $0.receivedValue(value, at: index) }) else { return .none }
    perform(effects)
    guard zips else { return .none }
    // As Combine's zip: what the subscriber asked for while this input's value was being handled
    // is returned to this input rather than requested from it.
    return state.withLock { $0.finishedReceiving(at: index) }
  }

  /// Input `index` completed.
  func receive(completion: Subscribers.Completion<Failure>, at index: Int) {
    perform(state.withLock { $0.receivedCompletion(completion, at: index) })
  }

  // MARK: Acting on the machine's decisions

  /// After unlocking: cancels and releases what the step ended, delivers if this caller was given
  /// the token, then passes demand on to the inputs.
  private func perform(_ effects: consuming Machine.Effects) {
    let start = effects.start
    let demand = effects.upstreamDemand
    cancelAndRelease(effects)
    deliver(start)
    forward(demand)
  }

  /// Cancels the subscriptions the step ended; what it took out of the machine is released on
  /// return.
  private func cancelAndRelease(_ effects: consuming Machine.Effects) {
    for subscription in effects.cancel { subscription.cancel() }
  }

  /// Delivers while this caller holds the token.
  private func deliver(_ start: SerialBacklog<[Value], Failure>.Start) {
    switch start {
    case .none:
      return
    case .deliver(let output):
      drain(after: downstream.receive(output))
    case .drain:
      drain(after: .none)
    }
  }

  /// The token holder's loop: adds the demand the subscriber `returned`, then delivers what waits
  /// until nothing does, and gives the token back.
  private func drain(after returned: Subscribers.Demand) {
    var returned = returned
    while true {
      let (next, effects) = state.withLock { $0.nextDelivery(adding: returned) }
      let demand = effects.upstreamDemand
      cancelAndRelease(effects)
      forward(demand)
      switch next {
      case .none:
        return
      case .deliver(let output):
        returned = downstream.receive(output)
      case .complete(let completion):
        downstream.receive(completion: completion)
        return
      }
    }
  }

  /// Passes demand on to the inputs, one lock round trip each, outside the lock.
  private func forward(_ demand: Subscribers.Demand) {
    guard demand > 0 else { return }
    for index in 0..<count {
      state.withLock { $0.requestTarget(at: index, demand: demand) }?.request(demand)
    }
  }
}

// Safety: all mutable state is in `state`, a `LockedState`; the rest is immutable after `init`.
extension CollectionCombiningStorage: @unchecked Sendable {}

/// The subscriber attached to one input: it tags each event with the input's index and hands it to
/// the shared ``CollectionCombiningStorage``. (`SignalsCombine`'s `TaggedSubscriber` does this for
/// Signals' own operators; this module also builds over Apple's Combine, where that module does
/// not exist.)
private struct CollectionCombiningSide<Value, Downstream: Subscriber>: Subscriber, CustomStringConvertible
where Downstream.Input == [Value] {
  typealias Input = Value
  typealias Failure = Downstream.Failure

  let combineIdentifier = CombineIdentifier()
  let storage: CollectionCombiningStorage<Value, Downstream>
  let index: Int

  var description: String { storage.description }

  func receive(subscription: any Subscription) {
    storage.receive(subscription: subscription, at: index)
  }

  func receive(_ input: Value) -> Subscribers.Demand {
    storage.receive(input, at: index)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    storage.receive(completion: completion, at: index)
  }
}
