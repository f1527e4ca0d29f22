// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// One input's values, with the type erased so that inputs of different types sit side by side.
///
/// Only ``CombiningValueBuffer`` derives from it; the storage downcasts each slot to the type its
/// publisher wrapper knows statically.
class CombiningBuffer {}

/// The values one input of a combining operator holds — its latest value (`combineLatest`,
/// `merge`, `withLatestFrom`) or a queue of values not yet paired (`zip`) — or the outputs waiting
/// for the token holder (the storage's backlog).
///
/// A ring of slots in raw memory rather than an array of optionals: in unspecialised code every
/// `Optional<Value>` or `ContiguousArray<Value?>` costs a run-time metadata lookup, while a method
/// of this class reads `Value` from the instance and touches the slots through its value witnesses
/// only. Values leave by moving out, so whoever takes one owns it and releases it after unlocking.
///
/// It lives in the storage's locked state (or, as the backlog, next to it) and is only touched
/// while holding the storage's lock.
final class CombiningValueBuffer<Value>: CombiningBuffer {
  // Safety of `@exclusivity(unchecked)`: every access happens while holding the owning storage's
  // lock, which already makes it exclusive.
  @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Value>
  @exclusivity(unchecked) private var capacity: Int
  @exclusivity(unchecked) private var head = 0
  /// How many values the buffer holds.
  @exclusivity(unchecked) private(set) var count = 0

  /// An empty buffer with room for `capacity` values before it grows.
  init(capacity: Int = 1) {
    self.capacity = Swift.max(capacity, 1)
    slots = .allocate(capacity: self.capacity)
  }

  deinit {
    for offset in 0..<count { (slots + (head + offset) % capacity).deinitialize(count: 1) }
    slots.deallocate()
  }

  /// Replaces the latest value with `value`; on return `value` holds the value it displaced (or
  /// still the new one, when the buffer was empty), for the caller to release after unlocking.
  func replaceLatest(with value: inout Value) {
    if count == 0 {
      append(value)
    } else {
      swap(&value, &slots[head])
    }
  }

  /// Adds `value` after the others.
  func append(_ value: Value) {
    appendUninitialized().initialize(to: value)
  }

  /// Adds a slot after the others and returns it; the caller initialises it before unlocking.
  func appendUninitialized() -> UnsafeMutablePointer<Value> {
    if count == capacity { grow() }
    let slot = slots + (head + count) % capacity
    count += 1
    return slot
  }

  /// Removes and returns the oldest value.
  func removeFirst() -> Value {
    precondition(count > 0, "removeFirst on an empty combining buffer")
    let value = (slots + head).move()
    head = (head + 1) % capacity
    count -= 1
    if count == 0 { head = 0 }
    return value
  }

  /// Moves the oldest value into the uninitialised memory at `destination`.
  func moveFirst(to destination: UnsafeMutablePointer<Value>) {
    precondition(count > 0, "moveFirst on an empty combining buffer")
    destination.moveInitialize(from: slots + head, count: 1)
    head = (head + 1) % capacity
    count -= 1
    if count == 0 { head = 0 }
  }

  /// Moves every value into a new buffer, returned for release after unlocking; this one is left
  /// empty.
  func takeAll() -> CombiningBuffer {
    let taken = CombiningValueBuffer(capacity: 1)
    swap(&taken.slots, &slots)
    swap(&taken.capacity, &capacity)
    swap(&taken.head, &head)
    swap(&taken.count, &count)
    return taken
  }

  /// The value `take` asks of input `index`.
  func value(for take: CombiningTake, at index: Int) -> Value {
    if removes(for: take, at: index) { return removeFirst() }
    return slots[head]
  }

  /// Writes the value `take` asks of input `index` into the uninitialised `destination`.
  func read(for take: CombiningTake, at index: Int, into destination: UnsafeMutablePointer<Value>) {
    if removes(for: take, at: index) {
      moveFirst(to: destination)
    } else {
      destination.initialize(to: slots[head])
    }
  }

  /// Whether `take` removes the value of input `index` (otherwise it copies the latest value).
  private func removes(for take: CombiningTake, at index: Int) -> Bool {
    switch take {
    case .latest:
      precondition(count == 1, "combineLatest reads a latest value")
      return false
    case .heads:
      return true
    case .slot(let taken):
      precondition(taken == index, "a merge take reads only the input it names")
      return true
    case .triggerWithLatest:
      if index == 0 { return true }
      precondition(count == 1, "withLatestFrom reads a latest value")
      return false
    }
  }

  /// Doubles the room, keeping the values in order.
  private func grow() {
    let newCapacity = capacity * 2
    let newSlots = UnsafeMutablePointer<Value>.allocate(capacity: newCapacity)
    let firstRun = Swift.min(count, capacity - head)
    newSlots.moveInitialize(from: slots + head, count: firstRun)
    (newSlots + firstRun).moveInitialize(from: slots, count: count - firstRun)
    slots.deallocate()
    slots = newSlots
    capacity = newCapacity
    head = 0
  }
}

extension ContiguousArray where Element == CombiningBuffer {
  /// Reads the value `take` asks of input `index`, whose values are of type `Value`.
  func value<Value>(_ take: CombiningTake, at index: Int, as type: Value.Type) -> Value {
    unsafeDowncast(self[index], to: CombiningValueBuffer<Value>.self).value(for: take, at: index)
  }

  /// Writes the value `take` asks of input `index`, whose values are of type `Value`, into the
  /// uninitialised `destination` (an output tuple's element, or a whole output).
  func read<Value>(_ take: CombiningTake, at index: Int, as type: Value.Type, into destination: UnsafeMutableRawPointer)
  {
    let buffer = unsafeDowncast(self[index], to: CombiningValueBuffer<Value>.self)
    buffer.read(for: take, at: index, into: destination.assumingMemoryBound(to: Value.self))
  }
}

/// Subscribes one input's publisher to a ``CombiningStorage`` (passed as `AnyObject`, so that the
/// lock's state stays non-generic).
typealias CombiningAttacher = (AnyObject) -> Void

/// What the storage keeps behind its lock: the machine, the per-input buffers, and the attach
/// closures not yet used (each is taken out once, so the upstream publishers are not kept alive by
/// the subscription).
///
/// Not generic, like the machine: the buffers and attach closures have their types erased.
struct CombiningState {
  var machine: CombiningStateMachine
  var buffers: ContiguousArray<CombiningBuffer>
  var attachers: ContiguousArray<CombiningAttacher?>

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
    var attachers: ContiguousArray<CombiningAttacher?> = []
  }
}

/// The subscription every combining operator hands its subscriber: it locks, asks
/// ``CombiningStateMachine``, reads the buffers, unlocks, then delivers, requests or cancels.
///
/// The arity types (`Publishers.CombineLatest3`, `Publishers.Merge5`, …) are thin wrappers: each
/// gives the storage one *attach* closure per input (subscribing that input's publisher with a
/// ``CombiningSide``, or a ``MergingSide`` for `merge`), empty buffers of the right types, and an
/// `assemble` closure that writes an output made from the buffers (a tuple, an array, or the merged
/// value).
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
  private let assemble: (CombiningTake, ContiguousArray<CombiningBuffer>, UnsafeMutablePointer<Output>) -> Void
  private let name: String
  /// Outputs made while the token was taken, oldest first; touched only while holding `state`'s
  /// lock, in step with the machine's `backlogCount`.
  private let backlog = CombiningValueBuffer<Output>()
  /// The output the token holder delivers next: filled under the lock when the machine gives this
  /// thread the token with an output (`.deliver`), and moved out by the same thread right after
  /// unlocking. The token makes that thread the only one touching it; empty otherwise.
  private let handoff = UnsafeMutablePointer<Output>.allocate(capacity: 1)
  /// The error of the failure that ended the operator: written while holding `state`'s lock before
  /// the machine lets the token holder hand out the failure, read by that holder afterwards.
  @exclusivity(unchecked) private var failure: Failure?

  /// - Parameters:
  ///   - downstream: The subscriber.
  ///   - strategy: How values become outputs.
  ///   - name: The operator's name (`description`).
  ///   - buffers: An empty buffer per input, of that input's value type.
  ///   - attachers: Per input, subscribes its publisher with a side for that index (see
  ///     ``attacher(_:at:)`` and ``mergeAttacher(_:at:)``).
  ///   - assemble: Builds one output from the buffers into the uninitialised memory it is given (a
  ///     tuple is written element by element at offsets computed once per subscription, since
  ///     making a tuple of generic types looks its metadata up); runs under the lock, so it must only read
  ///     buffers (library code, never a user closure).
  init(
    downstream: Downstream, strategy: CombiningStrategy, name: String, buffers: ContiguousArray<CombiningBuffer>,
    attachers: [CombiningAttacher],
    assemble: @escaping (CombiningTake, ContiguousArray<CombiningBuffer>, UnsafeMutablePointer<Output>) -> Void
  ) {
    precondition(buffers.count == attachers.count, "one buffer per input")
    self.downstream = downstream
    self.strategy = strategy
    self.name = name
    self.assemble = assemble
    count = attachers.count
    state = .make(
      CombiningState(
        machine: CombiningStateMachine(strategy: strategy, count: attachers.count), buffers: buffers,
        attachers: ContiguousArray(attachers)))
  }

  deinit {
    // The token holder moves the hand-off out right after filling it, and holds `self` meanwhile.
    handoff.deallocate()
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
      state -> ([any Subscription], CombiningBuffer?, CombiningState.Leftovers) in
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

  /// A value of input `index` (`combineLatest`, `zip`, `withLatestFrom`).
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
        let buffer = unsafeDowncast(state.buffers[index], to: CombiningValueBuffer<Input>.self)
        if strategy == .zip {
          buffer.append(carried)
        } else {
          buffer.replaceLatest(with: &carried)
        }
        return storedValue(&state, at: index)
      }
    }
    withExtendedLifetime(carried) {}
    guard let step else { return .none }
    return afterStoring(step)
  }

  /// A value of input `index` of a `merge`, whose values are the outputs themselves.
  func receiveMerged(_ value: Output, at index: Int) -> Subscribers.Demand {
    var carried = value
    let (action, step) = state.withLock { state -> (Machine.ValueAction, CombiningStep?) in
      let action = state.machine.receivedValue(at: index)
      guard case .store = action else { return (action, nil) }
      unsafeDowncast(state.buffers[index], to: CombiningValueBuffer<Output>.self).replaceLatest(with: &carried)
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

  /// After unlocking, once a value was stored: releases what ended, subscribes the trigger, delivers;
  /// returns the demand for the input.
  private func afterStoring(_ step: CombiningStep) -> Subscribers.Demand {
    finish(step.ended)
    if step.outcome.subscribeTrigger {
      let attach = state.withLock { state in
        defer { if !state.attachers.isEmpty { state.attachers[0] = nil } }
        return state.attachers.first ?? nil
      }
      attach?(self)
    }
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
        assemble(take, state.buffers, handoff)
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
        if case .deliver = next { backlog.moveFirst(to: handoff) }
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
      if strategy == .withLatestFrom {
        state.withLock { $0.machine.subscription(at: 0) }?.request(requests.demand)
      } else {
        for index in 0..<count {
          state.withLock { $0.machine.subscription(at: index) }?.request(requests.demand)
        }
      }
    }
    guard requests.refills else { return }
    for index in 0..<count {
      state.withLock { $0.machine.takeRefill(index) }?.request(.max(1))
    }
  }
}

// The storage's locked steps return these. They live outside the generic storage on purpose: a
// type nested in a generic class is generic too, and would cost a metadata lookup per step.

/// What one locked step of ``CombiningStorage`` decided: who delivers, what to ask the inputs, what ended.
struct CombiningStep {
  var start = CombiningStateMachine.DeliveryStart.none
  var requests = CombiningStateMachine.UpstreamRequests()
  var outcome = CombiningStateMachine.ValueOutcome()
  var ended: CombiningEnded?
}

/// What an input's completion decided.
struct CombiningCompletionStep {
  var outcome: CombiningStateMachine.CompletionOutcome
  var start: CombiningStateMachine.DeliveryStart
  var leftovers: CombiningState.Leftovers
}

/// What ended a combining operator while making outputs: subscriptions to cancel, and what to release.
struct CombiningEnded {
  var cancel: [any Subscription]
  var leftovers: CombiningState.Leftovers
}

// Safety: `state` is a `LockedState`; the buffers it holds, `backlog` and `failure` are touched
// only while holding its lock (`failure` is read by the token holder after the lock that made it
// hand out the failure); `handoff` is touched only by the delivery token's holder, which alone
// calls the subscriber; the rest is immutable after `init`.
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

/// The subscriber attached to one input of a `merge`, whose values are the outputs: it tags each
/// event with the input's index and hands it to the shared ``CombiningStorage``.
struct MergingSide<Downstream: Subscriber>: Subscriber, CustomStringConvertible {
  typealias Input = Downstream.Input
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
    storage.receiveMerged(input, at: index)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    storage.receive(completion: completion, at: index)
  }
}

extension CombiningStorage {
  /// An attach closure for input `index`: subscribes `publisher` with a side for that index.
  static func attacher<P: Publisher>(_ publisher: P, at index: Int) -> CombiningAttacher
  where P.Failure == Failure {
    { storage in
      publisher.subscribe(
        CombiningSide<P.Output, Downstream>(storage: unsafeDowncast(storage, to: Self.self), index: index))
    }
  }

  /// An attach closure for input `index` of a `merge`: subscribes `publisher` with a merging side.
  static func mergeAttacher<P: Publisher>(_ publisher: P, at index: Int) -> CombiningAttacher
  where P.Output == Output, P.Failure == Failure {
    { storage in
      publisher.subscribe(MergingSide<Downstream>(storage: unsafeDowncast(storage, to: Self.self), index: index))
    }
  }
}

/// Where the elements of a tuple output sit. Swift lays a tuple out like a struct: each element at
/// the first offset after the previous one that its alignment allows.
struct CombiningTupleLayout {
  /// The byte offset of each element appended so far.
  private(set) var offsets: [Int] = []
  /// The tuple's size so far.
  private(set) var size = 0

  /// Appends an element of type `T`.
  mutating func append<T>(_ type: T.Type) {
    let alignment = MemoryLayout<T>.alignment
    let offset = (size + alignment - 1) / alignment * alignment
    offsets.append(offset)
    size = offset + MemoryLayout<T>.size
  }

  /// The layout of a tuple of these element types, in order.
  static func of(_ types: [any Any.Type]) -> CombiningTupleLayout {
    var layout = CombiningTupleLayout()
    for type in types { layout.append(type) }
    return layout
  }
}

/// Calls a user `transform` of `combineLatest`/`zip`/`withLatestFrom` with the elements of a tuple
/// output, read at offsets computed once: projecting the elements of a tuple of generic types would
/// look the tuple's metadata up on every value.
enum CombiningSpread {
  /// The element offsets of `Tuple`, a tuple of `types`; checked against its size.
  private static func offsets<Tuple>(of tuple: Tuple.Type, _ types: [any Any.Type]) -> [Int] {
    let layout = CombiningTupleLayout.of(types)
    precondition(MemoryLayout<Tuple>.size == layout.size, "the tuple is made of these types")
    return layout.offsets
  }

  /// `transform` taking an `(A, B)` tuple.
  static func pair<Tuple, A, B, T>(_ transform: @escaping (A, B) -> T) -> (Tuple) -> T {
    let second = offsets(of: Tuple.self, [A.self, B.self])[1]
    return { tuple in
      withUnsafePointer(to: tuple) { pointer in
        let elements = UnsafeRawPointer(pointer)
        return transform(elements.load(as: A.self), elements.load(fromByteOffset: second, as: B.self))
      }
    }
  }

  /// `transform` taking an `(A, B, C)` tuple.
  static func triple<Tuple, A, B, C, T>(_ transform: @escaping (A, B, C) -> T) -> (Tuple) -> T {
    let offsets = offsets(of: Tuple.self, [A.self, B.self, C.self])
    let (second, third) = (offsets[1], offsets[2])
    return { tuple in
      withUnsafePointer(to: tuple) { pointer in
        let elements = UnsafeRawPointer(pointer)
        return transform(
          elements.load(as: A.self), elements.load(fromByteOffset: second, as: B.self),
          elements.load(fromByteOffset: third, as: C.self))
      }
    }
  }

  /// `transform` taking an `(A, B, C, D)` tuple.
  static func quadruple<Tuple, A, B, C, D, T>(_ transform: @escaping (A, B, C, D) -> T) -> (Tuple) -> T {
    let offsets = offsets(of: Tuple.self, [A.self, B.self, C.self, D.self])
    let (second, third, fourth) = (offsets[1], offsets[2], offsets[3])
    return { tuple in
      withUnsafePointer(to: tuple) { pointer in
        let elements = UnsafeRawPointer(pointer)
        return transform(
          elements.load(as: A.self), elements.load(fromByteOffset: second, as: B.self),
          elements.load(fromByteOffset: third, as: C.self), elements.load(fromByteOffset: fourth, as: D.self))
      }
    }
  }
}

extension CombiningStorage {
  /// Builds one output into the uninitialised memory it is given.
  typealias Assemble = (CombiningTake, ContiguousArray<CombiningBuffer>, UnsafeMutablePointer<Output>) -> Void

  /// The element offsets of `Output`, a tuple of `types`; checked against its size.
  private static func tupleOffsets(_ types: [any Any.Type]) -> [Int] {
    let layout = CombiningTupleLayout.of(types)
    precondition(MemoryLayout<Output>.size == layout.size, "the output is the tuple of the inputs' values")
    return layout.offsets
  }

  /// An `assemble` making `(A, B)` tuples from inputs 0 and 1. The elements are written at offsets
  /// computed here, once: making the tuple as a value would look its metadata up on every output.
  static func tuple<A, B>(_ a: A.Type, _ b: B.Type) -> Assemble {
    let offsets = tupleOffsets([a, b])
    let second = offsets[1]
    return { take, buffers, output in
      let tuple = UnsafeMutableRawPointer(output)
      buffers.read(take, at: 0, as: A.self, into: tuple)
      buffers.read(take, at: 1, as: B.self, into: tuple + second)
    }
  }

  /// An `assemble` making `(A, B, C)` tuples from inputs 0 to 2 (see ``tuple(_:_:)``).
  static func tuple<A, B, C>(_ a: A.Type, _ b: B.Type, _ c: C.Type) -> Assemble {
    let offsets = tupleOffsets([a, b, c])
    let (second, third) = (offsets[1], offsets[2])
    return { take, buffers, output in
      let tuple = UnsafeMutableRawPointer(output)
      buffers.read(take, at: 0, as: A.self, into: tuple)
      buffers.read(take, at: 1, as: B.self, into: tuple + second)
      buffers.read(take, at: 2, as: C.self, into: tuple + third)
    }
  }

  /// An `assemble` making `(A, B, C, D)` tuples from inputs 0 to 3 (see ``tuple(_:_:)``).
  static func tuple<A, B, C, D>(_ a: A.Type, _ b: B.Type, _ c: C.Type, _ d: D.Type) -> Assemble {
    let offsets = tupleOffsets([a, b, c, d])
    let (second, third, fourth) = (offsets[1], offsets[2], offsets[3])
    return { take, buffers, output in
      let tuple = UnsafeMutableRawPointer(output)
      buffers.read(take, at: 0, as: A.self, into: tuple)
      buffers.read(take, at: 1, as: B.self, into: tuple + second)
      buffers.read(take, at: 2, as: C.self, into: tuple + third)
      buffers.read(take, at: 3, as: D.self, into: tuple + fourth)
    }
  }
}

extension CombiningBuffer {
  /// An empty buffer for values of `type`.
  static func of<Value>(_ type: Value.Type) -> CombiningBuffer {
    CombiningValueBuffer<Value>()
  }
}

extension CombiningStorage {
  /// Subscribes a merge of `attachers` (made with ``mergeAttacher(_:at:)``) for `downstream`.
  static func merge(_ downstream: Downstream, name: String, attachers: [CombiningAttacher]) {
    let buffers = ContiguousArray((0..<attachers.count).map { _ in CombiningBuffer.of(Output.self) })
    CombiningStorage(
      downstream: downstream, strategy: .merge, name: name, buffers: buffers, attachers: attachers,
      assemble: { take, buffers, output in
        guard case .slot(let index) = take else { preconditionFailure("merge makes outputs from one input: \(take)") }
        buffers.read(take, at: index, as: Output.self, into: UnsafeMutableRawPointer(output))
      }
    ).start()
  }
}
