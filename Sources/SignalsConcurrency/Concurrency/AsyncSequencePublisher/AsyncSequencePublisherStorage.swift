// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

/// The subscription of ``AsyncSequencePublisher``: one task that iterates the sequence, pulling
/// only while the subscriber has demand.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class AsyncSequencePublisherStorage<Base: AsyncSequence & Sendable>: Subscription, CustomStringConvertible {
  /// The subscriber, erased: the iterating task must not capture a subscriber type that is not
  /// `Sendable`.
  typealias Downstream = AnySubscriber<Base.Element, Base.Failure>

  private let base: Base
  private let machine: LockedState<AsyncSequencePublisherStateMachine<Downstream>>

  init(base: Base, downstream: Downstream) {
    self.base = base
    machine = .make(AsyncSequencePublisherStateMachine(downstream: downstream))
  }

  var description: String { "AsyncSequence" }

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "Subscription.request(\(demand)): demand must be greater than zero")
    switch machine.withLock({ $0.request(demand) }) {
    case .none:
      break
    case .startTask:
      let task = Task { await self.iterate() }
      machine.withLock { $0.taskStarted(task) }?.cancel()
    case .resume(let continuation):
      continuation.resume()
    }
  }

  func cancel() {
    let action = machine.withLock { $0.cancel() }
    action.task?.cancel()
    action.parked?.resume()
    withExtendedLifetime(action.downstream) {}
  }

  /// The task's body: wait for demand, pull one element, deliver it, repeat.
  private func iterate() async {
    var iterator = base.makeAsyncIterator()
    while await waitForDemand() {
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
      guard let downstream = machine.withLock({ $0.downstreamForValue() }) else { return }
      let more = downstream.receive(element)
      machine.withLock { $0.add(more) }
    }
  }

  /// Takes one unit of demand, parking while there is none; `false` once completed or cancelled.
  private func waitForDemand() async -> Bool {
    while true {
      switch machine.withLock({ $0.takeDemand() }) {
      case .pull:
        return true
      case .stop:
        return false
      case .park:
        await withTaskCancellationHandler {
          await withUnsafeContinuation { continuation in
            machine.withLock { $0.park(continuation) }?.resume()
          }
        } onCancel: {
          cancel()
        }
      }
    }
  }

  private func complete(_ completion: Subscribers.Completion<Base.Failure>) {
    machine.withLock { $0.complete() }?.receive(completion: completion)
  }
}

// Safety: the only mutable state is `machine`, a `LockedState`; `base` is `Sendable`. The subscriber
// is only called by the iterating task, one call at a time.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
extension AsyncSequencePublisherStorage: @unchecked Sendable {}
