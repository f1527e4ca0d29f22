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
      var receiveValue: (Input) -> Void
      var receiveCompletion: (Subscribers.Completion<Failure>) -> Void
    }

    private let state: LockedState<State>

    /// The closure called with each value (a no-op once cancelled or completed).
    public var receiveValue: (Input) -> Void {
      state.withLock { $0.receiveValue }
    }

    /// The closure called with the completion (a no-op once cancelled or completed).
    public var receiveCompletion: (Subscribers.Completion<Failure>) -> Void {
      state.withLock { $0.receiveCompletion }
    }

    /// Creates a sink from two closures.
    ///
    /// ```swift
    /// let sink = Subscribers.Sink<String, Never>(receiveCompletion: { _ in }, receiveValue: { print($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - receiveCompletion: Called once with the completion.
    ///   - receiveValue: Called with each value.
    public init(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Input) -> Void
    ) {
      state = .make(State(receiveValue: receiveValue, receiveCompletion: receiveCompletion))
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
      let body = state.withLock { state -> ((Input) -> Void)? in
        state.subscription.isTerminal ? nil : state.receiveValue
      }
      body?(value)
      return .none
    }

    /// Calls `receiveCompletion` once, then releases both closures.
    public func receive(completion: Subscribers.Completion<Failure>) {
      let released = state.withLock { state -> ((Input) -> Void, (Subscribers.Completion<Failure>) -> Void)? in
        guard !state.subscription.isTerminal else { return nil }
        state.subscription = .terminal
        return state.releaseClosures()
      }
      // `released.1` is the completion closure, released after it runs and outside the lock.
      released?.1(completion)
    }

    /// Cancels the subscription and releases both closures.
    public func cancel() {
      let (subscription, released) = state.withLock { state in
        defer { state.subscription = .terminal }
        return (state.subscription.subscription, state.releaseClosures())
      }
      // The closures (and whatever they captured) are released here, outside the lock.
      withExtendedLifetime(released) {}
      subscription?.cancel()
    }
  }
}

extension Subscribers.Sink.State {
  /// Swaps both closures for no-ops and returns the old ones, so the caller releases them after
  /// unlocking.
  fileprivate mutating func releaseClosures() -> ((Input) -> Void, (Subscribers.Completion<Failure>) -> Void) {
    defer {
      receiveValue = { _ in }
      receiveCompletion = { _ in }
    }
    return (receiveValue, receiveCompletion)
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
  /// - Parameters:
  ///   - receiveCompletion: Called once with the completion.
  ///   - receiveValue: Called with each value.
  /// - Returns: A cancellable that ends the subscription when cancelled or released.
  public func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    subscribe(sink)
    return AnyCancellable(sink)
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
  /// - Parameter receiveValue: Called with each value.
  /// - Returns: A cancellable that ends the subscription when cancelled or released.
  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}
