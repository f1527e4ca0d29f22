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
      switch await FirstValueSubscriber<Output, Never>.await(self) {
      case .success(let value): return value
      }
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
      try await FirstValueSubscriber<Output, Failure>.await(self).get()
    }
  }
}

/// The subscriber behind ``Publisher/firstValue``: asks for one value, hands the first event to the
/// awaiting task, and cancels the subscription. Written against Combine's protocols alone, so it
/// needs no `values` (which Apple's Combine has only from macOS 12 / iOS 15).
final class FirstValueSubscriber<Input: Sendable, Failure: Error>: Subscriber, Cancellable {
  typealias Outcome = Result<Input?, Failure>

  /// Where the wait stands.
  private enum State {
    /// Made, not yet started.
    case idle
    /// The task was cancelled before the subscriber started: it will not subscribe.
    case cancelledBeforeStart
    /// Waiting for the first event; the subscription once it has arrived.
    case waiting(CheckedContinuation<Outcome, Never>, (any Subscription)?)
    /// The outcome has been handed over.
    case finished
  }

  /// What to do after unlocking.
  private enum Action {
    /// Nothing.
    case none
    /// Resume the task with the outcome, then cancel the subscription, if any.
    case resume(CheckedContinuation<Outcome, Never>, Outcome, cancel: (any Subscription)?)
    /// Ask the subscription for one value.
    case request(any Subscription)
    /// Cancel a subscription that is not wanted.
    case cancel(any Subscription)
  }

  private let state = LockedState.make(State.idle)

  private init() {}

  /// Subscribes to `publisher` and waits for its first event, on the caller's actor.
  static func await<Upstream: Publisher>(
    _ publisher: Upstream, isolation: isolated (any Actor)? = #isolation
  ) async -> Outcome where Upstream.Output == Input, Upstream.Failure == Failure {
    let subscriber = FirstValueSubscriber()
    return await withTaskCancellationHandler {
      await withCheckedContinuation(isolation: isolation) { continuation in
        if subscriber.start(continuation) {
          publisher.subscribe(subscriber)
        }
      }
    } onCancel: {
      subscriber.cancel()
    }
  }

  /// Stores the continuation; `false` (and the task resumed with `nil`) if already cancelled.
  private func start(_ continuation: CheckedContinuation<Outcome, Never>) -> Bool {
    let started = state.withLock { state -> Bool in
      guard case .idle = state else { return false }
      state = .waiting(continuation, nil)
      return true
    }
    if !started {
      continuation.resume(returning: .success(nil))
    }
    return started
  }

  func receive(subscription: any Subscription) {
    let action = state.withLock { state -> Action in
      guard case .waiting(let continuation, nil) = state else { return .cancel(subscription) }
      state = .waiting(continuation, subscription)
      return .request(subscription)
    }
    perform(action)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    perform(finish(with: .success(input), cancelling: true))
    return .none
  }

  /// The publisher ended: nothing to cancel.
  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished: perform(finish(with: .success(nil), cancelling: false))
    case .failure(let error): perform(finish(with: .failure(error), cancelling: false))
    }
  }

  /// The awaiting task was cancelled: resume it with `nil` and cancel the subscription.
  func cancel() {
    let action = state.withLock { state -> Action in
      if case .idle = state {
        state = .cancelledBeforeStart
        return .none
      }
      return Self.finish(&state, with: .success(nil), cancelling: true)
    }
    perform(action)
  }

  private func finish(with outcome: Outcome, cancelling: Bool) -> Action {
    state.withLock { Self.finish(&$0, with: outcome, cancelling: cancelling) }
  }

  /// Hands `outcome` over once; the subscription is cancelled unless the publisher already ended.
  private static func finish(_ state: inout State, with outcome: Outcome, cancelling: Bool) -> Action {
    guard case .waiting(let continuation, let subscription) = state else { return .none }
    state = .finished
    return .resume(continuation, outcome, cancel: cancelling ? subscription : nil)
  }

  private func perform(_ action: Action) {
    switch action {
    case .none:
      break
    case .resume(let continuation, let outcome, let subscription):
      continuation.resume(returning: outcome)
      subscription?.cancel()
    case .request(let subscription):
      subscription.request(.max(1))
    case .cancel(let subscription):
      subscription.cancel()
    }
  }
}

// Safety: the only mutable state is `state`, a `LockedState`.
extension FirstValueSubscriber: @unchecked Sendable {}
