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

  /// The upstream's subscription, once it arrived; `nil` again once the link completed or was
  /// cancelled. Not generic (Internals, rule 9): a state nested in this class would be, and be
  /// looked up in the runtime on every value.
  private let state = LockedState.make((any Subscription)?.none)
  /// Guarded by `state`'s lock: the subject fed; `nil` once it is gone, or the link completed or
  /// was cancelled.
  private weak var subject: Downstream?

  init(_ subject: Downstream) {
    self.subject = subject
  }

  var description: String { "Subject" }

  var playgroundDescription: Any { description }

  func receive(subscription: any Subscription) {
    let subject = state.withLock { upstream -> Downstream? in
      guard upstream == nil, let subject = self.subject else { return nil }
      upstream = subscription
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
    let subject = state.withLock { upstream -> Downstream? in
      guard upstream != nil, let subject = self.subject else { return nil }
      self.subject = nil
      upstream = nil
      return subject
    }
    subject?.send(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { upstream in subject == nil ? nil : upstream }?.request(demand)
  }

  func cancel() {
    let subscription = state.withLock { upstream -> (any Subscription)? in
      defer {
        subject = nil
        upstream = nil
      }
      return upstream
    }
    subscription?.cancel()
  }

  /// The subject, while attached and alive.
  private func attachedSubject() -> Downstream? {
    state.withLock { upstream in upstream == nil ? nil : subject }
  }
}

// Safety: the mutable state is `state`, a `LockedState`, and `subject`, touched only inside
// `state.withLock`.
extension SubjectSubscriber: @unchecked Sendable {}
#endif
