// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The shared engine of ``PassthroughSubject`` and ``CurrentValueSubject``: the subscriber list,
/// the completion, the upstream subscriptions and, for `CurrentValueSubject`, the current value,
/// all behind one lock.
///
/// Each subscriber is attached through a ``SubjectConduit``, whose ``ConduitStateMachine`` is
/// guarded by this same lock, so one lock round trip decides what a `send` does.
///
/// - Sending allocates nothing: the subscriber array is retained (copy-on-write) and walked after
///   unlocking.
/// - Removing a subscriber is O(1): each conduit knows its slot, and the last conduit moves into
///   the hole.
final class SubjectStorage<Output, Failure: Error> {
  struct State {
    /// The live subscribers; `conduits[i].slot == i`.
    var conduits: ContiguousArray<SubjectConduit<Output, Failure>> = []
    /// Set once by `send(completion:)`; later subscribers receive it at once.
    var completion: Subscribers.Completion<Failure>?
    /// The latest value (`CurrentValueSubject` only).
    var currentValue: Output?
    /// How many values were sent: the generation of `currentValue`, which lets a conduit tell a
    /// value it already received as the current value from the same value offered late.
    var generation: UInt64 = 0
    /// Subscriptions to publishers feeding this subject (`subscribe(subject)`), cancelled on deinit.
    var upstreams: ContiguousArray<any Subscription> = []
    /// Whether any subscriber has asked for values yet; upstreams are asked for unlimited values
    /// from then on.
    var hasDownstreamDemand = false
  }

  let state: LockedState<State>
  /// `CurrentValueSubject` semantics: subscribers start with the current value, and one that
  /// missed values for lack of demand gets the latest value when it asks again.
  let replaysCurrentValue: Bool

  init(currentValue: Output?) {
    state = .make(State(currentValue: currentValue))
    replaysCurrentValue = currentValue != nil
  }

  /// Cancels the upstream subscriptions when the owning subject goes away.
  func cancelUpstreams() {
    let upstreams = state.withLock { state in
      defer { state.upstreams = [] }
      return state.upstreams
    }
    for upstream in upstreams { upstream.cancel() }
  }

  var currentValue: Output {
    // Only `CurrentValueSubject`, which always has a value, reads this.
    state.withLock { $0.currentValue! }
  }

  func subscribe<S: Subscriber>(_ subscriber: S, owner: AnyObject) where S.Input == Output, S.Failure == Failure {
    let thread = ThreadIdentity.current
    let conduit = SubjectConduit<Output, Failure>.make(subscriber, storage: self, owner: owner)
    let completion = state.withLock { state -> Subscribers.Completion<Failure>? in
      if let completion = state.completion { return completion }
      conduit.machine = ConduitStateMachine(subscribingOn: thread, owesCurrentValue: replaysCurrentValue)
      conduit.slot = state.conduits.count
      state.conduits.append(conduit)
      return nil
    }
    if let completion {
      subscriber.receive(subscription: Subscriptions.empty)
      subscriber.receive(completion: completion)
      return
    }
    conduit.deliverSubscription()
    conduit.finishDelivery(additionalDemand: .none)
  }

  /// Sends `value` to every subscriber.
  ///
  /// The fast path serves subscribers with unlimited demand (every `sink`), up to 64 at a time:
  /// one lock round trip takes their delivery tokens (the same lock round trip that records the
  /// value, for the first 64), the values are delivered with no lock, and one more round trip gives
  /// the tokens back. A subscriber with limited demand goes through ``SubjectConduit/offer(_:generation:on:)``,
  /// in its place in the order. A subscriber cancelled or completed on this thread while its token
  /// is reserved here sets ``SubjectConduit/deliveryStopped`` and is skipped.
  func send(_ value: Output) {
    let thread = ThreadIdentity.current
    var batch = SendBatch()
    let sent = state.withLock { state -> (ContiguousArray<SubjectConduit<Output, Failure>>, UInt64)? in
      guard state.completion == nil else { return nil }
      if replaysCurrentValue { state.currentValue = value }
      state.generation += 1
      batch = Self.reserve(value, for: state.conduits, from: 0, generation: state.generation, on: thread)
      return (state.conduits, state.generation)
    }
    guard let (conduits, generation) = sent else { return }
    var start = 0
    while start < conduits.count {
      if start > 0 {
        batch = state.withLock { state in
          Self.reserve(value, for: conduits, from: start, generation: generation, on: thread)
        }
      }
      deliver(value, to: conduits, from: start, batch, generation: generation, on: thread)
      start += SendBatch.capacity
    }
  }

  /// Offers `value` to the unlimited-demand subscribers among `conduits[start...]` (at most 64).
  /// Call with the lock held.
  private static func reserve(
    _ value: Output, for conduits: ContiguousArray<SubjectConduit<Output, Failure>>, from start: Int,
    generation: UInt64, on thread: ThreadIdentity
  ) -> SendBatch {
    var batch = SendBatch()
    let end = min(start + SendBatch.capacity, conduits.count)
    for index in start..<end {
      let conduit = conduits[index]
      let bit = UInt64(1) << UInt64(index - start)
      guard conduit.machine.demand == .unlimited else {
        batch.limited |= bit
        continue
      }
      switch conduit.machine.offer(value, generation: generation, on: thread, replaysCurrentValue: false) {
      case .deliver: batch.reserved |= bit
      case .deliverNested: batch.nested |= bit
      case .drop: break
      }
    }
    return batch
  }

  private func deliver(
    _ value: Output, to conduits: ContiguousArray<SubjectConduit<Output, Failure>>, from start: Int,
    _ batch: SendBatch, generation: UInt64, on thread: ThreadIdentity
  ) {
    let end = min(start + SendBatch.capacity, conduits.count)
    for index in start..<end {
      let conduit = conduits[index]
      let bit = UInt64(1) << UInt64(index - start)
      if (batch.reserved | batch.nested) & bit != 0 {
        // This thread holds the token; `deliveryStopped` is written only by its holder.
        // Unlimited demand: what the subscriber returns changes nothing.
        if !conduit.deliveryStopped { _ = conduit.deliver(value) }
      } else if batch.limited & bit != 0 {
        conduit.offer(value, generation: generation, on: thread)
      }
    }
    guard batch.reserved != 0 else { return }
    let busy = state.withLock { _ -> UInt64 in
      var busy: UInt64 = 0
      for index in start..<end {
        let bit = UInt64(1) << UInt64(index - start)
        if batch.reserved & bit != 0, !conduits[index].machine.returnTokenIfIdle() { busy |= bit }
      }
      return busy
    }
    guard busy != 0 else { return }
    for index in start..<end where busy & (UInt64(1) << UInt64(index - start)) != 0 {
      conduits[index].finishDelivery(additionalDemand: .none)
    }
  }

  func send(completion: Subscribers.Completion<Failure>) {
    let conduits = state.withLock { state -> ContiguousArray<SubjectConduit<Output, Failure>>? in
      guard state.completion == nil else { return nil }
      state.completion = completion
      defer { state.conduits = [] }
      for conduit in state.conduits { conduit.slot = -1 }
      return state.conduits
    }
    guard let conduits else { return }
    let thread = ThreadIdentity.current
    for conduit in conduits {
      conduit.complete(completion, on: thread)
    }
  }

  func send(subscription: any Subscription) {
    let action = state.withLock { state -> UpstreamAction in
      if state.completion != nil { return .cancel }
      state.upstreams.append(subscription)
      return state.hasDownstreamDemand ? .requestUnlimited : .wait
    }
    switch action {
    case .cancel: subscription.cancel()
    case .requestUnlimited: subscription.request(.unlimited)
    case .wait: break
    }
  }

  private enum UpstreamAction {
    case cancel
    case requestUnlimited
    case wait
  }

  /// Removes `conduit` from the list in O(1). Call with the lock held.
  static func remove(_ conduit: SubjectConduit<Output, Failure>, from state: inout State) {
    let slot = conduit.slot
    guard slot >= 0 else { return }
    conduit.slot = -1
    let last = state.conduits.removeLast()
    if last !== conduit {
      state.conduits[slot] = last
      last.slot = slot
    }
  }

  /// Records that a subscriber asked for values; returns the upstreams to ask for unlimited
  /// values the first time. Call with the lock held.
  static func noteDemand(in state: inout State) -> ContiguousArray<any Subscription> {
    guard !state.hasDownstreamDemand else { return [] }
    state.hasDownstreamDemand = true
    return state.upstreams
  }
}

/// Which of up to 64 subscribers, from a start index, a send serves how (see `SubjectStorage.send`).
private struct SendBatch {
  static let capacity = 64
  /// Tokens taken: deliver, then give the token back.
  var reserved: UInt64 = 0
  /// Tokens already held further up this thread's stack: deliver, nothing more.
  var nested: UInt64 = 0
  /// Limited demand: offer through the conduit's own path.
  var limited: UInt64 = 0
}

/// One subscriber's subscription to a subject.
///
/// `machine` and `slot` are guarded by the storage's lock. The subscriber reference lives in the
/// generic subclass and belongs to the delivery token (see ``ConduitStateMachine``): only the
/// thread holding the token calls or releases it, so reading it needs no lock.
class SubjectConduit<Output, Failure: Error>: Subscription, CustomStringConvertible {
  let storage: SubjectStorage<Output, Failure>
  /// The public subject: a subscription keeps its subject alive, as in Combine.
  private let owner: AnyObject
  /// Guarded by `storage.state`'s lock.
  final var machine: ConduitStateMachine<Output, Failure>
  /// Index in `storage`'s conduit list, or -1 once removed. Guarded by `storage.state`'s lock.
  final var slot = -1
  /// Set, once and for good, when the subscriber is cancelled or completed by the thread that
  /// holds its delivery token; a value that thread reserved for it is then not delivered. Owned by
  /// the delivery token: written and read only by the holder.
  final var deliveryStopped = false

  init(storage: SubjectStorage<Output, Failure>, owner: AnyObject) {
    self.storage = storage
    self.owner = owner
    machine = ConduitStateMachine(subscribingOn: ThreadIdentity(rawValue: 0), owesCurrentValue: false)
  }

  static func make<S: Subscriber>(_ subscriber: S, storage: SubjectStorage<Output, Failure>, owner: AnyObject)
    -> SubjectConduit<Output, Failure>
  where S.Input == Output, S.Failure == Failure {
    SubscriberConduit(subscriber, storage: storage, owner: owner)
  }

  var description: String { String(describing: type(of: owner)) }

  // MARK: Calls to the subscriber; the caller holds the delivery token.

  func deliverSubscription() { preconditionFailure("abstract") }
  func deliver(_ value: Output) -> Subscribers.Demand { preconditionFailure("abstract") }
  func deliver(completion: Subscribers.Completion<Failure>) { preconditionFailure("abstract") }
  func releaseSubscriber() { preconditionFailure("abstract") }

  // MARK: Events

  final func offer(_ value: Output, generation: UInt64, on thread: ThreadIdentity) {
    let replays = storage.replaysCurrentValue
    let action = storage.state.withLock { _ in
      machine.offer(value, generation: generation, on: thread, replaysCurrentValue: replays)
    }
    switch action {
    case .drop:
      return
    case .deliver:
      finishDelivery(additionalDemand: deliver(value))
    case .deliverNested:
      let additional = deliver(value)
      storage.state.withLock { _ in machine.finishNestedDelivery(additionalDemand: additional) }
    }
  }

  /// Gives the token back, first delivering whatever queued up while it was held.
  final func finishDelivery(additionalDemand: Subscribers.Demand) {
    var additional = additionalDemand
    while true {
      let action = storage.state.withLock { state in
        machine.finishDelivery(
          additionalDemand: additional, currentValue: state.currentValue, currentGeneration: state.generation)
      }
      switch action {
      case .none:
        return
      case .deliver(let value):
        additional = deliver(value)
      case .complete(let completion):
        deliver(completion: completion)
        releaseSubscriber()
        return
      case .release:
        releaseSubscriber()
        return
      }
    }
  }

  final func complete(_ completion: Subscribers.Completion<Failure>, on thread: ThreadIdentity) {
    let action = storage.state.withLock { _ in machine.complete(completion, on: thread) }
    switch action {
    case .none:
      return
    case .deliver(let completion):
      deliver(completion: completion)
      releaseSubscriber()
    case .deliverNested(let completion):
      deliveryStopped = true
      deliver(completion: completion)
    }
  }

  final func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "Subscription.request(\(demand)): demand must be greater than zero")
    let thread = ThreadIdentity.current
    let (action, upstreams) = storage.state.withLock { state in
      let action = machine.request(
        demand, on: thread, currentValue: state.currentValue, currentGeneration: state.generation)
      let upstreams = machine.isTerminated ? [] : SubjectStorage.noteDemand(in: &state)
      return (action, upstreams)
    }
    for upstream in upstreams { upstream.request(.unlimited) }
    switch action {
    case .none:
      return
    case .deliver(let value):
      finishDelivery(additionalDemand: deliver(value))
    case .deliverNested(let value):
      let additional = deliver(value)
      storage.state.withLock { _ in machine.finishNestedDelivery(additionalDemand: additional) }
    }
  }

  final func cancel() {
    let thread = ThreadIdentity.current
    let action = storage.state.withLock { state in
      SubjectStorage.remove(self, from: &state)
      return machine.cancel(on: thread)
    }
    switch action {
    case .none: return
    case .release: releaseSubscriber()
    case .stopsCallersDelivery: deliveryStopped = true
    }
  }
}

/// The conduit for a concrete subscriber type.
private final class SubscriberConduit<Downstream: Subscriber>: SubjectConduit<Downstream.Input, Downstream.Failure>,
  @unchecked Sendable
{
  // Safety: `downstream` is owned by the delivery token (see `SubjectConduit`).
  /// Owned by the delivery token; `nil` once released.
  private var downstream: Downstream?

  init(_ downstream: Downstream, storage: SubjectStorage<Downstream.Input, Downstream.Failure>, owner: AnyObject) {
    self.downstream = downstream
    super.init(storage: storage, owner: owner)
  }

  override func deliverSubscription() {
    downstream?.receive(subscription: self)
  }

  override func deliver(_ value: Downstream.Input) -> Subscribers.Demand {
    downstream?.receive(value) ?? .none
  }

  override func deliver(completion: Subscribers.Completion<Downstream.Failure>) {
    downstream?.receive(completion: completion)
  }

  override func releaseSubscriber() {
    downstream = nil
  }
}

// Safety: every mutable field is guarded by the storage's lock (`machine`, `slot`) or owned by the
// delivery token that lock hands out (`downstream`); see `ConduitStateMachine`.
extension SubjectConduit: @unchecked Sendable {}

// Safety: the only mutable state is `state`, a `LockedState`.
extension SubjectStorage: @unchecked Sendable {}
