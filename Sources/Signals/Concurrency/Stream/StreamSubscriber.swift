// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The continuation side of an `AsyncStream` or `AsyncThrowingStream`, as ``StreamSubscriber`` and
/// ``StreamConduit`` need it: finish with a completion, hear about termination. (Values go through
/// the `yield` closure `stream(bufferingPolicy:)` makes in its caller's code, which is specialised
/// for the element; a `yield` called here would look up its result type's metadata per value.)
///
/// Only ever used with a `Sendable` element, which makes the continuation `Sendable`.
protocol StreamContinuation: SendableMetatype {
  associatedtype Element

  func finish<Failure: Error>(with completion: Subscribers.Completion<Failure>)
  func onTermination(_ handler: @escaping @Sendable () -> Void)
}

extension AsyncStream.Continuation: StreamContinuation {
  /// `stream` makes an `AsyncStream` only for publishers that cannot fail.
  func finish<Failure: Error>(with completion: Subscribers.Completion<Failure>) {
    finish()
  }

  func onTermination(_ handler: @escaping @Sendable () -> Void) {
    onTermination = { _ in handler() }
  }
}

extension AsyncThrowingStream.Continuation: StreamContinuation where Failure == any Error {
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
  /// Yields one value into `continuation`.
  private let yield: @Sendable (Input) -> Void
  private let status = LockedState.make(SubscriptionStatus.awaitingSubscription)

  init(_ continuation: Continuation, yield: @escaping @Sendable (Input) -> Void) {
    self.continuation = continuation
    self.yield = yield
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
