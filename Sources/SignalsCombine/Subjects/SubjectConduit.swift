// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// What the common case of `SubjectConduit.finishDelivery(additionalDemand:)` did. Not nested in
/// the generic conduit, which would make it generic too (Internals, rule 9).
private enum ConduitIdleFinish {
  /// Something waits: the generic path delivers it.
  case busy
  /// The token went back; the conduit, if it was retired meanwhile.
  case finished(AnySubjectConduit?)
}

/// Where a conduit stands as it is attached (``SubjectConduit/init(storage:owner:start:)``).
enum ConduitStart {
  /// The calling thread holds the token while it hands the subscriber its subscription
  /// (``SubjectStorage/attach(_:)``).
  case subscribing
  /// Already asking for unlimited values, holding no token: a `sink` on a subject that does not
  /// replay.
  case askingForEverything
  /// Delivered to without the token (``AnySubjectConduit/deliversWithoutToken``): a stream's
  /// continuation on a subject that does not replay.
  case withoutToken
}

/// One subscriber's subscription to a subject.
///
/// `machine` and `slot` are guarded by the storage's lock. The subscriber reference lives in the
/// generic subclass and belongs to the delivery token (see ``ConduitStateMachine``): only the
/// thread holding the token calls or releases it, so reading it needs no lock.
///
/// Its mutable fields are `@exclusivity(unchecked)`: the lock or the token already makes every
/// access exclusive, and the run-time check would cost more than the send fast path's own work.
class SubjectConduit<Output, Failure: Error>: AnySubjectConduit, Subscription, ContractKeepingSubscription,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
{
  let storage: SubjectStorage<Output, Failure>
  /// The public subject's type, for ``description``.
  private let ownerType: AnyObject.Type
  /// The public subject: a live subscription keeps its subject alive, as in Combine. Owned by the
  /// delivery token and released with the subscriber, so a cancelled subscription (kept by an
  /// `AnyCancellable`, say) no longer holds the subject.
  private final var owner: AnyObject?
  /// Guarded by `storage.state`'s lock. Last, so the fields above sit at fixed offsets whatever
  /// `Output` and `Failure` are.
  @exclusivity(unchecked) final var machine: ConduitStateMachine<Output, Failure>

  /// A conduit about to be attached, in the state `start` names. The machine is made here, once: a
  /// second one assigned later would cost a run-time metadata lookup per subscription.
  init(storage: SubjectStorage<Output, Failure>, owner: AnyObject, start: ConduitStart) {
    self.storage = storage
    self.owner = owner
    ownerType = type(of: owner)
    switch start {
    case .subscribing:
      machine = ConduitStateMachine(subscribingOn: .current, owesCurrentValue: storage.replaysCurrentValue)
    case .askingForEverything:
      machine = ConduitStateMachine(unlimitedDemand: ())
    case .withoutToken:
      machine = ConduitStateMachine(deliveringWithoutToken: ())
    }
    super.init(deliversWithoutToken: start == .withoutToken)
  }

  static func make<S: Subscriber>(_ subscriber: S, storage: SubjectStorage<Output, Failure>, owner: AnyObject)
    -> SubjectConduit<Output, Failure>
  where S.Input == Output, S.Failure == Failure {
    SubscriberConduit(subscriber, storage: storage, owner: owner)
  }

  /// The subject's name without its generic arguments ("PassthroughSubject"), as Combine names a
  /// subject's subscription in `print()` and the debugger.
  var description: String { String(String(describing: ownerType).prefix { $0 != "<" }) }

  /// Combine's children: the subject (`parent`, and again `subject`), the subscriber and the
  /// demand left, with `nil` for the first three once the subscription has ended. (An
  /// `ObservableObjectPublisher`'s subscription shows only the subscriber, as in Combine.)
  ///
  /// The subject and the subscriber are owned by the delivery token and released only after the
  /// machine, under the lock, has ended; read under the lock while it has not, they are still
  /// there.
  var customMirror: Mirror {
    let (demand, subject, subscriber) = storage.state.withLock { _ -> (Subscribers.Demand, Any?, Any?) in
      guard !machine.isTerminated else { return (machine.demand, nil, nil) }
      return (machine.demand, owner, reflectedSubscriber)
    }
    if storage.treatsAnyDemandAsUnlimited {
      return Mirror(self, children: ["downstream": subscriber as Any])
    }
    let children: [Mirror.Child] = [
      ("parent", subject as Any), ("downstream", subscriber as Any), ("demand", demand), ("subject", subject as Any),
    ]
    return Mirror(self, children: children)
  }

  /// The subscriber, for the mirror; `nil` once released. Read under the storage's lock while the
  /// machine has not ended (see ``customMirror``).
  var reflectedSubscriber: Any? { nil }

  /// The description, for playgrounds.
  var playgroundDescription: Any { description }

  // MARK: Calls to the subscriber; the caller holds the delivery token.

  func deliverSubscription() { preconditionFailure("abstract") }
  func deliver(_ value: Output) -> Subscribers.Demand { preconditionFailure("abstract") }
  func deliver(completion: Subscribers.Completion<Failure>) { preconditionFailure("abstract") }
  /// Drops the reference to the subscriber (or its closures).
  func releaseDownstream() { preconditionFailure("abstract") }

  /// Releases the subscriber and the subject, after unlocking: their `deinit`s may run user code.
  final func releaseSubscriber() {
    releaseDownstream()
    owner = nil
  }

  // MARK: Events

  /// Settles the delivery token's loan (`TokenLoan` rule 1); the first thing every access to
  /// `machine` under the storage's lock does, so that none reads a holder who already gave the
  /// token back and none changes a lent token without its holder finishing under the lock.
  @inline(__always)
  final func settleLoan() {
    TokenLoan.prepare(&machine.token.delivery, in: self)
  }

  /// A nested delivery (made inside the holder's own) returned `additionalDemand`.
  private final func finishNestedDelivery(additionalDemand: Subscribers.Demand) {
    storage.state.withLock { _ in
      settleLoan()
      machine.finishNestedDelivery(additionalDemand: additionalDemand)
    }
  }

  final func offer(_ value: Output, generation: UInt64, on thread: ThreadIdentity) {
    let replays = storage.replaysCurrentValue
    let action = storage.state.withLock { _ in
      settleLoan()
      return machine.offer(value, generation: generation, on: thread, replaysCurrentValue: replays)
    }
    switch action {
    case .drop:
      return
    case .deliver:
      finishDelivery(additionalDemand: deliver(value))
    case .deliverNested:
      let additional = deliver(value)
      finishNestedDelivery(additionalDemand: additional)
    }
  }

  /// The holder of a lent token gives it back after its delivery: with one compare-exchange when
  /// nothing was asked of it meanwhile, otherwise under the lock (``finishDelivery(additionalDemand:)``).
  ///
  /// - Returns: As ``finishDelivery(additionalDemand:)``: this conduit if it was retired meanwhile,
  ///   for the caller to let go of after this method returns.
  @inline(__always)
  final func giveBackLentToken() -> AnySubjectConduit? {
    TokenLoan.giveBack(in: self) ? nil : finishDelivery(additionalDemand: .none)
  }

  /// Gives the token back, first delivering whatever queued up while it was held.
  ///
  /// - Returns: This conduit, if the subject retired it while a loan of its token was outstanding
  ///   (see `SubjectStorage.State.retired`): the caller, who may hold no reference of its own,
  ///   lets go of it after this method returns.
  @discardableResult
  final func finishDelivery(additionalDemand: Subscribers.Demand) -> AnySubjectConduit? {
    // The common case first, with no generic type: nothing waits, so the token goes back with
    // the demand the subscriber returned (a subscriber that asks for values one at a time).
    let idle = storage.state.withLock { state -> ConduitIdleFinish in
      settleLoan()
      guard machine.token.finishIfIdle(adding: additionalDemand) else { return .busy }
      // The delivery ends here: a loan told to finish is over, and a retired conduit is let go.
      guard TokenLoan.finishedUnderLock(in: self) else { return .finished(nil) }
      return .finished(unretire(&state))
    }
    if case .finished(let retired) = idle { return retired }
    var additional = additionalDemand
    while true {
      let (action, retired) = storage.state.withLock {
        state -> (ConduitStateMachine<Output, Failure>.FinishAction, AnySubjectConduit?) in
        settleLoan()
        let action = machine.finishDelivery(
          additionalDemand: additional, currentValue: storage.currentValueUnderLock, currentGeneration: state.generation
        )
        if case .deliver = action { return (action, nil) }
        // The delivery ends here: a loan told to finish is over, and a retired conduit is let go.
        guard TokenLoan.finishedUnderLock(in: self) else { return (action, nil) }
        return (action, SubjectStorage<Output, Failure>.unretire(self, in: &state))
      }
      switch action {
      case .none:
        return retired
      case .deliver(let value):
        additional = deliver(value)
      case .complete(let completion):
        deliver(completion: completion)
        releaseSubscriber()
        return retired
      case .release:
        releaseSubscriber()
        return retired
      }
    }
  }

  /// Under the lock: lets go of this conduit if the subject retired it (see
  /// ``finishDelivery(additionalDemand:)``). Never inlined: it names the generic storage type.
  @inline(never)
  private final func unretire(_ state: inout SubjectStorage<Output, Failure>.State) -> AnySubjectConduit? {
    SubjectStorage<Output, Failure>.unretire(self, in: &state)
  }

  final func complete(_ completion: Subscribers.Completion<Failure>, on thread: ThreadIdentity) {
    let action = storage.state.withLock { _ in
      settleLoan()
      return machine.complete(completion, on: thread)
    }
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
    // An `ObservableObjectPublisher`'s subscriber gets every value once it asked for any.
    let demand = storage.treatsAnyDemandAsUnlimited ? .unlimited : demand
    precondition(demand > 0, "Subscription.request(\(demand)): demand must be greater than zero")
    let thread = ThreadIdentity.current
    let (action, upstreams) = storage.state.withLock { state in
      settleLoan()
      let action = machine.request(
        demand, on: thread, currentValue: storage.currentValueUnderLock, currentGeneration: state.generation)
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
      finishNestedDelivery(additionalDemand: additional)
    }
  }

  final func cancel() {
    let thread = ThreadIdentity.current
    // The token's own `cancel`, on the non-generic part of the machine: the cancel path then needs
    // no run-time metadata. A completion the machine may hold is dropped by the token holder.
    let action = storage.state.withLock { state in
      let removed = AnySubjectConduit.remove(self, from: &state.conduits)
      settleLoan()
      if removed { SubjectStorage.retireIfLent(self, in: &state) }
      return machine.token.cancel(on: thread)
    }
    switch action {
    case .none: return
    case .release: releaseSubscriber()
    case .stopsCallersDelivery: deliveryStopped = true
    }
  }
}

/// The conduit for a concrete subscriber type.
///
/// The subscriber sits in an ``InPlaceBox``, so a delivery calls it in place. Kept as an
/// `Optional<Downstream>` here, each call would copy the generic value out (a retain and release,
/// and three value-witness calls, on every value).
private final class SubscriberConduit<Downstream: Subscriber>: SubjectConduit<Downstream.Input, Downstream.Failure>,
  @unchecked Sendable
{
  // Safety: `box` and `releaseHook` are owned by the delivery token (see `SubjectConduit`): only
  // its holder calls the subscriber, sets the hook or releases them, so no call is running when
  // they are released.
  /// Owned by the delivery token; empty once released.
  @exclusivity(unchecked) private var box: InPlaceBox<Downstream>
  /// Told when the subscriber is released (see ``ConduitReleaseHook``). Owned by the delivery
  /// token: set by its holder in ``adoptReleaseHook(_:)``, taken by its holder on release.
  @exclusivity(unchecked) private var releaseHook: (any ConduitReleaseHook)?

  init(_ downstream: Downstream, storage: SubjectStorage<Downstream.Input, Downstream.Failure>, owner: AnyObject) {
    box = InPlaceBox(downstream)
    super.init(storage: storage, owner: owner, start: .subscribing)
  }

  deinit {
    box.release()
    releaseHook?.conduitReleasedSubscriber()
  }

  override func adoptReleaseHook(_ hook: any ConduitReleaseHook) -> Bool {
    let thread = ThreadIdentity.current
    let holds = storage.state.withLock { _ in
      settleLoan()
      return machine.token.delivery.isHeld(by: thread) && !machine.isTerminated
    }
    guard holds else { return false }
    releaseHook = hook
    return true
  }

  override var reflectedSubscriber: Any? {
    box.withValue { $0 as Any }
  }

  override func deliverSubscription() {
    box.withValue { $0.receive(subscription: self) }
  }

  override func deliver(_ value: Downstream.Input) -> Subscribers.Demand {
    box.withValue { $0.receive(value) } ?? .none
  }

  override func deliver(completion: Subscribers.Completion<Downstream.Failure>) {
    box.withValue { $0.receive(completion: completion) }
  }

  override func releaseDownstream() {
    box.release()
    let hook = releaseHook
    releaseHook = nil
    hook?.conduitReleasedSubscriber()
  }
}

/// A subscriber fed by a subject's conduit that keeps state only the delivery token may release: a
/// `Subscribers.Sink` whose subscription is the conduit calls its closures with no lock of its
/// own, and lets them go only when the conduit, through the token's holder, releases its
/// subscriber (see `Subscribers.Sink.receive(subscription:)`).
protocol ConduitReleaseHook: AnyObject {
  /// The conduit released its subscriber: no call to it is running, and none will be made.
  func conduitReleasedSubscriber()
}

// Safety: every mutable field is guarded by the storage's lock (`machine`, `slot`) or owned by the
// delivery token that lock hands out (`owner`, `deliveryStopped` and the subscriber); see
// `ConduitStateMachine`.
extension SubjectConduit: @unchecked Sendable {}
#endif
