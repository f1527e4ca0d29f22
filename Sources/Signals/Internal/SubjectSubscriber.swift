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

  private let link: RelayLink<Downstream>

  init(_ subject: Downstream) {
    link = RelayLink(subject)
  }

  var description: String { "Subject" }

  func receive(subscription: any Subscription) {
    guard let subject = link.accept(subscription) else {
      subscription.cancel()
      return
    }
    subject.send(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    link.current()?.target.send(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    link.complete()?.send(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    link.current()?.subscription.request(demand)
  }

  func cancel() {
    link.cancel()?.cancel()
  }
}

// Safety: the only mutable state is in `link`, a `LockedState`.
extension SubjectSubscriber: @unchecked Sendable {}
