// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The subscriber behind ``AsyncPublisher`` and ``AsyncThrowingPublisher``: it locks, asks
/// ``AsyncPublisherStateMachine`` what to do, unlocks, then acts.
final class AsyncPublisherStorage<Output: Sendable, Failure: Error>: Subscriber, Cancellable,
  CustomStringConvertible
{
  typealias Input = Output

  private let machine = LockedState.make(AsyncPublisherStateMachine<Output, Failure>())

  var description: String { "AsyncPublisher" }

  /// Waits for the next value: `nil` after completion or cancellation.
  func next() async -> Result<Output?, Failure> {
    await withTaskCancellationHandler {
      await withUnsafeContinuation { continuation in
        perform(machine.withLock { $0.next(continuation) })
      }
    } onCancel: {
      cancel()
    }
  }

  func receive(subscription: any Subscription) {
    perform(machine.withLock { $0.receive(subscription: subscription) })
  }

  func receive(_ input: Output) -> Subscribers.Demand {
    perform(machine.withLock { $0.receive(input) })
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    perform(machine.withLock { $0.receive(completion: completion) })
  }

  func cancel() {
    perform(machine.withLock { $0.cancel() })
  }

  private func perform(_ action: AsyncPublisherStateMachine<Output, Failure>.Action) {
    switch action {
    case .none:
      break
    case .requestOne(let subscription):
      subscription.request(.max(1))
    case .cancel(let subscription):
      subscription.cancel()
    case .resume(let continuation, let result):
      continuation.resume(returning: result)
    case .cancelAndResume(let subscription, let continuation):
      subscription.cancel()
      continuation.resume(returning: .success(nil))
    }
  }
}

// Safety: the only mutable state is `machine`, a `LockedState`.
extension AsyncPublisherStorage: @unchecked Sendable {}

/// Cancels the subscription when the last copy of an iterator goes away, so leaving a
/// `for await` loop early frees the upstream.
final class AsyncPublisherLifetime<Output: Sendable, Failure: Error>: Sendable {
  let storage: AsyncPublisherStorage<Output, Failure>

  init(_ storage: AsyncPublisherStorage<Output, Failure>) {
    self.storage = storage
  }

  deinit {
    storage.cancel()
  }
}
