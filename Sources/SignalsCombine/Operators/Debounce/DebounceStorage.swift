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
  private let machine = LockedState.make(DebounceStateMachine<Downstream.Input>())

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
    let (demand, value) = machine.withLock { ($0.demand, $0.currentValue) }
    return Mirror(
      self,
      children: [("downstream", downstream as Any), ("downstreamDemand", demand), ("currentValue", value as Any)])
  }

  var playgroundDescription: Any { description }

  func receive(subscription: any Subscription) {
    switch machine.withLock({ $0.receivedSubscription(subscription) }) {
    case .cancelSubscription:
      subscription.cancel()
    case .startDownstreamAndRequestUnlimited:
      downstream.receive(subscription: self)
      subscription.request(.unlimited)
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let (generation, previousTimer, displaced) = machine.withLock { $0.received(input) }
    withExtendedLifetime(displaced) {}
    guard let generation else { return .none }
    let due = scheduler.now.advanced(by: dueTime)
    // The timer holds the subscription until it is cancelled, as in Combine.
    let token = scheduler.schedule(
      after: due, interval: dueTime, tolerance: scheduler.minimumTolerance, options: options
    ) {
      self.fire(generation)
    }
    if !machine.withLock({ $0.armed(generation, token: token) }) { token.cancel() }
    previousTimer?.cancel()
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let (scheduleCompletion, timer) = machine.withLock { $0.completed() }
    timer?.cancel()
    guard scheduleCompletion else { return }
    // Combine schedules the completion without the options.
    scheduler.schedule {
      self.downstream.receive(completion: completion)
    }
  }

  func request(_ demand: Subscribers.Demand) {
    machine.withLock { $0.addDemand(demand) }
  }

  func cancel() {
    let (upstream, timer) = machine.withLock { $0.cancelled() }
    timer?.cancel()
    upstream?.cancel()
  }

  private func fire(_ generation: UInt64) {
    switch machine.withLock({ $0.due(generation) }) {
    case .none:
      return
    case .cancelTimer(let timer):
      timer?.cancel()
    case .deliver(let value, let timer):
      timer?.cancel()
      let additional = downstream.receive(value)
      machine.withLock { $0.addDemand(additional) }
    }
  }
}

// Safety: the only mutable state is `machine`, a `LockedState`; the rest is immutable.
extension DebounceStorage: @unchecked Sendable {}
#endif
