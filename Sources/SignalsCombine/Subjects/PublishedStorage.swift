// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// The shared storage of one `@Published` property: its value, the subject behind `$property`, the
/// enclosing object's `objectWillChange`, and the `assign(to:)` pipelines that write to it.
///
/// A ``Published`` holds one of these for its whole life, so every copy of the wrapper (the
/// object's stored property, the copies `Mirror` makes, a `$property` publisher) reaches the same
/// state. All of it lives in one `LockedState` around a ``PublishedStateMachine``.
///
/// Lifetimes, with no cycle:
/// - the object holds the wrapper, which holds this storage;
/// - this storage holds the subject (created on first subscription) and the installed
///   `objectWillChange`, neither of which refers back to the object or to this storage; the
///   `$property` subscriptions hold the subject only, so they do not keep this storage alive;
/// - an `assign(to:)` pipeline's subscriber holds this storage weakly, while this storage holds the
///   subscriber; when the object (and with it this storage) goes away, `deinit` cancels the pipeline.
final class PublishedStorage<Value> {
  private let state: LockedState<PublishedStateMachine<Value>>

  init(_ value: Value) {
    state = .make(PublishedStateMachine(value: value))
  }

  deinit {
    let assigners = state.withLock { $0.takeAssigners() }
    for assigner in assigners { assigner.cancel() }
  }

  /// The stored value.
  var value: Value {
    state.withLock { $0.value }
  }

  /// Announces `newValue` to `objectWillChange` and to the `$property` subscribers, then stores it.
  ///
  /// Nothing is called while the lock is held; see ``PublishedStateMachine`` for the order
  /// guaranteed when sets overlap.
  func set(_ newValue: Value) {
    let action = state.withLock { $0.beginSet(newValue) }
    switch action {
    case .stored(let previous):
      withExtendedLifetime(previous) {}
    case .announce(let ticket, let objectWillChange, let subject):
      objectWillChange?.send()
      subject?.send(newValue)
      let finish = state.withLock { $0.finishSet(newValue, ticket: ticket, notified: subject) }
      withExtendedLifetime(finish.previous) {}
      finish.lateSubject?.send(newValue)
    }
  }

  /// Attaches `subscriber` to the `$property` subject, creating the subject on first use.
  ///
  /// The subscription holds the subject (not this storage), and names itself `PublishedSubject`
  /// as Combine's does.
  func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Value, S.Failure == Never {
    let subject = state.withLock { $0.subjectCreatingIfNeeded() }
    subject.subscribe(subscriber, owner: PublishedSubject.name)
  }

  /// Returns the installed `objectWillChange`, first installing `makePublisher()` if there is none.
  func installObjectWillChange(_ makePublisher: () -> ObservableObjectPublisher) -> ObservableObjectPublisher {
    state.withLock { $0.installObjectWillChange(makePublisher) }
  }

  /// Keeps `assigner` until it completes or this storage goes away.
  func adopt(_ assigner: PublishedSubscriber<Value>) {
    state.withLock { $0.adopt(assigner) }
  }

  /// Lets go of `assigner`, whose upstream completed.
  func remove(_ assigner: PublishedSubscriber<Value>) {
    let removed = state.withLock { $0.remove(assigner) }
    withExtendedLifetime(removed) {}
  }
}

// Safety: the only mutable state is `state`, a `LockedState`.
extension PublishedStorage: @unchecked Sendable {}

/// Gives the subscriptions of every `$property` their description, `PublishedSubject` (what a
/// subject conduit prints is its owner's type name). One shared instance: it holds nothing.
final class PublishedSubject: Sendable {
  static let name = PublishedSubject()

  private init() {}
}

/// The subscriber `assign(to:)` attaches: it writes each value to a `@Published` property as if it
/// were set through the object.
///
/// It holds the property's storage weakly and the storage holds it, so the pipeline lives exactly
/// as long as the property: when the object goes away, the storage's `deinit` cancels it.
final class PublishedSubscriber<Value>: Subscriber, Cancellable, CustomStringConvertible {
  typealias Input = Value
  typealias Failure = Never

  private struct State {
    var subscription: SubscriptionStatus = .awaitingSubscription
    weak var storage: PublishedStorage<Value>?
  }

  private let state: LockedState<State>

  init(_ storage: PublishedStorage<Value>) {
    state = .make(State(storage: storage))
  }

  var description: String { "PublishedSubscriber" }

  func receive(subscription: any Subscription) {
    let (accepted, storage) = state.withLock { state -> (Bool, PublishedStorage<Value>?) in
      guard state.subscription.accept(subscription) else { return (false, nil) }
      return (true, state.storage)
    }
    guard accepted else {
      subscription.cancel()
      return
    }
    guard let storage else {
      // The property is already gone: nothing to write to.
      cancel()
      return
    }
    storage.adopt(self)
    subscription.request(.unlimited)
    // Released here at the earliest, after the request: if this was the last reference, the
    // storage's `deinit` now cancels the subscription just requested.
    withExtendedLifetime(storage) {}
  }

  func receive(_ input: Value) -> Subscribers.Demand {
    let storage = state.withLock { state -> PublishedStorage<Value>? in
      state.subscription.isTerminal ? nil : state.storage
    }
    guard let storage else { return .none }
    storage.set(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {
    let (subscription, storage) = state.withLock { state -> ((any Subscription)?, PublishedStorage<Value>?) in
      defer { state.subscription = .terminal }
      return (state.subscription.subscription, state.storage)
    }
    withExtendedLifetime(subscription) {}
    storage?.remove(self)
  }

  func cancel() {
    let subscription = state.withLock { state -> (any Subscription)? in
      defer { state.subscription = .terminal }
      return state.subscription.subscription
    }
    subscription?.cancel()
  }
}

// Safety: the only mutable state is `state`, a `LockedState`.
extension PublishedSubscriber: @unchecked Sendable {}
#endif
