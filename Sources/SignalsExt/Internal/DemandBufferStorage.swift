// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport

/// The sending side of a ``DemandBufferSubscription``, with the subscriber's type erased: what
/// `Publishers.Create.Subscriber` and `ReplaySubject` hold.
class DemandBuffer<Output, Failure: Error> {
  /// Queues `value`, or delivers it at once if the subscriber is waiting for one.
  func send(_ value: Output) { preconditionFailure("abstract") }

  /// Completes the subscriber once every queued value has been delivered.
  func send(completion: Subscribers.Completion<Failure>) { preconditionFailure("abstract") }
}

// Safety: the base class has no state; the subclass keeps all of its under one lock.
extension DemandBuffer: @unchecked Sendable {}

/// What a ``DemandBufferSubscription``'s lock guards besides its slots. Not generic (a type nested
/// in the generic subscription would be): see ``DemandBufferStateMachine``.
private struct DemandBufferState {
  var machine = DemandBufferStateMachine()
  /// The work to run once when the subscription ends.
  var onEnd: (() -> Void)?
  var hasEnded = false
}

/// One subscriber's lossless subscription: a ``DemandBufferStateMachine`` behind a lock, with the
/// subscriber itself.
///
/// The subscriber is kept under the lock and released (after unlocking) as soon as the
/// subscription ends, by cancel or completion; a delivering thread keeps its own reference for
/// the duration of its call. `onEnd` runs once, outside the lock, when the subscription ends.
final class DemandBufferSubscription<Downstream: Subscriber>: DemandBuffer<
  Downstream.Input, Downstream.Failure
>,
Subscription, CustomStringConvertible, @unchecked Sendable
{
  // Safety: the mutable state is `state`, a `LockedState`, and the fields below it, which are
  // touched only inside `state.withLock` (and in `deinit`); `description` is immutable.
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private let state = LockedState.make(DemandBufferState())
  // Guarded by `state`'s lock, as the machine's decisions say:
  /// The values waiting for demand, oldest first; as many as the machine's `queued`.
  private var queue = ValueQueue<Input>()
  /// The failure the machine decided to complete with.
  private var failure = ValueSlot<Failure>()
  /// The subscriber, until the subscription ends.
  private var target: HeldSubscriber<Downstream>?
  let description: String

  /// Creates the subscription; the creating thread holds the delivery token until ``start()``.
  init(downstream: Downstream, description: String) {
    target = HeldSubscriber(downstream)
    self.description = description
  }

  deinit {
    failure.release()
  }

  /// Hands the subscriber its subscription, then delivers whatever it asked for meanwhile.
  func start() {
    guard let target = state.withLock({ _ in target }) else { return }
    target.downstream.receive(subscription: self)
    deliver(state.withLock { $0.machine.finishDelivery(adding: .none) }, to: target)
  }

  /// Puts `values` (then `completion`) ahead of anything sent so far; call before ``start()``.
  func preload(_ values: [Input], completion: Subscribers.Completion<Failure>?) {
    state.withLock { state in
      if !values.isEmpty {
        let live = queue.removeAll().lazy.compactMap { $0 }
        queue = ValueQueue(values + live)
      }
      var ending: DemandBufferStateMachine.Ending?
      switch completion {
      case nil: ending = nil
      case .finished: ending = .finished
      case .failure(let error):
        failure.store(error)
        ending = .failure
      }
      state.machine.preload(values.count, ending: ending)
    }
  }

  /// Whether the subscription has ended (cancelled or completed).
  var hasEnded: Bool { state.withLock { $0.hasEnded } }

  /// Sets the work to run when the subscription ends; runs it at once if it already has.
  func onEnd(_ work: @escaping () -> Void) {
    let runNow = state.withLock { state -> Bool in
      guard !state.hasEnded else { return true }
      state.onEnd = work
      return false
    }
    if runNow { work() }
  }

  override func send(_ value: Input) {
    var delivering: HeldSubscriber<Downstream>?
    let decision = state.withLock { state in
      let decision = state.machine.send()
      switch decision {
      case .deliver: delivering = target
      case .queue: enqueue(value)
      case .drop: break
      }
      return decision
    }
    // A dropped value is released here, after unlocking, with the caller's.
    guard decision == .deliver, let delivering else { return }
    let additional = delivering.downstream.receive(value)
    deliver(state.withLock { $0.machine.finishDelivery(adding: additional) }, to: delivering)
  }

  override func send(completion: Subscribers.Completion<Failure>) {
    let ending: DemandBufferStateMachine.Ending
    if case .failure = completion { ending = .failure } else { ending = .finished }
    var delivering: HeldSubscriber<Downstream>?
    let delivery = state.withLock { state -> DemandBufferStateMachine.Delivery in
      guard let delivery = state.machine.complete(ending) else { return .none }
      if case .failure(let error) = completion { failure.store(error) }
      delivering = target
      return delivery
    }
    if let delivering { deliver(delivery, to: delivering) }
  }

  func request(_ demand: Subscribers.Demand) {
    var delivering: HeldSubscriber<Downstream>?
    let delivery = state.withLock { state in
      let delivery = state.machine.request(demand)
      if delivery != .none { delivering = target }
      return delivery
    }
    if let delivering { deliver(delivery, to: delivering) }
  }

  func cancel() {
    cancelAndRelease()
  }

  /// Delivers for as long as the machine hands work to this caller, the token holder.
  private func deliver(_ first: DemandBufferStateMachine.Delivery, to delivering: HeldSubscriber<Downstream>) {
    var delivery = first
    while true {
      switch delivery {
      case .none:
        return
      case .deliverQueued:
        let additional = deliverQueued(to: delivering)
        delivery = state.withLock { $0.machine.finishDelivery(adding: additional) }
      case .complete(let ending):
        complete(ending, to: delivering)
        return
      }
    }
  }

  // MARK: Rare paths (each names a generic type, so none is inlined into the per-value path)

  /// Under the lock: `value` waits for demand.
  @inline(never)
  private func enqueue(_ value: Input) {
    queue.append(value)
  }

  /// The token holder takes the oldest queued value and delivers it; returns the subscriber's demand.
  @inline(never)
  private func deliverQueued(to delivering: HeldSubscriber<Downstream>) -> Subscribers.Demand {
    guard let value = state.withLock({ _ in queue.popFirst() }) else { return .none }
    return delivering.downstream.receive(value)
  }

  /// The token holder delivers the completion, then ends the subscription.
  @inline(never)
  private func complete(_ ending: DemandBufferStateMachine.Ending, to delivering: HeldSubscriber<Downstream>) {
    switch ending {
    case .finished:
      delivering.downstream.receive(completion: .finished)
    case .failure:
      let error = state.withLock { _ in failure.take() }
      delivering.downstream.receive(completion: .failure(error))
    }
    let (onEnd, released) = state.withLock { state in takeEnding(&state) }
    onEnd?()
    withExtendedLifetime(released) {}
  }

  /// The subscriber cancelled: ends the subscription and releases what waited, after unlocking.
  @inline(never)
  private func cancelAndRelease() {
    let ended = state.withLock {
      state -> (dropped: ContiguousArray<Input?>, onEnd: (() -> Void)?, target: AnyObject?)? in
      guard state.machine.cancel() else { return nil }
      let (onEnd, released) = takeEnding(&state)
      return (queue.removeAll(), onEnd, released)
    }
    guard let ended else { return }
    ended.onEnd?()
    // The queued values and the subscriber are released here, after unlocking.
    withExtendedLifetime(ended) {}
  }

  /// Under the lock: marks the subscription ended and takes the end work and the subscriber out.
  private func takeEnding(_ state: inout DemandBufferState) -> (onEnd: (() -> Void)?, target: AnyObject?) {
    state.hasEnded = true
    defer {
      target = nil
      state.onEnd = nil
    }
    return (state.onEnd, target)
  }
}
