// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// The shared engine of ``PassthroughSubject`` and ``CurrentValueSubject``: the subscriber list,
/// the completion, the upstream subscriptions and, for `CurrentValueSubject`, the current value,
/// all behind one lock.
///
/// Each subscriber is attached through a ``SubjectConduit``, whose ``ConduitStateMachine`` is
/// guarded by this same lock, so one lock round trip decides what a `send` does.
///
/// - Sending allocates nothing: the subscriber array is retained (copy-on-write) and walked after
///   unlocking; a send whose every token is lent (one or two subscribers) retains nothing.
/// - Removing a subscriber is O(1): each conduit knows its slot, and the last conduit moves into
///   the hole.
final class SubjectStorage<Output, Failure: Error> {
  struct State {
    // Fields whose layout does not depend on `Output` and `Failure` come first: the send path runs
    // as unspecialised generic code in the client and reads them at fixed offsets, with no run-time
    // metadata lookup (see `ConduitStateMachine`).

    /// The live subscribers; `conduits[i].slot == i`. Each is a `SubjectConduit<Output, Failure>`
    /// (see ``conduit(_:)``); the list holds the non-generic base so that walking it needs no
    /// run-time metadata.
    var conduits: ContiguousArray<AnySubjectConduit> = []
    /// Conduits taken off `conduits` (cancelled, or completed by `send(completion:)`) while a
    /// send that holds no reference to them delivers on a lent token (see ``send(_:storingAfterCompletion:)``):
    /// kept alive here until that sender finishes under the lock (`TokenLoan` rule 4), which
    /// hands the reference back to be released after unlocking.
    var retired: ContiguousArray<AnySubjectConduit> = []
    /// How many values were sent: the generation of `currentValue`, which lets a conduit tell a
    /// value it already received as the current value from the same value offered late.
    var generation: UInt64 = 0
    /// Whether `completion` is set.
    var isCompleted = false
    /// Whether any subscriber has asked for values yet; upstreams are asked for unlimited values
    /// from then on.
    var hasDownstreamDemand = false
    /// Subscriptions to publishers feeding this subject (`subscribe(subject)`), cancelled on deinit.
    var upstreams: ContiguousArray<any Subscription> = []
    /// Set once by `send(completion:)`; later subscribers receive it at once.
    var completion: Subscribers.Completion<Failure>?
  }

  let state: LockedState<State>
  /// `CurrentValueSubject` semantics: subscribers start with the current value, and one that
  /// missed values for lack of demand gets the latest value with its next `request(_:)`.
  let replaysCurrentValue: Bool
  /// The latest value (`CurrentValueSubject` only; no slot otherwise), read and written only while
  /// holding `state`'s lock. A slot rather than a field of `State`: replacing the value on every
  /// send is then a plain assignment, with no run-time metadata lookup.
  let latest: CurrentValueSlot<Output>

  /// `ObservableObjectPublisher` semantics: as in Combine, a subscriber's first request, whatever
  /// it asks for, opens it to every value sent from then on.
  let treatsAnyDemandAsUnlimited: Bool

  /// A storage for a subject that replays `currentValue` (when not `nil`), or, with
  /// `treatsAnyDemandAsUnlimited`, for an `ObservableObjectPublisher`.
  init(currentValue: Output?, treatsAnyDemandAsUnlimited: Bool = false) {
    var initial = State()
    // As in Combine, a `CurrentValueSubject` asks its upstreams for unlimited values at once, so
    // its value stays current with no subscriber.
    initial.hasDownstreamDemand = currentValue != nil
    state = .make(initial)
    self.treatsAnyDemandAsUnlimited = treatsAnyDemandAsUnlimited
    replaysCurrentValue = currentValue != nil
    latest = CurrentValueSlot(currentValue)
  }

  deinit {
    latest.release()
  }

  /// The latest value (`CurrentValueSubject` only); call with the lock held.
  var currentValueUnderLock: Output? { latest.value }

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
    state.withLock { _ in latest.value! }
  }

  func subscribe<S: Subscriber>(_ subscriber: S, owner: AnyObject) where S.Input == Output, S.Failure == Failure {
    let conduit = SubjectConduit<Output, Failure>.make(subscriber, storage: self, owner: owner)
    if let completion = attach(conduit) {
      subscriber.receive(subscription: Subscriptions.empty)
      subscriber.receive(completion: completion)
      return
    }
    conduit.deliverSubscription()
    conduit.finishDelivery(additionalDemand: .none)
  }

  /// `sink` on a subject: the closures live in the conduit itself, which asks for unlimited values,
  /// so no `Subscribers.Sink` (and no lock of its own) sits between the subject and the closures.
  func attachSink(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void,
    owner: AnyObject
  ) -> AnyCancellable {
    let conduit = SinkConduit(
      receiveValue: receiveValue, receiveCompletion: receiveCompletion, storage: self, owner: owner)
    if !replaysCurrentValue {
      attachAskingForEverything(conduit)
    } else {
      attachReplaying(conduit)
    }
    return AnyCancellable(idempotent: conduit)
  }

  /// Attaches a conduit made with unlimited demand and no token (a `sink`, or a `stream()` on a
  /// subject that does not replay): attaching, asking for unlimited values and giving the token back
  /// come down to adding the conduit, in one lock round trip. (A send racing this subscription may
  /// now reach it; either order is one Combine allows.)
  func attachAskingForEverything(_ conduit: SubjectConduit<Output, Failure>) {
    var upstreams: ContiguousArray<any Subscription> = []
    let completed = state.withLock { state -> Bool in
      if state.isCompleted { return true }
      Self.add(conduit, to: &state)
      upstreams = Self.noteDemand(in: &state)
      return false
    }
    for upstream in upstreams { upstream.request(.unlimited) }
    if completed { deliverCompletion(to: conduit) }
  }

  /// Attaches a sink's conduit to a subject that replays its current value. (Out of line: the
  /// metadata of the completion `attach(_:)` may return is then looked up only on this path.)
  @inline(never)
  private func attachReplaying(_ conduit: SinkConduit<Output, Failure>) {
    if let completion = attach(conduit) {
      conduit.deliver(completion: completion)
      conduit.releaseSubscriber()
    } else {
      conduit.deliverSubscription()
      conduit.finishDelivery(additionalDemand: .none)
    }
  }

  /// Completes a conduit that found the subject completed as it subscribed. (Out of line: the
  /// metadata the completion needs is then looked up only on this rare path.)
  @inline(never)
  private func deliverCompletion(to conduit: SubjectConduit<Output, Failure>) {
    guard let completion = state.withLock({ $0.completion }) else { return }
    conduit.deliver(completion: completion)
    conduit.releaseSubscriber()
  }

  /// Adds `conduit` to the list with the calling thread holding its token; returns the completion
  /// instead when the subject has already completed.
  private func attach(_ conduit: SubjectConduit<Output, Failure>) -> Subscribers.Completion<Failure>? {
    state.withLock { state -> Subscribers.Completion<Failure>? in
      if state.isCompleted { return state.completion }
      Self.add(conduit, to: &state)
      return nil
    }
  }

  /// Appends `conduit` to the list; call with the lock held. When the list grows past
  /// `SendBatch.lendingLimit`, the loans of the conduits already there are settled (`TokenLoan`):
  /// sends lend tokens only to short lists, so a long one then has no loan outstanding, and its
  /// sends skip settling.
  private static func add(_ conduit: SubjectConduit<Output, Failure>, to state: inout State) {
    conduit.slot = Int32(state.conduits.count)
    state.conduits.append(conduit)
    guard state.conduits.count == SendBatch.lendingLimit + 1 else { return }
    for index in 0..<SendBatch.lendingLimit {
      Self.conduit(state.conduits[index]).settleLoan()
    }
  }

  func send(completion: Subscribers.Completion<Failure>) {
    let conduits = state.withLock { state -> ContiguousArray<AnySubjectConduit>? in
      guard !state.isCompleted else { return nil }
      state.completion = completion
      state.isCompleted = true
      defer { state.conduits = [] }
      for conduit in state.conduits {
        conduit.slot = -1
        Self.conduit(conduit).settleLoan()
        Self.retireIfLent(conduit, in: &state)
      }
      return state.conduits
    }
    guard let conduits else { return }
    let thread = ThreadIdentity.current
    for conduit in conduits {
      Self.conduit(conduit).complete(completion, on: thread)
    }
  }

  func send(subscription: any Subscription) {
    let action = state.withLock { state -> UpstreamAction in
      if state.isCompleted { return .cancel }
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

  /// A conduit of this subject's list, as its generic type.
  @inline(__always)
  static func conduit(_ conduit: AnySubjectConduit) -> SubjectConduit<Output, Failure> {
    // Every conduit in the list was made by this storage. (A checked cast would look up the
    // generic class's metadata at run time, on every subscriber of every send.)
    BorrowedElements.uncheckedCast(conduit, to: SubjectConduit<Output, Failure>.self)
  }

  /// Keeps `conduit`, just taken off the list, alive while a loan of its token is outstanding: the
  /// send that holds it may have no reference of its own. Call with the lock held, after settling
  /// the conduit's loan.
  @inline(__always)
  static func retireIfLent(_ conduit: AnySubjectConduit, in state: inout State) {
    if TokenLoan.isOutstanding(in: conduit) { state.retired.append(conduit) }
  }

  /// Takes `conduit` off the retired list, if it is there, and returns it, to be released after
  /// unlocking. Call with the lock held, when its loan is over.
  static func unretire(_ conduit: AnySubjectConduit, in state: inout State) -> AnySubjectConduit? {
    guard let index = state.retired.firstIndex(where: { $0 === conduit }) else { return nil }
    return state.retired.remove(at: index)
  }

  /// Records that a subscriber asked for values; returns the upstreams to ask for unlimited
  /// values the first time. Call with the lock held.
  static func noteDemand(in state: inout State) -> ContiguousArray<any Subscription> {
    guard !state.hasDownstreamDemand else { return [] }
    state.hasDownstreamDemand = true
    return state.upstreams
  }
}

// Safety: the mutable state is `state`, a `LockedState`, and the current value in `latest`,
// which is read and written only while holding `state`'s lock (`send`, `currentValue`, and
// `currentValueUnderLock`, whose callers hold it), or by `init` and `deinit`, which no other thread
// can overlap. Every other stored property is a `let`.
extension SubjectStorage: @unchecked Sendable {}
#endif
