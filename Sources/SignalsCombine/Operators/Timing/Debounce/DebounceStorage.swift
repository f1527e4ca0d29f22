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
  private let state = LockedState.make(DebounceState<Input, Failure>())

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

  var description: String { "Debounce" }

  var customMirror: Mirror {
    let (demand, value) = state.withLock { ($0.machine.demand, $0.machine.currentValue) }
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
    let (generation, previousTimer, displaced) = state.withLock { $0.machine.received(input) }
    withExtendedLifetime(displaced) {}
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
    let (timer, value, step) = state.withLock { state -> ((any Cancellable)?, Input?, DeliveryQueue.Step) in
      switch state.machine.due(generation) {
      case .none:
        return (nil, nil, .none)
      case .cancelTimer(let timer):
        return (timer, nil, .none)
      case .deliver(let value, let timer):
        let step = state.delivery.deliverNow(value, failure: Failure.self, on: thread)
        return (timer, value, step)
      }
    }
    timer?.cancel()
    // Delivered through the one drain loop, so that a value firing on one thread and the
    // completion on another never enter the subscriber at once.
    if let value { state.deliver(step, value: value, to: downstream, demandReturned: addDemand) }
  }

  /// Adds demand the subscriber returned from a delivery.
  private func addDemand(_ additional: Subscribers.Demand) {
    state.withLock { $0.machine.addDemand(additional) }
  }
}

/// A debounce's decisions and the events on their way to its subscriber, behind one lock.
private struct DebounceState<Input, Failure: Error>: DeliveryQueueHolding {
  var machine = DebounceStateMachine<Input>()
  var delivery = DeliveryQueue(.nested)
}

// Safety: the only mutable state is `state`, a `LockedState`; the rest is immutable.
extension DebounceStorage: @unchecked Sendable {}
#endif
