// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

extension AsyncThrowingStream.Continuation where Failure == any Error {
  /// Finishes the stream as `completion` says: normally, or throwing the upstream's error.
  func finish<UpstreamFailure: Error>(with completion: Subscribers.Completion<UpstreamFailure>) {
    switch completion {
    case .finished: finish()
    case .failure(let error): finish(throwing: error)
    }
  }
}

/// The subscriber behind `stream(bufferingPolicy:)`:
/// unlimited demand, each value yielded straight into the stream's continuation.
///
/// A value costs one `yield` and nothing else: no lock of ours, no allocation. The lock guards
/// only the subscription, which the stream's termination handler cancels when the consumer stops
/// (task cancelled, stream dropped, loop left). That cancel detaches this subscriber from the
/// publisher, which releases it, and with it the continuation and whatever the stream buffered.
final class StreamSubscriber<Input: Sendable, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible {
  /// Yields one value into the stream's continuation.
  private let yield: @Sendable (Input) -> Void
  /// Finishes the stream's continuation with the upstream's completion.
  private let finish: @Sendable (Subscribers.Completion<Failure>) -> Void
  private let status = LockedState.make(SubscriptionStatus.awaitingSubscription)

  init(
    yield: @escaping @Sendable (Input) -> Void,
    finish: @escaping @Sendable (Subscribers.Completion<Failure>) -> Void
  ) {
    self.yield = yield
    self.finish = finish
  }

  var description: String { "Stream" }

  func receive(subscription: any Subscription) {
    let accepted = status.withLock { $0.accept(subscription) }
    if accepted {
      subscription.request(.unlimited)
    } else {
      subscription.cancel()
    }
  }

  @inline(__always)
  func receive(_ input: Input) -> Subscribers.Demand {
    yield(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    status.withLock { $0 = .terminal }
    finish(completion)
  }

  /// Called by the stream's termination handler: the consumer is gone.
  func cancel() {
    let subscription = status.withLock { status -> (any Subscription)? in
      defer { status = .terminal }
      return status.subscription
    }
    subscription?.cancel()
  }
}

// Safety: the only mutable state is `status`, a `LockedState`; `yield` and `finish` are
// immutable and `Sendable`.
extension StreamSubscriber: @unchecked Sendable {}
