// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

/// What the subscriber behind `asyncSink` hands to its task, in order.
enum AsyncSinkEvent<Input: Sendable, Failure: Error>: Sendable {
  case value(Input, WorkTicket?)
  case completion(Subscribers.Completion<Failure>, WorkTicket?)
}

/// The subscriber behind ``Publisher/asyncSink(priority:receiveCompletion:receiveValue:)``.
///
/// It asks for unlimited values and yields each one, as an event, into an unbounded `AsyncStream`
/// that one task reads and hands to the closures, one at a time. So nothing is lost while a
/// closure awaits, and order is the publisher's.
///
/// Shared state is only the subscription (guarded by the lock, as a ``SubscriptionStatus``); the
/// task handle and the continuation are immutable. Cancelling cancels the subscription and the
/// task: the closure in flight sees `Task.isCancelled`, and the task processes nothing after it.
final class AsyncSinkStorage<Input: Sendable, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible {
  typealias Event = AsyncSinkEvent<Input, Failure>

  private let status = LockedState.make(SubscriptionStatus.awaitingSubscription)
  private let continuation: AsyncStream<Event>.Continuation
  private let task: Task<Void, Never>

  init(
    priority: TaskPriority?,
    receiveCompletion: @escaping @Sendable (Subscribers.Completion<Failure>) async -> Void,
    receiveValue: @escaping @Sendable (Input) async -> Void
  ) {
    let (events, continuation) = AsyncStream.makeStream(of: Event.self)
    self.continuation = continuation
    task = Task(priority: priority) {
      for await event in events {
        // A cancelled task stops at once, even with values still buffered.
        guard !Task.isCancelled else { return }
        switch event {
        case .value(let value, let ticket):
          await WorkTicket.perform(ticket) { await receiveValue(value) }
        case .completion(let completion, let ticket):
          await WorkTicket.perform(ticket) { await receiveCompletion(completion) }
          return
        }
      }
    }
  }

  var description: String { "AsyncSink" }

  func receive(subscription: any Subscription) {
    let accepted = status.withLock { $0.accept(subscription) }
    if accepted {
      subscription.request(.unlimited)
    } else {
      subscription.cancel()
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    continuation.yield(.value(input, WorkTracker.begin()))
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let isFirst = status.withLock { status -> Bool in
      defer { status = .terminal }
      return !status.isTerminal
    }
    guard isFirst else { return }
    continuation.yield(.completion(completion, WorkTracker.begin()))
    continuation.finish()
  }

  /// Cancels the subscription and the task; the closure in flight sees `Task.isCancelled`.
  func cancel() {
    let subscription = status.withLock { status -> (any Subscription)? in
      defer { status = .terminal }
      return status.subscription
    }
    subscription?.cancel()
    task.cancel()
    continuation.finish()
  }
}

// Safety: the only mutable state is `status`, a `LockedState`; the continuation and the task handle
// are immutable and `Sendable`.
extension AsyncSinkStorage: @unchecked Sendable {}
