// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// The subscription every combining operator hands its subscriber: it locks, asks
/// ``CombiningStateMachine``, reads the buffers, unlocks, then delivers, requests or cancels.
///
/// The arity types (`Publishers.CombineLatest3`, `Publishers.Merge5`, …) are thin wrappers: each
/// gives the storage an empty ring per input, of that input's value type, and an `assemble`
/// closure that writes an output made from the rings (a tuple, or the merged value); then, in
/// ``start(attaching:)``, subscribes each input's publisher with a ``TaggedSubscriber`` tagged
/// with the input's index (over a ``CombiningInput`` of the input's type, or the storage itself for
/// `merge`).
///
/// The lock's state is not generic (see ``CombiningStateMachine``). What is generic stays here:
/// the outputs waiting for the token holder in `backlog` and the ending failure in `failure`, both
/// touched only while holding the lock, and `handoff`, the one slot through which an output made
/// under the lock reaches the thread the machine gave the token to. The per-value path — an
/// input's value, the output assembled and delivered at once, the token given back — looks up no
/// generic metadata; a merged value the subscriber can take at once does not even pass through a
/// buffer.
final class CombiningStorage<Downstream: Subscriber>: Subscription, CustomStringConvertible, CustomReflectable,
  CustomPlaygroundDisplayConvertible
{
  typealias Output = Downstream.Input
  typealias Failure = Downstream.Failure
  private typealias Machine = CombiningStateMachine

  private let downstream: Downstream
  private let state: LockedState<CombiningState>
  private let strategy: CombiningStrategy
  private let count: Int
  private let assemble: Assemble
  private let name: String
  /// Outputs made while the token was taken, oldest first; touched only while holding `state`'s
  /// lock, in step with the machine's `backlogCount`.
  private let backlog = ValueRing<Output>.make()
  /// The output the token holder delivers next: filled under the lock when the machine gives this
  /// thread the token with an output (`.deliver`), and moved out by the same thread right after
  /// unlocking. The token makes that thread the only one touching it; empty otherwise.
  private let handoff = ValueHandoff<Output>()
  /// The error of the failure that ended the operator: written while holding `state`'s lock before
  /// the machine lets the token holder hand out the failure, read by that holder afterwards.
  @exclusivity(unchecked) private var failure: Failure?

  #if DEBUG
  /// Registers this storage with the current leak-check scope, if any (see `LiveObjectScope`).
  private let liveObject = LiveObjectScope.track(CombiningStorage.self)
  #endif

  /// - Parameters:
  ///   - downstream: The subscriber.
  ///   - strategy: How values become outputs.
  ///   - name: The operator's name (`description`).
  ///   - buffers: An empty ring per input, of that input's value type.
  ///   - assemble: Builds one output from the rings into the uninitialised memory it is given (a
  ///     tuple is written element by element at offsets computed once per subscription, since
  ///     making a tuple of generic types looks its metadata up); runs under the lock, so it must only read
  ///     rings (library code, never a user closure).
  init(
    downstream: Downstream, strategy: CombiningStrategy, name: String, buffers: ContiguousArray<AnyValueRing>,
    assemble: @escaping Assemble
  ) {
    self.downstream = downstream
    self.strategy = strategy
    self.name = name
    self.assemble = assemble
    count = buffers.count
    state = .make(CombiningState(machine: CombiningStateMachine(strategy: strategy, count: count), buffers: buffers))
  }

  deinit {
    // The token holder moves the hand-off out right after filling it, and holds `self` meanwhile.
    handoff.deallocate()
  }

  var description: String { name }

  var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

  var playgroundDescription: Any { description }

  /// Subscribes the inputs (`attach` calls ``attach(_:at:)`` or ``attachMerged(_:at:)`` once per
  /// input, in order), then hands the subscriber its subscription, then delivers what the inputs
  /// produced meanwhile.
  func start(attaching attach: (CombiningStorage) -> Void) {
    attach(self)
    downstream.receive(subscription: self)
    deliver(.drain)
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    guard demand > 0 else {
      // As Combine's zip (and combineLatest, built the same way) does, a request for no values
      // stops the program; merge and withLatestFrom ignore it.
      precondition(
        strategy != .zip && strategy != .combineLatest,
        "\(name)'s subscription was asked for no values (request(.none))")
      return
    }
    let step = state.withLock { state in
      var requests = state.machine.addDemand(demand)
      let start = makeOutputs(&state)
      let ended = Self.endIfFinished(&state)
      requests.refills = state.machine.owesRefills
      return CombiningStep(start: Self.settle(&state, start), requests: requests, ended: ended)
    }
    finish(step.ended)
    deliver(step.start)
    forward(step.requests)
  }

  func cancel() {
    let (cancel, dropped, leftovers) = state.withLock {
      state -> ([any Subscription], AnyValueRing?, CombiningState.Leftovers) in
      let (cancel, dropsBacklog) = state.machine.cancelled()
      return (cancel, dropsBacklog ? backlog.takeAll() : nil, state.takeLeftovers())
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

  /// A value of input `index` (`combineLatest`, `zip`).
  func receive<Input>(_ input: Input, at index: Int) -> Subscribers.Demand {
    // Stored in the buffer under the lock; afterwards it holds the value the store displaced, if
    // any, released here after unlocking.
    var carried = input
    let step = state.withLock { state -> CombiningStep? in
      switch state.machine.receivedValue(at: index) {
      case .drop:
        // An ended operator keeps no buffers: nothing more is stored.
        return nil
      case .deliver:
        preconditionFailure("only merged values are delivered as they are")
      case .store:
        let ring = ValueRing<Input>.unerased(state.buffers[index])
        if strategy == .zip {
          ring.append(carried)
          state.machine.beganReceiving(at: index)
        } else {
          ring.replaceFirst(with: &carried)
        }
        return storedValue(&state, at: index)
      }
    }
    withExtendedLifetime(carried) {}
    guard let step else { return .none }
    let demand = afterStoring(step)
    guard strategy == .zip else { return demand }
    // As Combine's zip: what the subscriber asked for while this input's value was being handled
    // (returned from `receive(_:)`, or requested meanwhile) is returned to this input rather than
    // requested from it.
    return demand + state.withLock { $0.machine.endedReceiving(at: index) }
  }

  /// A value of input `index` of a `merge`, whose values are the outputs themselves.
  func receiveMerged(_ value: Output, at index: Int) -> Subscribers.Demand {
    var carried = value
    let (action, step) = state.withLock { state -> (Machine.ValueAction, CombiningStep?) in
      let action = state.machine.receivedValue(at: index)
      guard case .store = action else { return (action, nil) }
      ValueRing<Output>.unerased(state.buffers[index]).replaceFirst(with: &carried)
      return (action, storedValue(&state, at: index))
    }
    switch action {
    case .drop:
      return .none
    case .deliver(let returning):
      drain(after: downstream.receive(value))
      return returning
    case .store:
      withExtendedLifetime(carried) {}
      guard let step else { return .none }
      return afterStoring(step)
    }
  }

  func receive(completion: Subscribers.Completion<Failure>, at index: Int) {
    let step: CombiningCompletionStep
    switch completion {
    case .finished:
      step = state.withLock { state in
        let outcome = state.machine.receivedCompletion(.finished, at: index)
        return CombiningCompletionStep(
          outcome: outcome, start: state.machine.claimToken(), leftovers: state.takeLeftovers())
      }
    case .failure(let error):
      step = state.withLock { state in
        let outcome = state.machine.receivedCompletion(.failed, at: index)
        if outcome.ended { failure = error }
        return CombiningCompletionStep(
          outcome: outcome, start: state.machine.claimToken(), leftovers: state.takeLeftovers())
      }
    }
    for subscription in step.outcome.cancel { subscription.cancel() }
    withExtendedLifetime((step.outcome.released, step.leftovers)) {}
    deliver(step.start)
  }

  // MARK: Delivery

  /// Under the lock, after a value was stored: makes the outputs it allows.
  private func storedValue(_ state: inout CombiningState, at index: Int) -> CombiningStep {
    let start = makeOutputs(&state)
    let outcome = state.machine.storedValue(at: index)
    let ended = Self.endIfFinished(&state)
    return CombiningStep(start: Self.settle(&state, start), outcome: outcome, ended: ended)
  }

  /// After unlocking, once a value was stored: releases what ended, delivers; returns the demand
  /// for the input.
  private func afterStoring(_ step: CombiningStep) -> Subscribers.Demand {
    finish(step.ended)
    deliver(step.start)
    return step.outcome.upstreamDemand
  }

  /// Under the lock: makes every output the buffers and the demand allow. The first goes to
  /// `handoff` when the machine gives this thread the token with it, the others to `backlog`;
  /// returns how the caller starts delivering.
  private func makeOutputs(_ state: inout CombiningState) -> Machine.DeliveryStart {
    var start = Machine.DeliveryStart.none
    while let take = state.machine.nextTake() {
      let made = state.machine.madeOutput()
      if case .deliver = made {
        assemble(take, state.buffers, handoff.destination)
      } else {
        assemble(take, state.buffers, backlog.appendUninitialized())
      }
      if case .none = start { start = made }
    }
    return start
  }

  /// The token for what waits (a completion decided by ``endIfFinished(_:)``), unless this thread
  /// already delivers.
  private static func settle(_ state: inout CombiningState, _ start: Machine.DeliveryStart) -> Machine.DeliveryStart {
    if case .none = start { return state.machine.claimToken() }
    return start
  }

  /// After outputs were made: ends the operator if a finished input has nothing left to give,
  /// moving out what must be cancelled and released after unlocking.
  private static func endIfFinished(_ state: inout CombiningState) -> CombiningEnded? {
    guard let cancel = state.machine.finishIfDrained() else { return nil }
    return CombiningEnded(cancel: cancel, leftovers: state.takeLeftovers())
  }

  private func finish(_ ended: CombiningEnded?) {
    guard let ended else { return }
    for subscription in ended.cancel { subscription.cancel() }
    withExtendedLifetime(ended.leftovers) {}
  }

  /// Delivers while this thread holds the token: the output in `handoff` if it was handed one,
  /// then everything that waits, until nothing does.
  private func deliver(_ start: Machine.DeliveryStart) {
    switch start {
    case .none:
      return
    case .deliver:
      drain(after: downstream.receive(handoff.move()))
    case .drain:
      drain(after: .none)
    }
  }

  /// The token holder's loop: adds the demand the subscriber `returned`, then delivers what waits
  /// until nothing does, and gives the token back.
  private func drain(after returned: Subscribers.Demand) {
    var returned = returned
    while true {
      let (next, step) = state.withLock { state -> (Machine.NextDelivery, CombiningStep) in
        var requests = state.machine.addDemand(returned)
        _ = makeOutputs(&state)
        let ended = Self.endIfFinished(&state)
        requests.refills = state.machine.owesRefills
        let next = state.machine.nextDelivery()
        if case .deliver = next { backlog.moveFirst(into: handoff.destination) }
        return (next, CombiningStep(requests: requests, ended: ended))
      }
      finish(step.ended)
      forward(step.requests)
      switch next {
      case .none:
        return
      case .deliver:
        returned = downstream.receive(handoff.move())
      case .complete(.finished):
        deliverFinished()
        return
      case .complete(.failed):
        deliverFailure()
        return
      }
    }
  }

  /// Tells the subscriber the operator finished (out of line: a `Subscribers.Completion` value
  /// made here would otherwise have its metadata looked up on every pass of ``drain(after:)``).
  @inline(never)
  private func deliverFinished() {
    downstream.receive(completion: .finished)
  }

  /// Hands the subscriber the failure that ended the operator (out of line: the only `Optional` of
  /// the failure type lives here).
  @inline(never)
  private func deliverFailure() {
    guard let failure else { preconditionFailure("a combining operator ended with a failure it did not keep") }
    downstream.receive(completion: .failure(failure))
  }

  /// Passes demand on to the inputs, outside the lock.
  private func forward(_ requests: Machine.UpstreamRequests) {
    if requests.demand > 0 {
      for index in 0..<count {
        state.withLock { $0.machine.subscription(at: index, requesting: requests.demand) }?.request(requests.demand)
      }
    }
    guard requests.refills else { return }
    for index in 0..<count {
      state.withLock { $0.machine.takeRefill(index) }?.request(.max(1))
    }
  }
}

// Safety: `state` is a `LockedState`; the buffers it holds, `backlog` and `failure` are touched
// only while holding its lock (`failure` is read by the token holder after the lock that made it
// hand out the failure); `handoff` is touched only by the delivery token's holder, which alone
// calls the subscriber; the rest is immutable after `init`.
extension CombiningStorage: @unchecked Sendable {}

extension CombiningStorage {
  /// A merge of `count` inputs for `downstream`, to start with the inputs attached by
  /// ``attachMerged(_:at:)``.
  static func merge(_ downstream: Downstream, name: String, count: Int) -> CombiningStorage {
    CombiningStorage(
      downstream: downstream, strategy: .merge, name: name,
      buffers: ContiguousArray((0..<count).lazy.map { _ -> AnyValueRing in ValueRing<Output>.make() }),
      assemble: merged())
  }
}
#endif
