// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

extension Publisher where Failure == Never, Output: Sendable {
  /// The publisher's first value, awaited; the subscription is cancelled once it arrives.
  ///
  /// Asks for one value. Returns `nil` if the publisher finishes without a value, or if the
  /// awaiting task is cancelled (which also cancels the subscription).
  ///
  /// ```swift
  /// let followers = CurrentValueSubject<Int, Never>(120)
  /// print(await followers.firstValue as Any)  // Optional(120)
  /// ```
  nonisolated(nonsending) public var firstValue: Output? {
    get async {
      await FirstValueSubscriber<Output, Never>.await(self)
    }
  }
}

extension Publisher where Output: Sendable {
  /// The publisher's first value, awaited; the subscription is cancelled once it arrives.
  ///
  /// Asks for one value. Returns `nil` if the publisher finishes without a value, and throws the
  /// publisher's failure if it fails first. If the awaiting task is cancelled, the subscription is
  /// cancelled and the result is `nil`: it does **not** throw `CancellationError` (check
  /// `Task.isCancelled` if you need to tell the two apart).
  ///
  /// ```swift
  /// struct Offline: Error {}
  /// let replies = PassthroughSubject<String, Offline>()
  /// Task { replies.send("pong") }
  /// print(try await replies.firstValue as Any)  // Optional("pong")
  /// ```
  nonisolated(nonsending) public var firstValue: Output? {
    get async throws {
      try await FirstValueSubscriber<Output, Failure>.await(self)
    }
  }
}

/// The subscriber behind ``Publisher/firstValue``: asks for one value, hands the first event to the
/// awaiting task, and cancels the subscription. Written against Combine's protocols alone, so it
/// needs no `values` (which Apple's Combine has only from macOS 12 / iOS 15).
///
/// Its lock guards a phase that is not generic, and the task waits on a continuation that carries
/// nothing: the value or the failure waits in a slot of the subscriber. Clients run this code
/// unspecialised, and every generic type it would build (an optional of the value, a result, an
/// enum carrying a continuation of them) costs a metadata lookup in the runtime.
final class FirstValueSubscriber<Input: Sendable, Failure: Error>: Subscriber, Cancellable {
  private let state = LockedState.make(FirstValuePhase.idle)
  // The slots are guarded by `state`'s lock: filled inside `state.withLock` by the call that
  // finishes the wait, read inside it by the awaiting task once resumed, released in `deinit`.
  /// The first value, once it arrived.
  private var value = ValueSlot<Input>()
  /// The publisher's failure, if it failed first.
  private var failure = ValueSlot<Failure>()

  private init() {}

  deinit {
    value.release()
    failure.release()
  }

  /// Subscribes to `publisher` and waits for its first event: the value, `nil` for a finish or a
  /// cancelled task, or the failure thrown.
  static func await<Upstream: Publisher>(
    _ publisher: Upstream, isolation: isolated (any Actor)? = #isolation
  ) async throws(Failure) -> Input? where Upstream.Output == Input, Upstream.Failure == Failure {
    let subscriber = FirstValueSubscriber()
    await withTaskCancellationHandler {
      await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Void, Never>) in
        if subscriber.start(continuation) {
          publisher.subscribe(subscriber)
        }
      }
    } onCancel: {
      subscriber.cancel()
    }
    return try subscriber.outcome()
  }

  /// What the wait ended with (after the continuation resumed).
  private func outcome() throws(Failure) -> Input? {
    let outcome = state.withLock { _ -> FirstValueOutcome in
      if value.isFilled { return .value }
      return failure.isFilled ? .failure : .none
    }
    switch outcome {
    case .none: return nil
    case .value: return state.withLock { _ in value.take() }
    case .failure: throw state.withLock { _ in failure.take() }
    }
  }

  private func start(_ continuation: CheckedContinuation<Void, Never>) -> Bool {
    let started = state.withLock { state -> Bool in
      guard case .idle = state else { return false }
      state = .waiting(continuation, nil)
      return true
    }
    if !started {
      continuation.resume()
    }
    return started
  }

  func receive(subscription: any Subscription) {
    let action = state.withLock { state -> FirstValueAction in
      guard case .waiting(let continuation, nil) = state else { return .cancel(subscription) }
      state = .waiting(continuation, subscription)
      return .request(subscription)
    }
    perform(action)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let action = state.withLock { state -> FirstValueAction in
      let action = state.finish(cancelling: true)
      if case .resume = action { value.store(input) }
      return action
    }
    perform(action)
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let action = state.withLock { state -> FirstValueAction in
      let action = state.finish(cancelling: false)
      if case .resume = action, case .failure(let error) = completion { failure.store(error) }
      return action
    }
    perform(action)
  }

  func cancel() {
    let action = state.withLock { state -> FirstValueAction in
      if case .idle = state {
        state = .cancelledBeforeStart
        return .none
      }
      return state.finish(cancelling: true)
    }
    perform(action)
  }

  private func perform(_ action: FirstValueAction) {
    switch action {
    case .none:
      break
    case .resume(let continuation, let subscription):
      continuation.resume()
      subscription?.cancel()
    case .request(let subscription):
      subscription.request(.max(1))
    case .cancel(let subscription):
      subscription.cancel()
    }
  }
}

/// Where a ``FirstValueSubscriber``'s wait stands.
private enum FirstValuePhase {
  /// Made, not yet started.
  case idle
  /// The task was cancelled before the subscriber started: it will not subscribe.
  case cancelledBeforeStart
  /// Waiting for the first event; the subscription once it has arrived.
  case waiting(CheckedContinuation<Void, Never>, (any Subscription)?)
  /// The outcome has been handed over.
  case finished

  /// The first event (or a cancel) ends the wait: resume the task, cancelling the subscription
  /// if `cancelling`. The caller puts the value or failure in its slot in the same critical section.
  mutating func finish(cancelling: Bool) -> FirstValueAction {
    guard case .waiting(let continuation, let subscription) = self else { return .none }
    self = .finished
    return .resume(continuation, cancel: cancelling ? subscription : nil)
  }
}

/// What a ``FirstValueSubscriber`` does after unlocking.
private enum FirstValueAction {
  /// Nothing.
  case none
  /// Resume the task, then cancel the subscription, if any.
  case resume(CheckedContinuation<Void, Never>, cancel: (any Subscription)?)
  /// Ask the subscription for one value.
  case request(any Subscription)
  /// Cancel a subscription that is not wanted.
  case cancel(any Subscription)
}

/// What a ``FirstValueSubscriber``'s wait ended with.
private enum FirstValueOutcome {
  case none
  case value
  case failure
}

// Safety: the mutable state is `state`, a `LockedState`, and the slots, which are touched only
// inside `state.withLock` (and in `deinit`).
extension FirstValueSubscriber: @unchecked Sendable {}
