// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// Feeds a subject from a publisher: what `publisher.subscribe(subject)` and
/// `AnySubscriber(subject)` attach.
///
/// It hands itself to the subject as the upstream subscription, so the subject's demand and
/// cancellation reach the real upstream through it. The subject is held until the upstream
/// completes or the link is cancelled.
final class SubjectSubscriber<Downstream: Subject>: Subscriber, Subscription, CustomStringConvertible {
  typealias Input = Downstream.Output
  typealias Failure = Downstream.Failure

  private enum Status {
    case awaitingSubscription(Downstream)
    case subscribed(Downstream, any Subscription)
    case terminal
  }

  private let status: LockedState<Status>

  init(_ subject: Downstream) {
    status = .make(.awaitingSubscription(subject))
  }

  var description: String { "Subject" }

  func receive(subscription: any Subscription) {
    let subject = status.withLock { status -> Downstream? in
      guard case .awaitingSubscription(let subject) = status else { return nil }
      status = .subscribed(subject, subscription)
      return subject
    }
    guard let subject else {
      subscription.cancel()
      return
    }
    subject.send(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let subject = status.withLock { status -> Downstream? in
      guard case .subscribed(let subject, _) = status else { return nil }
      return subject
    }
    subject?.send(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let subject = status.withLock { status -> Downstream? in
      guard case .subscribed(let subject, _) = status else { return nil }
      status = .terminal
      return subject
    }
    subject?.send(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    let upstream = status.withLock { status -> (any Subscription)? in
      guard case .subscribed(_, let upstream) = status else { return nil }
      return upstream
    }
    upstream?.request(demand)
  }

  func cancel() {
    let upstream = status.withLock { status -> (any Subscription)? in
      defer { status = .terminal }
      guard case .subscribed(_, let upstream) = status else { return nil }
      return upstream
    }
    upstream?.cancel()
  }
}

// Safety: the only mutable state is `status`, a `LockedState`.
extension SubjectSubscriber: @unchecked Sendable {}
