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

// Safety: the base class has no state; the subclass keeps all of its in one `LockedState`.
extension DemandBuffer: @unchecked Sendable {}

/// One subscriber's lossless subscription: a ``DemandBufferStateMachine`` behind a lock, with the
/// subscriber itself.
///
/// The subscriber is kept in the locked state and released (after unlocking) as soon as the
/// subscription ends, by cancel or completion; a delivering thread keeps its own reference for
/// the duration of its call. `onEnd` runs once, outside the lock, when the subscription ends.
final class DemandBufferSubscription<Downstream: Subscriber>: DemandBuffer<
  Downstream.Input, Downstream.Failure
>,
Subscription, CustomStringConvertible, @unchecked Sendable
{
  // Safety: all mutable state is in `state`, a `LockedState`; `description` is immutable.
  private typealias Machine = DemandBufferStateMachine<Downstream.Input, Downstream.Failure>

  private struct State {
    var machine: Machine
    var downstream: Downstream?
    var onEnd: (() -> Void)?
    var hasEnded = false
  }

  private let state: LockedState<State>
  let description: String

  /// Creates the subscription; the creating thread holds the delivery token until ``start()``.
  init(downstream: Downstream, description: String) {
    state = .make(State(machine: Machine(), downstream: downstream))
    self.description = description
  }

  /// Hands the subscriber its subscription, then delivers whatever it asked for meanwhile.
  func start() {
    let downstream = state.withLock { $0.downstream }
    downstream?.receive(subscription: self)
    finishDelivery(adding: .none)
  }

  /// Puts `values` (then `completion`) ahead of anything sent so far; call before ``start()``.
  func preload(_ values: [Downstream.Input], completion: Subscribers.Completion<Downstream.Failure>?) {
    state.withLock { $0.machine.preload(values, completion: completion) }
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

  override func send(_ value: Downstream.Input) {
    let (action, downstream) = state.withLock { state -> (Step, Downstream?) in
      switch state.machine.send(value) {
      case .queued: (.none, nil)
      case .drop(let value): (.drop(value), nil)
      case .deliver(let value): (.deliver(value), state.downstream)
      }
    }
    perform(action, downstream)
  }

  override func send(completion: Subscribers.Completion<Downstream.Failure>) {
    let (action, downstream) = state.withLock { state in
      (Step(state.machine.complete(completion)), state.downstream)
    }
    perform(action, downstream)
  }

  func request(_ demand: Subscribers.Demand) {
    let (action, downstream) = state.withLock { state in
      (Step(state.machine.request(demand)), state.downstream)
    }
    perform(action, downstream)
  }

  func cancel() {
    let ended = state.withLock { state -> (dropped: ContiguousArray<Downstream.Input?>, ending: Ending)? in
      guard let dropped = state.machine.cancel() else { return nil }
      return (dropped, takeEnding(&state))
    }
    guard let ended else { return }
    ended.ending.onEnd?()
    // The queued values and the subscriber are released here, after unlocking.
    withExtendedLifetime(ended) {}
  }

  private func finishDelivery(adding demand: Subscribers.Demand) {
    let (action, downstream) = state.withLock { state in
      (Step(state.machine.finishDelivery(adding: demand)), state.downstream)
    }
    perform(action, downstream)
  }

  /// Delivers for as long as the machine hands work to the token holder.
  private func perform(_ first: Step, _ downstream: Downstream?) {
    var step = first
    while true {
      switch step {
      case .none:
        return
      case .drop(let value):
        withExtendedLifetime(value) {}
        return
      case .deliver(let value):
        let additional = downstream?.receive(value) ?? .none
        step = state.withLock { Step($0.machine.finishDelivery(adding: additional)) }
      case .complete(let completion):
        downstream?.receive(completion: completion)
        let ending = state.withLock { takeEnding(&$0) }
        ending.onEnd?()
        withExtendedLifetime(ending) {}
        return
      }
    }
  }

  /// What the subscriber and end work were when the subscription ended.
  private struct Ending {
    var downstream: Downstream?
    var onEnd: (() -> Void)?
  }

  /// Marks the subscription ended and takes the subscriber and the end work out of the state.
  private func takeEnding(_ state: inout State) -> Ending {
    state.hasEnded = true
    defer {
      state.downstream = nil
      state.onEnd = nil
    }
    return Ending(downstream: state.downstream, onEnd: state.onEnd)
  }

  /// One thing for the calling thread to do.
  private enum Step {
    case none
    case drop(Downstream.Input)
    case deliver(Downstream.Input)
    case complete(Subscribers.Completion<Downstream.Failure>)

    init(_ action: Machine.DeliveryAction) {
      switch action {
      case .none: self = .none
      case .deliver(let value): self = .deliver(value)
      case .complete(let completion): self = .complete(completion)
      }
    }
  }
}
