// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// One input's values, with the type erased so that inputs of different types sit side by side.
///
/// Only ``CombiningValueBuffer`` derives from it; the storage downcasts each slot to the type its
/// publisher wrapper knows statically.
class CombiningBuffer {}

/// The values one input of a combining operator holds: its latest value (`combineLatest`, `merge`,
/// `withLatestFrom`) or a queue of values not yet paired (`zip`).
///
/// It lives in the storage's locked state and is only touched under that lock.
final class CombiningValueBuffer<Value>: CombiningBuffer {
  private var latest: Value?
  private var queue = ContiguousArray<Value?>()
  private var head = 0

  /// Keeps `value`: appended to the queue for `zip`, otherwise replacing the latest value. Returns
  /// the value it replaced, for the caller to release after unlocking.
  func store(_ value: Value, queueing: Bool) -> Value? {
    if queueing {
      queue.append(value)
      return nil
    }
    let displaced = latest
    latest = value
    return displaced
  }

  /// The value `take` asks of input `index`.
  func value(for take: CombiningTake, at index: Int) -> Value {
    switch take {
    case .latest:
      return latest!
    case .heads:
      let value = queue[head]!
      // The caller holds `value`, so clearing the slot releases nothing here.
      queue[head] = nil
      head += 1
      if head == queue.count {
        queue.removeAll(keepingCapacity: true)
        head = 0
      }
      return value
    case .slot(let taken):
      precondition(taken == index, "a merge take reads only the input it names")
      let value = latest!
      latest = nil
      return value
    case .triggerWithLatest:
      let value = latest!
      if index == 0 { latest = nil }
      return value
    }
  }
}

extension ContiguousArray where Element == CombiningBuffer {
  /// Reads the value `take` asks of input `index`, whose values are of type `Value`.
  func value<Value>(_ take: CombiningTake, at index: Int, as type: Value.Type) -> Value {
    unsafeDowncast(self[index], to: CombiningValueBuffer<Value>.self).value(for: take, at: index)
  }

}

/// What the storage keeps behind its lock: the machine, the per-input buffers, and the attach
/// closures not yet used (each is taken out once, so the upstream publishers are not kept alive by
/// the subscription).
struct CombiningState<Output, Failure: Error, Attacher> {
  var machine: CombiningStateMachine<Output, Failure>
  var buffers: ContiguousArray<CombiningBuffer>
  var attachers: ContiguousArray<Attacher?>

  /// Once the operator ended: moves out the buffers and unused attachers, for release after
  /// unlocking.
  mutating func takeLeftovers() -> Leftovers {
    guard machine.hasEnded, !(buffers.isEmpty && attachers.isEmpty) else { return Leftovers() }
    defer {
      buffers = []
      attachers = []
    }
    return Leftovers(buffers: buffers, attachers: attachers)
  }

  /// What an ended operator releases after unlocking.
  struct Leftovers {
    var buffers: ContiguousArray<CombiningBuffer> = []
    var attachers: ContiguousArray<Attacher?> = []
  }
}

/// The subscription every combining operator hands its subscriber: it locks, asks
/// ``CombiningStateMachine``, reads the buffers, unlocks, then delivers, requests or cancels.
///
/// The arity types (`Publishers.CombineLatest3`, `Publishers.Merge5`, …) are thin wrappers: each
/// gives the storage one *attach* closure per input (subscribing that input's publisher with a
/// ``CombiningSide``), empty buffers of the right types, and an `assemble` closure that builds an
/// output from the buffers (a tuple, an array, or the merged value).
final class CombiningStorage<Downstream: Subscriber>: Subscription, CustomStringConvertible, CustomReflectable,
  CustomPlaygroundDisplayConvertible
{
  typealias Output = Downstream.Input
  typealias Failure = Downstream.Failure

  private let downstream: Downstream
  private typealias Attacher = (CombiningStorage<Downstream>) -> Void
  private typealias State = CombiningState<Output, Failure, Attacher>

  private let state: LockedState<State>
  private let strategy: CombiningStrategy
  private let count: Int
  private let assemble: (CombiningTake, ContiguousArray<CombiningBuffer>) -> Output
  private let name: String

  /// - Parameters:
  ///   - downstream: The subscriber.
  ///   - strategy: How values become outputs.
  ///   - name: The operator's name (`description`).
  ///   - buffers: An empty buffer per input, of that input's value type.
  ///   - attachers: Per input, subscribes its publisher with a ``CombiningSide`` for that index.
  ///   - assemble: Builds one output from the buffers; runs under the lock, so it must only read
  ///     buffers (library code, never a user closure).
  init(
    downstream: Downstream, strategy: CombiningStrategy, name: String, buffers: ContiguousArray<CombiningBuffer>,
    attachers: [(CombiningStorage<Downstream>) -> Void],
    assemble: @escaping (CombiningTake, ContiguousArray<CombiningBuffer>) -> Output
  ) {
    precondition(buffers.count == attachers.count, "one buffer per input")
    self.downstream = downstream
    self.strategy = strategy
    self.name = name
    self.assemble = assemble
    count = attachers.count
    state = .make(
      State(
        machine: CombiningStateMachine(strategy: strategy, count: attachers.count), buffers: buffers,
        attachers: ContiguousArray(attachers)))
  }

  var description: String { name }

  var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

  var playgroundDescription: Any { description }

  /// Subscribes the inputs, then hands the subscriber its subscription, then delivers what the
  /// inputs produced meanwhile.
  func start() {
    // The `withLatestFrom` trigger (input 0) is subscribed once the other input has a value.
    let first = strategy == .withLatestFrom ? 1 : 0
    let attachers = state.withLock { state in
      let taken = state.attachers[first...]
      for index in taken.indices { state.attachers[index] = nil }
      return taken
    }
    for attach in attachers { attach?(self) }
    downstream.receive(subscription: self)
    deliver(.drain)
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    guard demand > 0 else { return }
    let (requests, start, ended) = state.withLock { state in
      let requests = state.machine.addDemand(demand)
      let start = Self.pump(&state, assemble: assemble)
      let ended = Self.endIfFinished(&state)
      return (requests, Self.settle(&state, start), ended)
    }
    finish(ended)
    deliver(start)
    forward(requests)
  }

  func cancel() {
    let (cancel, dropped, leftovers) = state.withLock { state in
      let (cancel, dropped) = state.machine.cancelled()
      return (cancel, dropped, state.takeLeftovers())
    }
    for subscription in cancel { subscription.cancel() }
    withExtendedLifetime((dropped, leftovers)) {}
  }

  // MARK: Inputs

  func receive(subscription: any Subscription, at index: Int) {
    switch state.withLock({ $0.machine.receivedSubscription(subscription, at: index) }) {
    case .cancel:
      subscription.cancel()
    case .request(let demand):
      if demand > 0 { subscription.request(demand) }
    }
  }

  private typealias Machine = CombiningStateMachine<Output, Failure>

  func receive<Input>(_ input: Input, at index: Int) -> Subscribers.Demand {
    let (displaced, start, outcome, ended) = state.withLock {
      state -> (Input?, Machine.DeliveryStart, Machine.ValueOutcome?, Ended?) in
      // An ended operator keeps no buffers: nothing more is stored.
      guard state.machine.receivedValue(at: index) == .store else { return (nil, .none, nil, nil) }
      let buffer = unsafeDowncast(state.buffers[index], to: CombiningValueBuffer<Input>.self)
      let displaced = buffer.store(input, queueing: strategy == .zip)
      let start = Self.pump(&state, assemble: assemble)
      let outcome = state.machine.storedValue(at: index)
      let ended = Self.endIfFinished(&state)
      return (displaced, Self.settle(&state, start), outcome, ended)
    }
    withExtendedLifetime(displaced) {}
    guard let outcome else { return .none }
    finish(ended)
    if outcome.subscribeTrigger {
      let attach = state.withLock { state in
        defer { if !state.attachers.isEmpty { state.attachers[0] = nil } }
        return state.attachers.first ?? nil
      }
      attach?(self)
    }
    deliver(start)
    return outcome.upstreamDemand
  }

  func receive(completion: Subscribers.Completion<Failure>, at index: Int) {
    let (outcome, start, leftovers) = state.withLock { state in
      let outcome = state.machine.receivedCompletion(completion, at: index)
      return (outcome, state.machine.claimToken(), state.takeLeftovers())
    }
    for subscription in outcome.cancel { subscription.cancel() }
    withExtendedLifetime((outcome.released, leftovers)) {}
    deliver(start)
  }

  // MARK: Delivery

  /// What ended the operator while making outputs: subscriptions to cancel, and what to release.
  private typealias Ended = (cancel: [any Subscription], leftovers: State.Leftovers)

  /// Makes every output the buffers and the demand allow; returns how the caller starts delivering.
  private static func pump(
    _ state: inout State,
    assemble: (CombiningTake, ContiguousArray<CombiningBuffer>) -> Output
  ) -> CombiningStateMachine<Output, Failure>.DeliveryStart {
    var start = CombiningStateMachine<Output, Failure>.DeliveryStart.none
    while let take = state.machine.nextTake() {
      let made = state.machine.madeOutput(assemble(take, state.buffers))
      if case .none = start { start = made }
    }
    return start
  }

  /// The token for what waits (a completion decided by ``endIfFinished(_:)``), unless this thread
  /// already delivers.
  private static func settle(
    _ state: inout State, _ start: CombiningStateMachine<Output, Failure>.DeliveryStart
  ) -> CombiningStateMachine<Output, Failure>.DeliveryStart {
    if case .none = start { return state.machine.claimToken() }
    return start
  }

  /// After outputs were made: ends the operator if a finished input has nothing left to give,
  /// moving out what must be cancelled and released after unlocking.
  private static func endIfFinished(_ state: inout State) -> Ended? {
    guard let cancel = state.machine.finishIfDrained() else { return nil }
    return (cancel, state.takeLeftovers())
  }

  private func finish(_ ended: Ended?) {
    guard let ended else { return }
    for subscription in ended.cancel { subscription.cancel() }
    withExtendedLifetime(ended.leftovers) {}
  }

  /// Delivers while this thread holds the token: the output it was handed, then everything that
  /// waits, until nothing does.
  private func deliver(_ start: CombiningStateMachine<Output, Failure>.DeliveryStart) {
    var returned: Subscribers.Demand
    switch start {
    case .none:
      return
    case .deliver(let output):
      returned = downstream.receive(output)
    case .drain:
      returned = .none
    }
    while true {
      let (next, requests, ended) = state.withLock { state in
        let requests = state.machine.addDemand(returned)
        _ = Self.pump(&state, assemble: assemble)
        let ended = Self.endIfFinished(&state)
        return (state.machine.nextDelivery(), requests, ended)
      }
      finish(ended)
      forward(requests)
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

  /// Passes demand on to the inputs, outside the lock.
  private func forward(_ requests: CombiningStateMachine<Output, Failure>.UpstreamRequests) {
    if requests.demand > 0 {
      if strategy == .withLatestFrom {
        state.withLock { $0.machine.subscription(at: 0) }?.request(requests.demand)
      } else {
        for index in 0..<count {
          state.withLock { $0.machine.subscription(at: index) }?.request(requests.demand)
        }
      }
    }
    guard strategy == .merge, state.withLock({ $0.machine.owesRefills }) else { return }
    for index in 0..<count {
      state.withLock { $0.machine.takeRefill(index) }?.request(.max(1))
    }
  }
}

// Safety: the only mutable state is `state`, a `LockedState` (the buffers it holds are touched only
// under its lock); the rest is immutable after `init`.
extension CombiningStorage: @unchecked Sendable {}

/// The subscriber attached to one input of a combining operator: it tags each event with the
/// input's index and hands it to the shared ``CombiningStorage``.
struct CombiningSide<Input, Downstream: Subscriber>: Subscriber, CustomStringConvertible {
  typealias Failure = Downstream.Failure

  let combineIdentifier = CombineIdentifier()
  private let storage: CombiningStorage<Downstream>
  private let index: Int

  init(storage: CombiningStorage<Downstream>, index: Int) {
    self.storage = storage
    self.index = index
  }

  var description: String { storage.description }

  func receive(subscription: any Subscription) {
    storage.receive(subscription: subscription, at: index)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    storage.receive(input, at: index)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    storage.receive(completion: completion, at: index)
  }
}

extension CombiningStorage {
  /// An attach closure for input `index`: subscribes `publisher` with a side for that index.
  static func attacher<P: Publisher>(_ publisher: P, at index: Int) -> (CombiningStorage<Downstream>) -> Void
  where P.Failure == Failure {
    { storage in publisher.subscribe(CombiningSide<P.Output, Downstream>(storage: storage, index: index)) }
  }
}

extension CombiningBuffer {
  /// An empty buffer for values of `type`.
  static func of<Value>(_ type: Value.Type) -> CombiningBuffer {
    CombiningValueBuffer<Value>()
  }
}

extension CombiningStorage {
  /// Subscribes a merge of `attachers` (all of the subscriber's value type) for `downstream`.
  static func merge(_ downstream: Downstream, name: String, attachers: [(CombiningStorage<Downstream>) -> Void]) {
    let buffers = ContiguousArray((0..<attachers.count).map { _ in CombiningBuffer.of(Output.self) })
    CombiningStorage(
      downstream: downstream, strategy: .merge, name: name, buffers: buffers, attachers: attachers,
      assemble: { take, buffers in
        guard case .slot(let index) = take else { preconditionFailure("merge makes outputs from one input: \(take)") }
        return buffers.value(take, at: index, as: Output.self)
      }
    ).start()
  }
}
