// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The continuation side of an `AsyncStream` or `AsyncThrowingStream`, as the one thing
/// ``StreamSubscriber`` needs: yield a value, finish with a completion, hear about termination.
///
/// Only ever used with a `Sendable` element, which makes the continuation `Sendable`.
protocol StreamContinuation: SendableMetatype {
  associatedtype Element

  func yieldValue(_ value: sending Element)
  func finish<Failure: Error>(with completion: Subscribers.Completion<Failure>)
  func onTermination(_ handler: @escaping @Sendable () -> Void)
}

extension AsyncStream.Continuation: StreamContinuation {
  @inline(__always)
  func yieldValue(_ value: sending Element) {
    yield(value)
  }

  /// `stream` makes an `AsyncStream` only for publishers that cannot fail.
  func finish<Failure: Error>(with completion: Subscribers.Completion<Failure>) {
    finish()
  }

  func onTermination(_ handler: @escaping @Sendable () -> Void) {
    onTermination = { _ in handler() }
  }
}

extension AsyncThrowingStream.Continuation: StreamContinuation where Failure == any Error {
  @inline(__always)
  func yieldValue(_ value: sending Element) {
    yield(value)
  }

  func finish<UpstreamFailure: Error>(with completion: Subscribers.Completion<UpstreamFailure>) {
    switch completion {
    case .finished: finish()
    case .failure(let error): finish(throwing: error)
    }
  }

  func onTermination(_ handler: @escaping @Sendable () -> Void) {
    onTermination = { _ in handler() }
  }
}

/// The subscriber behind `stream(bufferingPolicy:)`:
/// unlimited demand, each value yielded straight into the stream's continuation.
///
/// A value costs one `yield` and nothing else: no lock of ours, no allocation. The lock guards
/// only the subscription, which the stream's termination handler cancels when the consumer stops
/// (task cancelled, stream dropped, loop left). That cancel detaches this subscriber from the
/// publisher, which releases it, and with it the continuation and whatever the stream buffered.
final class StreamSubscriber<Input: Sendable, Failure: Error, Continuation: StreamContinuation>: Subscriber,
  Cancellable, CustomStringConvertible
where Continuation.Element == Input {
  private let continuation: Continuation
  private let status = LockedState.make(SubscriptionStatus.awaitingSubscription)

  init(_ continuation: Continuation) {
    self.continuation = continuation
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
    continuation.yieldValue(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    status.withLock { $0 = .terminal }
    continuation.finish(with: completion)
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

// Safety: the only mutable state is `status`, a `LockedState`; the continuation is `Sendable`
// because `Input` is.
extension StreamSubscriber: @unchecked Sendable {}
