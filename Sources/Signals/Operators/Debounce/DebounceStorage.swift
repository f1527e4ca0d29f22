// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The subscription of ``Publishers/Debounce``: it locks, asks ``DebounceStateMachine``, unlocks,
/// then schedules, delivers or cancels.
final class DebounceStorage<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription,
  CustomStringConvertible
{
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private let downstream: Downstream
  private let dueTime: Context.SchedulerTimeType.Stride
  private let scheduler: Context
  private let options: Context.SchedulerOptions?
  private let machine = LockedState.make(DebounceStateMachine<Downstream.Input>())

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
    let (generation, displaced) = machine.withLock { $0.received(input) }
    withExtendedLifetime(displaced) {}
    guard let generation else { return .none }
    let due = scheduler.now.advanced(by: dueTime)
    scheduler.schedule(after: due, tolerance: scheduler.minimumTolerance, options: options) { [weak self] in
      self?.fire(generation)
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let (scheduleCompletion, dropped) = machine.withLock { $0.completed() }
    withExtendedLifetime(dropped) {}
    guard scheduleCompletion else { return }
    scheduler.schedule(options: options) {
      if self.machine.withLock({ $0.completionDue() }) {
        self.downstream.receive(completion: completion)
      }
    }
  }

  func request(_ demand: Subscribers.Demand) {
    machine.withLock { $0.addDemand(demand) }
  }

  func cancel() {
    let (upstream, dropped) = machine.withLock { $0.cancelled() }
    withExtendedLifetime(dropped) {}
    upstream?.cancel()
  }

  private func fire(_ generation: UInt64) {
    switch machine.withLock({ $0.due(generation) }) {
    case .none:
      return
    case .drop(let value):
      withExtendedLifetime(value) {}
    case .deliver(let value):
      let additional = downstream.receive(value)
      machine.withLock { $0.addDemand(additional) }
    }
  }
}

// Safety: the only mutable state is `machine`, a `LockedState`; the rest is immutable.
extension DebounceStorage: @unchecked Sendable {}
