// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

extension Subscribers {
  /// A subscriber that asks for unlimited values and hands each one, and the completion, to a
  /// closure.
  ///
  /// You usually make one with ``Publisher/sink(receiveCompletion:receiveValue:)`` and keep the
  /// returned ``AnyCancellable``. Cancelling, or receiving the completion, releases both closures,
  /// which breaks the retain cycle a closure capturing its owner would otherwise form.
  ///
  /// ```swift
  /// let sink = Subscribers.Sink<Int, Never>(
  ///   receiveCompletion: { print("end:", $0) },
  ///   receiveValue: { print("value:", $0) })
  /// [1].publisher.subscribe(sink)
  /// // Prints: value: 1
  /// //         end: finished
  /// ```
  public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible
  {
    fileprivate struct State {
      var subscription: SubscriptionStatus = .awaitingSubscription
      /// `nil` once cancelled or completed, which releases the closures.
      var handlers: SinkHandlers<Input, Failure>?
    }

    private let state: LockedState<State>

    /// The closure called with each value (a no-op once cancelled or completed).
    public var receiveValue: (Input) -> Void {
      state.withLock { $0.handlers }?.closures.valueHandler ?? { _ in }
    }

    /// The closure called with the completion (a no-op once cancelled or completed).
    public var receiveCompletion: (Subscribers.Completion<Failure>) -> Void {
      state.withLock { $0.handlers }?.closures.completionHandler ?? { _ in }
    }

    /// Creates a sink from two closures.
    ///
    /// ```swift
    /// let sink = Subscribers.Sink<String, Never>(receiveCompletion: { _ in }, receiveValue: { print($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - isolation: The actor the closures belong to; leave the default, the caller's. A sink
    ///     made on an actor stops the program, with a message, if an event reaches it off that
    ///     actor (see ``Publisher/sink(isolation:receiveCompletion:receiveValue:)``).
    ///   - receiveCompletion: Called once with the completion.
    ///   - receiveValue: Called with each value.
    public init(
      isolation: (any Actor)? = #isolation,
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Input) -> Void
    ) {
      let handlers: SinkHandlers<Input, Failure>
      if let isolation = AttachedIsolation(isolation) {
        handlers = SinkHandlers(
          receiveValue: isolation.guarding(receiveValue, "Subscribers.Sink", delivering: "a value"),
          receiveCompletion: isolation.guarding(receiveCompletion, "Subscribers.Sink", delivering: "the completion"))
      } else {
        handlers = SinkHandlers(receiveValue: receiveValue, receiveCompletion: receiveCompletion)
      }
      state = .make(State(handlers: handlers))
    }

    /// `Sink`, as Combine prints it.
    public var description: String { "Sink" }

    /// A mirror with no children.
    public var customMirror: Mirror { Mirror(self, children: [:]) }

    /// The description, for playgrounds.
    public var playgroundDescription: Any { description }

    /// Stores the subscription and asks for unlimited values; a second subscription is cancelled.
    public func receive(subscription: any Subscription) {
      let accepted = state.withLock { state in state.subscription.accept(subscription) }
      if accepted {
        subscription.request(.unlimited)
      } else {
        subscription.cancel()
      }
    }

    /// Calls `receiveValue`; values after cancel or completion are ignored.
    public func receive(_ value: Input) -> Subscribers.Demand {
      // The closures travel in a class box: a closure returned through `withLock`'s generic result
      // would be re-abstracted, which allocates a thunk on every value. The box is there exactly
      // until the sink ends, so it alone says whether to deliver: reading the subscription status
      // would copy (and retain) the subscription it holds. (Unwrapped with `guard let`: calling
      // through `handlers?.` retains the box a second time around the call.)
      guard let handlers = state.withLock({ state in state.handlers }) else { return .none }
      handlers.closures.receive(value)
      return .none
    }

    /// Calls `receiveCompletion` once, then releases both closures.
    public func receive(completion: Subscribers.Completion<Failure>) {
      let handlers = state.withLock { state -> SinkHandlers<Input, Failure>? in
        guard !state.subscription.isTerminal else { return nil }
        state.subscription = .terminal
        defer { state.handlers = nil }
        return state.handlers
      }
      // The closures are released after the completion closure runs, outside the lock.
      handlers?.closures.receive(completion: completion)
    }

    /// Cancels the subscription and releases both closures. As in Combine, a cancel before the
    /// subscription arrives does nothing.
    public func cancel() {
      let (subscription, handlers) = state.withLock { state -> ((any Subscription)?, SinkHandlers<Input, Failure>?) in
        // As in Combine, a cancel before any subscription arrived does nothing: the closures are
        // kept, and a subscription that arrives later is still accepted.
        guard case .subscribed = state.subscription else { return (nil, nil) }
        defer {
          state.subscription = .terminal
          state.handlers = nil
        }
        return (state.subscription.subscription, state.handlers)
      }
      // The closures (and whatever they captured) are released here, outside the lock.
      withExtendedLifetime(handlers) {}
      subscription?.cancel()
    }
  }
}

/// The two closures of a ``Subscribers/Sink``, immutable, in one reference that the sink moves out
/// of its lock for each call: one retain, where copying the closures out would retain both and
/// re-abstract them.
///
/// They are kept as a noncopyable ``SinkClosures`` in a `let`, so a call borrows them in place and
/// does not retain a closure's context around it.
final class SinkHandlers<Input, Failure: Error> {
  let closures: SinkClosures<Input, Failure>

  init(
    receiveValue: @escaping (Input) -> Void,
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
  ) {
    closures = SinkClosures(receiveValue: receiveValue, receiveCompletion: receiveCompletion)
  }
}

extension Publisher {
  /// Attaches a sink that asks for unlimited values and calls `receiveValue` with each one and
  /// `receiveCompletion` at the end.
  ///
  /// Keep the returned cancellable for as long as you want values.
  ///
  /// ```swift
  /// let cancellable = [1, 2].publisher.sink(
  ///   receiveCompletion: { print("end:", $0) },
  ///   receiveValue: { print($0) })
  /// // Prints: 1
  /// //         2
  /// //         end: finished
  /// ```
  ///
  /// - Important: Attached from inside an actor (a `@MainActor` view model, say), the closures
  ///   are that actor's: Swift 6 infers it. Such a sink checks every event and stops the program,
  ///   with a message naming the sink and the fix, when one arrives off the actor — a data race
  ///   that would otherwise go unnoticed. Deliver on the actor first (`.receive(on: .mainActor)`,
  ///   which also makes the closures `@MainActor`), or pass `isolation: nil` for `@Sendable`
  ///   closures that may run anywhere. Attached from nonisolated code, a sink is not checked and
  ///   behaves exactly as Combine's.
  ///
  /// - Parameters:
  ///   - isolation: The actor the closures belong to; leave the default, the caller's.
  ///   - receiveCompletion: Called once with the completion.
  ///   - receiveValue: Called with each value.
  /// - Returns: A cancellable that ends the subscription when cancelled or released.
  public func sink(
    isolation: (any Actor)? = #isolation,
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    // Outside any actor the closures go in as they are: no wrapper, no cost.
    guard let isolation = AttachedIsolation(isolation) else {
      return attachSink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }
    return attachSink(
      receiveCompletion: isolation.guarding(
        receiveCompletion, "sink(receiveCompletion:receiveValue:)", delivering: "the completion"),
      receiveValue: isolation.guarding(receiveValue, "sink(receiveCompletion:receiveValue:)", delivering: "a value"))
  }

  private func attachSink(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    // On a subject, the closures go straight into the subject's conduit: no `Subscribers.Sink` in
    // between, so a value costs no lock of the sink's own, and a subscription two objects.
    if let subject = self as? PassthroughSubject<Output, Failure> {
      return subject.storage.attachSink(
        receiveCompletion: receiveCompletion, receiveValue: receiveValue, owner: subject)
    }
    if let subject = self as? CurrentValueSubject<Output, Failure> {
      return subject.storage.attachSink(
        receiveCompletion: receiveCompletion, receiveValue: receiveValue, owner: subject)
    }
    let sink = Subscribers.Sink<Output, Failure>(
      isolation: nil, receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    subscribe(sink)
    // `Sink.cancel()` is idempotent and thread-safe: no lock of the cancellable's own is needed.
    return AnyCancellable(idempotent: sink)
  }
}

extension Publisher where Failure == Never {
  /// Attaches a sink that asks for unlimited values and calls `receiveValue` with each one.
  ///
  /// Only for publishers that cannot fail; otherwise use
  /// ``Publisher/sink(receiveCompletion:receiveValue:)``.
  ///
  /// ```swift
  /// let cancellable = Just("hi").sink { print($0) }
  /// // Prints: hi
  /// ```
  ///
  /// - Important: Attached from inside an actor, the closure is that actor's, and the sink stops
  ///   the program if a value reaches it off the actor; see
  ///   ``Publisher/sink(isolation:receiveCompletion:receiveValue:)``.
  ///
  /// - Parameters:
  ///   - isolation: The actor the closure belongs to; leave the default, the caller's.
  ///   - receiveValue: Called with each value.
  /// - Returns: A cancellable that ends the subscription when cancelled or released.
  public func sink(isolation: (any Actor)? = #isolation, receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    // Outside any actor the closures go in as they are: no wrapper, no cost.
    guard let isolation = AttachedIsolation(isolation) else {
      return attachSink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
    return attachSink(
      receiveCompletion: { _ in },
      receiveValue: isolation.guarding(receiveValue, "sink(receiveValue:)", delivering: "a value"))
  }
}
