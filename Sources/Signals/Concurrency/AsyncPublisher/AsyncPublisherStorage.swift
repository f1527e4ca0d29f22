// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The subscriber behind ``AsyncPublisher`` and ``AsyncThrowingPublisher``: it locks, asks
/// ``AsyncPublisherStateMachine`` what to do, unlocks, then acts.
///
/// The machine is not generic; the parked continuation (`parked`) and a failure's error
/// (`failure`) live here and are touched only while holding the machine's lock. A value is handed
/// straight from `receive(_:)` to the continuation it takes out, so the per-value path looks up no
/// run-time metadata.
final class AsyncPublisherStorage<Output: Sendable, Failure: Error>: Subscriber, Cancellable,
  CustomStringConvertible
{
  typealias Input = Output
  private typealias Continuation = UnsafeContinuation<Output?, Never>

  private let machine = LockedState.make(AsyncPublisherStateMachine())
  /// The `next()` waiting for a value; set and taken only under `machine`'s lock.
  @exclusivity(unchecked) private var parked: Continuation?
  /// The upstream's failure; written under `machine`'s lock before the `next()` that reports it
  /// is resumed (or runs), read by that `next()` afterwards.
  @exclusivity(unchecked) private var failure: Failure?

  var description: String { "AsyncPublisher" }

  /// Waits for the next value: `nil` after completion or cancellation. After a `nil`,
  /// ``takeFailure()`` says whether the upstream failed.
  func next() async -> Output? {
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: Continuation) in
        let action = machine.withLock { machine in
          let action = machine.next()
          if case .end = action { return action }
          parked = continuation
          return action
        }
        switch action {
        case .park: break
        case .parkAndRequestOne(let subscription): subscription.request(.max(1))
        case .end: continuation.resume(returning: nil)
        }
      }
    } onCancel: {
      cancel()
    }
  }

  /// The upstream's failure, once: the first call after ``next()`` returned `nil` because of it
  /// gets it, every other call `nil`.
  func takeFailure() -> Failure? {
    machine.withLock { _ in
      defer { failure = nil }
      return failure
    }
  }

  func receive(subscription: any Subscription) {
    update { $0.receive(subscription: subscription) }
  }

  func receive(_ input: Output) -> Subscribers.Demand {
    var continuation: Continuation?
    machine.withLock { machine in
      if machine.receiveValue() { continuation = takeParked() }
    }
    continuation?.resume(returning: input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished:
      update { $0.receive(completion: .finished).action }
    case .failure(let error):
      update { machine in
        let (action, recorded) = machine.receive(completion: .failed)
        if recorded { failure = error }
        return action
      }
    }
  }

  func cancel() {
    update { $0.cancel() }
  }

  /// Called under the lock.
  private func takeParked() -> Continuation? {
    defer { parked = nil }
    return parked
  }

  /// Runs a transition under the lock (taking the parked continuation out if the action resumes
  /// it), then acts on it after unlocking.
  private func update(_ transition: (inout AsyncPublisherStateMachine) -> AsyncPublisherStateMachine.Action) {
    var continuation: Continuation?
    let action = machine.withLock { machine in
      let action = transition(&machine)
      switch action {
      case .endParked, .cancelAndEndParked: continuation = takeParked()
      case .none, .requestOne, .cancel: break
      }
      return action
    }
    switch action {
    case .none:
      break
    case .requestOne(let subscription):
      subscription.request(.max(1))
    case .cancel(let subscription):
      subscription.cancel()
    case .endParked:
      continuation?.resume(returning: nil)
    case .cancelAndEndParked(let subscription):
      subscription.cancel()
      continuation?.resume(returning: nil)
    }
  }
}

// Safety: the machine is a `LockedState`; `parked` and `failure` are only touched while holding
// its lock.
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
