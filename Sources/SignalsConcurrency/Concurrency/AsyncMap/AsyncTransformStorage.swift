// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

/// The subscription behind `asyncMap`, `tryAsyncMap` and `flatMap(maxTasks:)`: it subscribes
/// upstream and runs each value it asked for in a task slot (``TaskSlots``, at most `maxTasks` at
/// once, each task created with the requested priority); a task whose transform returned delivers
/// the result, then takes the oldest waiting value itself. The upstream's finish is delivered by
/// the ending's task.
///
/// Cancelling cancels the upstream and every transform in flight.
final class AsyncTransformStorage<Input: Sendable, Failure: Error, Output: Sendable, DownstreamFailure: Error>:
  Subscriber, Subscription, CustomStringConvertible
{
  /// The subscriber, erased: the tasks must not capture a subscriber type that is not `Sendable`.
  typealias Downstream = AnySubscriber<Output, DownstreamFailure>
  /// Each input travels with the ticket that counts its work for a test's `WorkTracker`, and its
  /// result with the same ticket until delivered.
  typealias Machine = AsyncTransformStateMachine<
    TrackedWork<Input>, (Output, WorkTicket?), Downstream, DownstreamFailure, Task<Void, Never>
  >
  typealias Transform = @Sendable (Input) async -> Result<Output, DownstreamFailure>

  private let machine: LockedState<Machine>
  private let priority: TaskPriority?
  private let transform: Transform
  private let mapFailure: @Sendable (Failure) -> DownstreamFailure
  let description: String

  init(
    downstream: Downstream,
    name: String,
    maxTasks: Int,
    priority: TaskPriority?,
    transform: @escaping Transform,
    mapFailure: @escaping @Sendable (Failure) -> DownstreamFailure
  ) {
    precondition(maxTasks > 0, "maxTasks must be greater than zero, not \(maxTasks)")
    machine = .make(Machine(downstream: downstream, maxTasks: maxTasks))
    description = name
    self.priority = priority
    self.transform = transform
    self.mapFailure = mapFailure
  }

  // MARK: Upstream

  func receive(subscription: any Subscription) {
    switch machine.withLock({ $0.receive(subscription: subscription) }) {
    case .forward(let downstream):
      downstream.receive(subscription: self)
    case .cancel:
      subscription.cancel()
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let item = TrackedWork(input)
    if case .start(let id, let item) = machine.withLock({ $0.receive(item) }) { start(id, item) }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished:
      let (next, termination) = machine.withLock { $0.receiveFinished() }
      perform(termination)
      perform(next)
    case .failure(let error):
      let failure = mapFailure(error)
      perform(machine.withLock { $0.fail(failure) })
    }
  }

  // MARK: Downstream

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "Subscription.request(\(demand)): demand must be greater than zero")
    machine.withLock { $0.request(demand) }?.request(demand)
  }

  func cancel() {
    perform(machine.withLock { $0.cancel() })
  }

  // MARK: Slots

  private func perform(_ next: Machine.Slots.Next) {
    switch next {
    case .none:
      break
    case .start(let id, let item):
      start(id, item)
    case .end(let id):
      register(id) {
        Task(priority: priority) {
          if self.mayRun(id) { self.perform(self.machine.withLock { $0.endingRuns(id) }) }
          self.finished(id)
        }
      }
    }
  }

  /// Slot `id`'s task: transforms and delivers `item`, then each waiting input while there are any.
  private func start(_ id: Int, _ item: TrackedWork<Input>) {
    let transform = transform
    register(id) {
      Task(priority: priority) {
        // Checked once here; a value taken in `workDone` was checked in the same critical section.
        guard self.mayRun(id) else { return self.finished(id) }
        var item = item
        while true {
          let result = await WorkTicket.perform(item.ticket) { await transform(item.value) }
          switch result {
          case .success(let output):
            self.drain(from: self.machine.withLock { $0.deliver((output, item.ticket)) })
          case .failure(let failure):
            self.perform(self.machine.withLock { $0.fail(failure, inSlot: id) })
            self.finished(id)
            return
          }
          switch self.machine.withLock({ $0.workDone(id) }) {
          case .runNext(let next):
            item = next
          case .end(let next):
            self.perform(next)
            return
          }
        }
      }
    }
  }

  private func register(_ id: Int, _ makeTask: () -> Task<Void, Never>) {
    let task = makeTask()
    machine.withLock { $0.started(id, handle: task) }?.cancel()
  }

  private func mayRun(_ id: Int) -> Bool {
    guard !Task.isCancelled else { return false }
    return machine.withLock { $0.mayRun(id) }
  }

  private func finished(_ id: Int) {
    perform(machine.withLock { $0.finished(id) })
  }

  // MARK: Delivery

  /// The token's holder delivers what is owed, from `first`, the completion last, until the token
  /// is given back.
  private func drain(from first: Machine.Delivery) {
    var delivery = first
    while true {
      let demand: Subscribers.Demand
      switch delivery {
      case .value(let downstream, (let output, let ticket)):
        demand = WorkTicket.perform(ticket) { downstream.receive(output) }
      case .completion(let downstream, let completion):
        downstream.receive(completion: completion)
        demand = .none
      case .none:
        return
      }
      let upstream: (any Subscription)?
      (delivery, upstream) = machine.withLock { $0.nextDelivery(after: demand) }
      upstream?.request(demand)
    }
  }

  private func perform(_ termination: Machine.Termination) {
    termination.upstream?.cancel()
    for task in termination.tasks { task.cancel() }
    if termination.delivers { drain(from: machine.withLock { $0.nextDelivery(after: .none).0 }) }
    withExtendedLifetime(termination.released) {}
  }
}

// Safety: the only mutable state is `machine`, a `LockedState`; the rest is immutable and
// `Sendable`. The subscriber is called only by the holder of the machine's delivery token.
extension AsyncTransformStorage: @unchecked Sendable {}
