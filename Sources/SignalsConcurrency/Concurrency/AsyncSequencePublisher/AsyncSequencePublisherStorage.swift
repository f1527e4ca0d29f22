// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

/// The subscription of ``AsyncSequencePublisher``: one task that iterates the sequence, pulling
/// only while the subscriber has demand.
///
/// The per-value path looks no generic type up (Internals, rule 9): the machine under the lock is
/// not generic, and the subscriber waits in a slot beside it. Per value, two lock round trips: one
/// to begin the delivery, one to add the demand the subscriber returned and take the next unit.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class AsyncSequencePublisherStorage<Base: AsyncSequence & Sendable, Downstream: Subscriber>:
  AsyncSequencePublisherTaskEntry, Subscription, CustomStringConvertible
where Downstream.Input == Base.Element, Downstream.Failure == Base.Failure {
  private let base: Base
  private let machine = LockedState.make(AsyncSequencePublisherStateMachine())
  /// The subscriber, emptied once the pipeline ends (completion delivered or cancelled). Guarded
  /// by `machine`'s lock, except while the task delivers a value (between the machine's
  /// `beginDelivery()` and `delivered(_:)`): then it is owned by the task, which reads it without
  /// the lock, and no one else touches it.
  @exclusivity(unchecked) private var downstream = ValueSlot<Downstream>()

  init(base: Base, downstream: Downstream) {
    self.base = base
    self.downstream.store(downstream)
  }

  deinit {
    downstream.release()
  }

  var description: String { "AsyncSequence" }

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "Subscription.request(\(demand)): demand must be greater than zero")
    switch machine.withLock({ $0.request(demand) }) {
    case .none:
      break
    case .startTask:
      // Through the base class: the subscriber's type need not be `Sendable`, nor its metatype.
      let entry: AsyncSequencePublisherTaskEntry = self
      let task = Task { await entry.iterate() }
      machine.withLock { $0.taskStarted(task) }?.cancel()
    case .resume(let continuation):
      continuation.resume()
    }
  }

  override func cancel() {
    let action = machine.withLock { $0.cancel() }
    action.task?.cancel()
    action.parked?.resume()
    if action.releasesDownstream { releaseDownstream() }
  }

  /// The task's body: wait for demand, pull one element, deliver it, repeat.
  override func iterate() async {
    var iterator = base.makeAsyncIterator()
    var next = machine.withLock { $0.takeDemand() }
    while true {
      switch next {
      case .pull:
        break
      case .park:
        await park()
        next = machine.withLock { $0.takeDemand() }
        continue
      case .stop(let releasesDownstream):
        if releasesDownstream { releaseDownstream() }
        return
      }
      let element: Base.Element?
      do {
        element = try await iterator.next(isolation: nil)
      } catch {
        complete(.failure(error))
        return
      }
      guard let element else {
        complete(.finished)
        return
      }
      guard machine.withLock({ $0.beginDelivery() }) else { return }
      // Owned by this task until `delivered(_:)`: a cancel meanwhile leaves it in its slot.
      let more = downstream.value.receive(element)
      next = machine.withLock { $0.delivered(more) }
    }
  }

  /// Waits until a request or a cancel wakes the task (at once if one came first).
  private func park() async {
    let entry: AsyncSequencePublisherTaskEntry = self
    await withTaskCancellationHandler {
      await withUnsafeContinuation { continuation in
        machine.withLock { $0.park(continuation) }?.resume()
      }
    } onCancel: {
      entry.cancel()
    }
  }

  /// Takes the subscriber out of its slot and releases it, after unlocking; called by whoever the
  /// machine made responsible, once.
  @inline(never)
  private func releaseDownstream() {
    let released = machine.withLock { _ in downstream.take() }
    withExtendedLifetime(released) {}
  }

  /// Completes the subscriber and releases it, unless the subscription ended first.
  @inline(never)
  private func complete(_ completion: Subscribers.Completion<Base.Failure>) {
    let completed = machine.withLock { machine -> Downstream? in
      machine.complete() ? downstream.take() : nil
    }
    guard let completed else { return }
    completed.receive(completion: completion)
  }
}

/// What the iterating task and its cancellation handler call: the storage, seen through a class
/// that is generic over nothing, so that those `@Sendable` closures capture no subscriber type
/// (which need not be `Sendable`, nor its metatype).
class AsyncSequencePublisherTaskEntry: @unchecked Sendable {
  // Safety: no state here; the subclass states its own.

  /// The task's body.
  func iterate() async {
    preconditionFailure("\(Self.self) must override iterate()")
  }

  /// Cancels the subscription.
  func cancel() {
    preconditionFailure("\(Self.self) must override cancel()")
  }
}

// Safety: the mutable state is `machine`, a `LockedState`, and `downstream`, guarded by its lock or
// owned by the delivering task (see there); `base` is `Sendable`. The subscriber is only called by
// the iterating task, one call at a time.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
extension AsyncSequencePublisherStorage: @unchecked Sendable {}
