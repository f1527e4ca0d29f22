// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

/// The subscription behind `asyncMap`, `tryAsyncMap` and `flatMap(maxTasks:)`: it subscribes
/// upstream, queues the values it asked for, and runs one driver task (created with the requested
/// priority) that transforms them — inline when `maxTasks` is 1, in a task group of at most
/// `maxTasks` children otherwise — and delivers the results.
///
/// Cancelling cancels the upstream and the driver, and with it every transform in flight.
final class AsyncTransformStorage<Input: Sendable, Failure: Error, Output: Sendable, DownstreamFailure: Error>:
  Subscriber, Subscription, CustomStringConvertible
{
  /// The subscriber, erased: the driver task must not capture a subscriber type that is not
  /// `Sendable`.
  typealias Downstream = AnySubscriber<Output, DownstreamFailure>
  /// Each input travels with the ticket that counts its work for a test's `WorkTracker`.
  typealias Machine = AsyncTransformStateMachine<TrackedWork<Input>, Failure, Downstream, DownstreamFailure>
  typealias Transform = @Sendable (Input) async -> Result<Output, DownstreamFailure>

  private let machine: LockedState<Machine>
  private let maxTasks: Int
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
    machine = .make(Machine(downstream: downstream))
    description = name
    self.maxTasks = maxTasks
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
    // The parked driver is woken inside the critical section, here and wherever it is woken (see
    // `withMachine(_:)`).
    machine.withLock { machine in machine.receive(item)?.resume(returning: item) }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished:
      perform(withMachine { $0.receiveFinished() })
    case .failure(let error):
      let failure = mapFailure(error)
      perform(withMachine { $0.receiveFailure(failure) })
    }
  }

  // MARK: Downstream

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "Subscription.request(\(demand)): demand must be greater than zero")
    let action = machine.withLock { $0.request(demand) }
    if action.startDriver {
      let task = Task(priority: priority) { await self.drive() }
      machine.withLock { $0.driverStarted(task) }?.cancel()
    }
    action.upstream?.request(demand)
  }

  func cancel() {
    perform(withMachine { $0.cancel() })
  }

  // MARK: Driver

  private func drive() async {
    if maxTasks == 1 {
      while let item = await nextInput() {
        let result = await WorkTicket.perform(item.ticket) { await deliver(transform(item.value)) }
        if case .failure(let failure) = result {
          perform(withMachine { $0.driverFinished(failure: failure) })
          return
        }
      }
      perform(withMachine { $0.driverFinished(failure: nil) })
    } else {
      await driveConcurrently()
    }
  }

  private enum Event: Sendable {
    /// An input, or `nil` when there are no more.
    case input(TrackedWork<Input>?)
    case output(Result<Output, DownstreamFailure>, WorkTicket?)
  }

  /// At most `maxTasks` transforms run as children of a group; one more child waits for the next
  /// input, so the driver reacts to whichever comes first.
  private func driveConcurrently() async {
    let failure = await withTaskGroup(of: Event.self, returning: DownstreamFailure?.self) { group in
      var running = 0
      var isWaitingForInput = false
      var hasMoreInput = true
      func waitForInputIfRoom() {
        guard hasMoreInput, !isWaitingForInput, running < maxTasks else { return }
        isWaitingForInput = true
        group.addTask { .input(await self.nextInput()) }
      }
      waitForInputIfRoom()
      while let event = await group.next() {
        switch event {
        case .input(let item?):
          isWaitingForInput = false
          running += 1
          group.addTask {
            .output(await WorkTicket.perform(item.ticket) { await self.transform(item.value) }, item.ticket)
          }
        case .input(nil):
          isWaitingForInput = false
          hasMoreInput = false
        case .output(let result, let ticket):
          running -= 1
          if case .failure(let failure) = WorkTicket.perform(ticket, { deliver(result) }) {
            group.cancelAll()
            return failure
          }
        }
        waitForInputIfRoom()
        if !hasMoreInput, running == 0 { break }
      }
      return nil
    }
    perform(withMachine { $0.driverFinished(failure: failure) })
  }

  /// The next queued input, parking until one arrives; `nil` once the upstream finished and the
  /// queue is empty, or after cancellation.
  private func nextInput() async -> TrackedWork<Input>? {
    switch machine.withLock({ $0.takeInput() }) {
    case .input(let input):
      return input
    case .end:
      return nil
    case .park:
      let input = await withTaskCancellationHandler {
        await withUnsafeContinuation { continuation in
          if let input = machine.withLock({ $0.park(continuation) }) {
            continuation.resume(returning: input)
          }
        }
      } onCancel: {
        // The driver is cancelled only once the subscription ended (or a transform failed and the
        // group is being torn down): wake it with `nil`, and leave the termination to that path.
        machine.withLock { machine in machine.unpark()?.resume(returning: nil) }
      }
      // An empty critical section after the wake-up: the waker made the input (and its work
      // ticket) and resumed us inside this lock, so taking it here orders all of that before our
      // reads and writes for ThreadSanitizer too, which does not see the ordering the runtime
      // gives when a continuation is resumed before its task has finished suspending.
      machine.withLock { _ in }
      return input
    }
  }

  /// Delivers a successful result; returns a failure for the caller to finish with.
  private func deliver(_ result: Result<Output, DownstreamFailure>) -> Result<Void, DownstreamFailure> {
    guard case .success(let output) = result else {
      return result.map { _ in }
    }
    guard let downstream = machine.withLock({ $0.beginDelivery() }) else { return .success(()) }
    let demand = downstream.receive(output)
    let (upstream, termination) = machine.withLock { machine in
      let (upstream, termination) = machine.endDelivery(demand)
      return (upstream, termination.map(Self.wakingParked))
    }
    upstream?.request(demand)
    if let termination { perform(termination) }
    return .success(())
  }

  /// Runs a terminating event on the machine, waking the parked driver (with `nil`) inside the
  /// critical section.
  ///
  /// Resuming a continuation is not a call out: it only makes the driver task runnable, never runs
  /// it on this thread. It is done under the lock because the driver takes the lock once after
  /// waking (see `nextInput()`): that orders this thread's last touch of the continuation before
  /// the driver's next writes for ThreadSanitizer, which does not see the ordering the runtime
  /// gives when a continuation is resumed before its task has finished suspending (the CI run of
  /// the settling stress test caught exactly that report).
  private func withMachine(_ event: (inout Machine) -> Machine.Termination) -> Machine.Termination {
    machine.withLock { machine in Self.wakingParked(event(&machine)) }
  }

  private static func wakingParked(_ termination: Machine.Termination) -> Machine.Termination {
    var termination = termination
    termination.parked?.resume(returning: nil)
    termination.parked = nil
    return termination
  }

  private func perform(_ termination: Machine.Termination) {
    termination.upstream?.cancel()
    termination.driver?.cancel()
    termination.parked?.resume(returning: nil)
    if let completion = termination.completion {
      termination.downstream?.receive(completion: completion)
    }
  }
}

// Safety: the only mutable state is `machine`, a `LockedState`; the rest is immutable and
// `Sendable`. The subscriber is called with values only by the driver task, one call at a time.
extension AsyncTransformStorage: @unchecked Sendable {}
