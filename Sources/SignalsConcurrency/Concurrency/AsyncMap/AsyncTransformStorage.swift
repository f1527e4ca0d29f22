// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

/// The subscription behind `asyncMap`, `tryAsyncMap` and `flatMap(maxTasks:)`: it subscribes
/// upstream and runs each value it asked for in a task slot (``TaskSlots``, at most `maxTasks` at
/// once, each task created with the requested priority; the first at the first request). A task
/// whose transform returned delivers the result, then takes the oldest waiting value itself, or
/// parks until the next one (``TaskSlotOwner``). The last slot delivers the upstream's finish.
///
/// Cancelling cancels the upstream and every transform in flight, and lets the parked tasks end.
final class AsyncTransformStorage<Input: Sendable, Failure: Error, Output: Sendable, DownstreamFailure: Error>:
  TaskSlotOwner<TrackedWork<Input>>, Subscriber, Subscription, CustomStringConvertible
{
  /// The subscriber, erased: the tasks must not capture a subscriber type that is not `Sendable`.
  typealias Downstream = AnySubscriber<Output, DownstreamFailure>
  /// Each input travels with the ticket that counts its work for a test's `WorkTracker`, and its
  /// result with the same ticket until delivered (in a struct: a tuple's metadata is looked up
  /// under a lock of the runtime's).
  typealias Machine = AsyncTransformStateMachine<TrackedWork<Input>, TrackedWork<Output>, Downstream, DownstreamFailure>
  typealias Transform = @Sendable (Input) async -> Result<Output, DownstreamFailure>

  private let machine: LockedState<Machine>
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
    self.transform = transform
    self.mapFailure = mapFailure
    super.init(priority: priority)
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
    _ = perform(machine.withLock { $0.receive(item) }, for: item)
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished:
      let (release, termination) = machine.withLock { $0.receiveFinished() }
      perform(termination)
      perform(release)
    case .failure(let error):
      let failure = mapFailure(error)
      perform(machine.withLock { $0.fail(failure) })
    }
  }

  // MARK: Downstream

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "Subscription.request(\(demand)): demand must be greater than zero")
    let (upstream, opened) = machine.withLock { $0.request(demand) }
    if let opened { startTask(opened, from: .park, with: nil) }
    upstream?.request(demand)
  }

  func cancel() {
    perform(machine.withLock { $0.cancel() })
  }

  // MARK: Slots

  override func withSlots<Result>(
    _ body: (inout SlotScheduler, inout ValueQueue<TrackedWork<Input>>) -> Result
  ) -> Result {
    machine.withLock { body(&$0.slots, &$0.waiting) }
  }

  /// Transforms and delivers `item`, then asks for the slot's next step in the last critical
  /// section of the delivery (the one that gives the token back, or hands the result to its
  /// holder); a failure ends the slot (and the subscription).
  override func runWork(
    _ item: TrackedWork<Input>, inSlot id: Int, next: inout TrackedWork<Input>?
  ) async -> SlotScheduler.Step {
    switch await WorkTicket.perform(item.ticket, { await transform(item.value) }) {
    case .success(let output):
      let result = TrackedWork(output, ticket: item.ticket)
      var step: SlotScheduler.Step?
      let first = machine.withLock { machine in
        let delivery = machine.deliver(result)
        if case .none = delivery { step = Self.workDone(id, in: &machine, next: &next) }
        return delivery
      }
      return step ?? drain(from: first, thenWorkDoneIn: id, next: &next)
    case .failure(let failure):
      perform(machine.withLock { $0.fail(failure, inSlot: id) })
      // The subscription ended: no value waits, and nothing starts.
      return .end(machine.withLock { $0.slots.finished(id) })
    }
  }

  override func runEnding(inSlot id: Int) async {
    perform(machine.withLock { $0.endingRuns(id) })
  }

  // MARK: Delivery

  /// Slot `id`'s work is done: its next step, and the value that step hands out in `next`.
  private static func workDone(
    _ id: Int, in machine: inout Machine, next: inout TrackedWork<Input>?
  ) -> SlotScheduler.Step {
    let step = machine.slots.workDone(id)
    take(after: step, from: &machine.waiting, into: &next)
    return step
  }

  /// The token's holder delivers what is owed, from `first`, the completion last, until the token
  /// is given back. A slot's task passes its `id`: the critical section that gives the token back
  /// also asks for its next step (returned, with its value in `next`).
  @discardableResult
  private func drain(
    from first: Machine.Delivery, thenWorkDoneIn id: Int? = nil, next: inout TrackedWork<Input>?
  ) -> SlotScheduler.Step {
    var delivery = first
    var step = SlotScheduler.Step.end(.none)
    while true {
      let demand: Subscribers.Demand
      switch delivery {
      case .value(let downstream, let result):
        demand = WorkTicket.perform(result.ticket) { downstream.receive(result.value) }
      case .completion(let downstream, let completion):
        downstream.receive(completion: completion)
        demand = .none
      case .none:
        return step
      }
      var upstream: (any Subscription)?
      delivery = machine.withLock { machine in
        let delivery = machine.nextDelivery(after: demand, upstream: &upstream)
        if case .none = delivery, let id { step = Self.workDone(id, in: &machine, next: &next) }
        return delivery
      }
      upstream?.request(demand)
    }
  }

  private func perform(_ termination: Machine.Termination) {
    termination.upstream?.cancel()
    perform(termination.slots)
    if termination.delivers {
      var upstream: (any Subscription)?
      var none: TrackedWork<Input>?
      drain(from: machine.withLock { $0.nextDelivery(after: .none, upstream: &upstream) }, next: &none)
    }
    withExtendedLifetime((termination.released, termination.forgotten)) {}
  }
}

// Safety: the only mutable state is `machine`, a `LockedState`; the rest is immutable and
// `Sendable`. The subscriber is called only by the holder of the machine's delivery token.
// (Restated from `TaskSlotOwner`.)
extension AsyncTransformStorage: @unchecked Sendable {}
