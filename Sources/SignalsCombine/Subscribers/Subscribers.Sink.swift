// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

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

    /// The closures, for the token-fed value path, used in place; held only while the subscription
    /// is a subject's conduit that adopted this sink (see ``ConduitReleaseHook``): every call then
    /// comes from the conduit's delivery-token holder, one at a time, and values reach the closures
    /// with no lock of the sink's own. Owned by the delivery token: held by its holder in
    /// `receive(subscription:)`, before any value can be delivered, and released when the conduit
    /// releases its subscriber (no call is running then, and none follows), or in `deinit`.
    @exclusivity(unchecked) private var tokenHandlers = InPlaceReference<SinkHandlers<Input, Failure>>()

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
    /// Just("hi").subscribe(sink)
    /// // Prints: hi
    /// ```
    ///
    /// - Important: Closures written inside an actor are checked where they run, in Swift 6 code,
    ///   as described at ``Publisher/sink(receiveCompletion:receiveValue:)``.
    ///
    /// - Parameters:
    ///   - receiveCompletion: Called once with the completion.
    ///   - receiveValue: Called with each value.
    public init(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Input) -> Void
    ) {
      state = .make(State(handlers: SinkHandlers(receiveValue: receiveValue, receiveCompletion: receiveCompletion)))
    }

    /// `Sink`, as Combine prints it.
    public var description: String { "Sink" }

    /// A mirror with no children.
    public var customMirror: Mirror { Mirror(self, children: [:]) }

    /// The description, for playgrounds.
    public var playgroundDescription: Any { description }

    deinit {
      tokenHandlers.release()
    }

    /// Stores the subscription and asks for unlimited values; a second subscription is cancelled.
    public func receive(subscription: any Subscription) {
      let (accepted, handlers) = state.withLock { state in (state.subscription.accept(subscription), state.handlers) }
      guard accepted else {
        subscription.cancel()
        return
      }
      // Straight from a subject (through relays such as `map` and `filter`): the subject's delivery
      // token already serialises the calls and decides when none can run, so the values skip this
      // sink's lock, and the closures are released by the token's holder.
      if let conduit = subscription as? AnySubjectConduit, let handlers, conduit.adoptReleaseHook(self) {
        tokenHandlers = InPlaceReference(handlers)
      }
      subscription.request(.unlimited)
    }

    /// Calls `receiveValue`; values after cancel or completion are ignored.
    public func receive(_ value: Input) -> Subscribers.Demand {
      if tokenHandlers.isHeld {
        // The conduit delivers nothing after the end, and no call outlives the closures.
        tokenHandlers.withObject { $0.closures.receive(value) }
        return .none
      }
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

extension Subscribers.Sink: ConduitReleaseHook {
  /// The subject's conduit released this sink (no call is running): the closures go now, if
  /// cancel or the completion did not already take them from the lock.
  func conduitReleasedSubscriber() {
    tokenHandlers.release()
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
  /// - Important: The closures run on the thread that delivers each event. Written inside an
  ///   actor (a `@MainActor` view model, say), they are that actor's, and in Swift 6 code each
  ///   one checks when it runs that it runs there: an event arriving off the actor stops the
  ///   program ("Incorrect actor executor assumption"), as Combine does on Apple platforms.
  ///   Deliver on the actor first: `.receive(on: .mainActor)` or `.receive(on: DispatchQueue.main)`.
  ///   Code built in Swift 5 mode is not checked, as with Combine.
  ///
  /// - Parameters:
  ///   - receiveCompletion: Called once with the completion.
  ///   - receiveValue: Called with each value.
  /// - Returns: A cancellable that ends the subscription when cancelled or released.
  public func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    attachSink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
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
  /// - Important: The closure runs on the thread that delivers each value; written inside an
  ///   actor it is checked there in Swift 6 code, as described at
  ///   ``Publisher/sink(receiveCompletion:receiveValue:)``.
  ///
  /// - Parameter receiveValue: Called with each value.
  /// - Returns: A cancellable that ends the subscription when cancelled or released.
  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    attachSink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}

extension Publisher {
  /// What `sink` does: attaches the closures. On a subject (``SubjectAttaching``), the closures go
  /// straight into the subject's conduit: no `Subscribers.Sink` in between, so a value costs no
  /// lock of the sink's own, and a subscription two objects.
  private func attachSink(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    if let cancellable = SubjectAttaching.attachSink(
      to: self, receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    {
      return cancellable
    }
    let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    subscribe(sink)
    // `Sink.cancel()` is idempotent and thread-safe: no lock of the cancellable's own is needed.
    return AnyCancellable(idempotent: sink)
  }
}
#endif
