// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// The subscription of ``Publishers/Debounce``: it locks, asks ``DebounceStateMachine``, unlocks,
/// then schedules, delivers or cancels.
final class DebounceStorage<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
{
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private let downstream: Downstream
  private let dueTime: Context.SchedulerTimeType.Stride
  private let scheduler: Context
  private let options: Context.SchedulerOptions?
  private let state = LockedState.make(DebounceState())
  /// The latest value, which the next tick delivers. Guarded by `state`'s lock: read and written
  /// only inside `state.withLock`, released in `deinit`. A slot rather than an optional, so that
  /// the per-value paths look no generic type up (see `ValueSlot`).
  private var currentValue = ValueSlot<Input>()
  /// A copy of the current value on its way out of the lock to the thread that got the delivery
  /// token for it: written under the lock by that thread only, and taken by it right after
  /// unlocking, before it calls the subscriber (so a nested tick on the same thread finds it
  /// empty). Another thread that ticks meanwhile parks its copy in the queue instead.
  private var delivering = ValueSlot<Input>()

  #if DEBUG
  /// Registers this storage with the current leak-check scope, if any (see `LiveObjectScope`).
  private let liveObject = LiveObjectScope.track(DebounceStorage.self)
  #endif

  init(
    downstream: Downstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
    options: Context.SchedulerOptions?
  ) {
    self.downstream = downstream
    self.dueTime = dueTime
    self.scheduler = scheduler
    self.options = options
  }

  deinit {
    currentValue.release()
    delivering.release()
  }

  var description: String { "Debounce" }

  var customMirror: Mirror {
    let (demand, value) = state.withLock { ($0.machine.demand, currentValue.isFilled ? currentValue.value : nil) }
    return Mirror(
      self,
      children: [("downstream", downstream as Any), ("downstreamDemand", demand), ("currentValue", value as Any)])
  }

  var playgroundDescription: Any { description }

  func receive(subscription: any Subscription) {
    switch state.withLock({ $0.machine.receivedSubscription(subscription) }) {
    case .cancelSubscription:
      subscription.cancel()
    case .startDownstreamAndRequestUnlimited:
      downstream.receive(subscription: self)
      subscription.request(.unlimited)
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    // Holds the value displaced by this one, released after unlocking.
    var carried = input
    let (generation, previousTimer) = state.withLock { state in
      let received = state.machine.received()
      if received.generation != nil { _ = currentValue.exchange(&carried) }
      return received
    }
    withExtendedLifetime(carried) {}
    guard let generation else { return .none }
    let due = scheduler.now.advanced(by: dueTime)
    // The timer holds the subscription until it is cancelled, as in Combine.
    let token = scheduler.schedule(
      after: due, interval: dueTime, tolerance: scheduler.minimumTolerance, options: options
    ) {
      self.fire(generation)
    }
    if !state.withLock({ $0.machine.armed(generation, token: token) }) { token.cancel() }
    previousTimer?.cancel()
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let (scheduleCompletion, timer) = state.withLock { $0.machine.completed() }
    timer?.cancel()
    guard scheduleCompletion else { return }
    // Combine schedules the completion without the options.
    scheduler.schedule {
      let thread = ThreadIdentity.current
      let step = self.state.withLock { state in
        state.delivery.deliverNow(completion, input: Input.self, on: thread)
      }
      self.state.deliver(step, completion: completion, to: self.downstream, demandReturned: self.addDemand)
    }
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { $0.machine.addDemand(demand) }
  }

  func cancel() {
    let (upstream, timer, dropped) = state.withLock { state in
      let (upstream, timer) = state.machine.cancelled()
      return (upstream, timer, upstream == nil ? nil : state.delivery.close())
    }
    timer?.cancel()
    upstream?.cancel()
    withExtendedLifetime(dropped) {}
  }

  private func fire(_ generation: UInt64) {
    let thread = ThreadIdentity.current
    var step = DeliveryQueue.Step.none
    let timer = state.withLock { state -> (any Cancellable)? in
      switch state.machine.due(generation) {
      case .none:
        return nil
      case .cancelTimer(let timer):
        return timer
      case .deliver(let timer):
        // The current value stays (only a newer one replaces it): the tick delivers a copy.
        let value = currentValue.value
        step = state.delivery.deliverNow(value, failure: Failure.self, on: thread)
        if step == .deliver || step == .deliverNested { delivering.store(value) }
        return timer
      }
    }
    timer?.cancel()
    guard step == .deliver || step == .deliverNested else { return }
    // Delivered through the one drain loop, so that a value firing on one thread and the
    // completion on another never enter the subscriber at once.
    state.deliver(step, value: delivering.take(), to: downstream, demandReturned: addDemand)
  }

  /// Adds demand the subscriber returned from a delivery.
  private func addDemand(_ additional: Subscribers.Demand) {
    state.withLock { $0.machine.addDemand(additional) }
  }
}

/// A debounce's decisions and the order of the events on their way to its subscriber, behind one
/// lock. Not generic: the values live in the storage's slots.
private struct DebounceState: DeliveryQueueHolding {
  var machine = DebounceStateMachine()
  var delivery = DeliveryQueue(.nested)
}

// Safety: the mutable state is `state`, a `LockedState`; `currentValue`, touched only inside
// `state.withLock`; and `delivering`, written under that lock by the token's holder and taken by
// it before it calls out (see its comment). The rest is immutable.
extension DebounceStorage: @unchecked Sendable {}
#endif
