// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// Feeds a subject from a publisher: what `publisher.subscribe(subject)` and
/// `AnySubscriber(subject)` attach.
///
/// It hands itself to the subject as the upstream subscription, so the subject's demand and
/// cancellation reach the real upstream through it. As in Combine, it holds the subject weakly:
/// feeding a subject does not keep it alive, and once the subject is gone the link forwards
/// nothing more.
final class SubjectSubscriber<Downstream: Subject>: Subscriber, Subscription, CustomStringConvertible,
  CustomPlaygroundDisplayConvertible
{
  typealias Input = Downstream.Output
  typealias Failure = Downstream.Failure

  private struct State {
    /// The subject fed; `nil` once it is gone, or the link completed or was cancelled.
    weak var subject: Downstream?
    /// The upstream's subscription, once it arrived.
    var subscription: (any Subscription)?
  }

  private let state: LockedState<State>

  init(_ subject: Downstream) {
    state = .make(State(subject: subject))
  }

  var description: String { "Subject" }

  var playgroundDescription: Any { description }

  func receive(subscription: any Subscription) {
    let subject = state.withLock { state -> Downstream? in
      guard state.subscription == nil, let subject = state.subject else { return nil }
      state.subscription = subscription
      return subject
    }
    guard let subject else {
      subscription.cancel()
      return
    }
    subject.send(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    attachedSubject()?.send(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let subject = state.withLock { state -> Downstream? in
      guard state.subscription != nil, let subject = state.subject else { return nil }
      state.subject = nil
      state.subscription = nil
      return subject
    }
    subject?.send(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { state in state.subject == nil ? nil : state.subscription }?.request(demand)
  }

  func cancel() {
    let subscription = state.withLock { state -> (any Subscription)? in
      defer {
        state.subject = nil
        state.subscription = nil
      }
      return state.subscription
    }
    subscription?.cancel()
  }

  /// The subject, while attached and alive.
  private func attachedSubject() -> Downstream? {
    state.withLock { state in state.subscription == nil ? nil : state.subject }
  }
}

// Safety: the only mutable state is `state`, a `LockedState`.
extension SubjectSubscriber: @unchecked Sendable {}
#endif
