// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

extension Subscribers {
  /// A subscriber that asks for unlimited values and writes each one to a property of an object.
  ///
  /// It holds the object strongly until the publisher completes or the subscription is cancelled.
  /// You usually make one with ``Publisher/assign(to:on:)``.
  ///
  /// ```swift
  /// final class Label { var text = "" }
  /// let label = Label()
  /// let assign = Subscribers.Assign(object: label, keyPath: \.text)
  /// Just("Hello").subscribe(assign)
  /// print(label.text)  // Hello
  /// ```
  public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible
  {
    /// Assign never fails.
    public typealias Failure = Never

    private struct State {
      var subscription: SubscriptionStatus = .awaitingSubscription
      var object: Root?
    }

    private let state: LockedState<State>

    /// The property written to.
    public let keyPath: ReferenceWritableKeyPath<Root, Input>

    /// The object written to, until completion or cancellation.
    public var object: Root? {
      state.withLock { $0.object }
    }

    /// Creates a subscriber that writes to `object[keyPath: keyPath]`.
    ///
    /// ```swift
    /// final class Model { var count = 0 }
    /// let assign = Subscribers.Assign(object: Model(), keyPath: \.count)
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object to write to.
    ///   - keyPath: The property to write.
    public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
      state = .make(State(object: object))
      self.keyPath = keyPath
    }

    /// `Assign` and the root type, as Combine prints it: `Assign Model.`
    public var description: String { "Assign \(Root.self)." }

    /// The object, the key path and the subscription status, as Combine shows them.
    public var customMirror: Mirror {
      let (object, status) = state.withLock { ($0.object, $0.subscription) }
      let children: [Mirror.Child] = [("object", object as Any), ("keyPath", keyPath), ("status", status)]
      return Mirror(self, children: children)
    }

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

    /// Writes `value` to the property while subscribed; ignored before the subscription arrives
    /// and after completion or cancellation, as in Combine.
    public func receive(_ value: Input) -> Subscribers.Demand {
      // As in Combine, a value is written only while subscribed: not before the subscription
      // arrives, nor after the end (when the object is gone). Matching the case without binding
      // its payload does not copy (or retain) the subscription.
      let object = state.withLock { state -> Root? in
        guard case .subscribed = state.subscription else { return nil }
        return state.object
      }
      guard let object else { return .none }
      object[keyPath: keyPath] = value
      return .none
    }

    /// Releases the object. As in Combine, a completion before the subscription arrives is
    /// ignored.
    public func receive(completion: Subscribers.Completion<Never>) {
      let object = state.withLock { state -> Root? in
        guard case .subscribed = state.subscription else { return nil }
        defer {
          state.subscription = .terminal
          state.object = nil
        }
        return state.object
      }
      withExtendedLifetime(object) {}
    }

    /// Cancels the subscription and releases the object. As in Combine, a cancel before the
    /// subscription arrives does nothing: the object is kept, and a later subscription accepted.
    public func cancel() {
      let (subscription, object) = state.withLock { state -> ((any Subscription)?, Root?) in
        guard case .subscribed = state.subscription else { return (nil, nil) }
        defer {
          state.subscription = .terminal
          state.object = nil
        }
        return (state.subscription.subscription, state.object)
      }
      withExtendedLifetime(object) {}
      subscription?.cancel()
    }
  }
}

extension Publisher where Failure == Never {
  /// Writes each value to a property of `object`, which is held until completion or cancellation.
  ///
  /// ```swift
  /// final class Thermostat { var target = 0 }
  /// let thermostat = Thermostat()
  /// let cancellable = [19, 21].publisher.assign(to: \.target, on: thermostat)
  /// print(thermostat.target)  // 21
  /// ```
  ///
  /// - Important: As in Combine, the property is written on the thread that delivers each value
  ///   and nothing checks which actor owns it: deliver on the object's actor first (a `@MainActor`
  ///   view model: `.receive(on: .mainActor)` or `.receive(on: DispatchQueue.main)`).
  ///
  /// - Parameters:
  ///   - keyPath: The property to write.
  ///   - object: The object to write to.
  /// - Returns: A cancellable that ends the subscription when cancelled or released.
  public func assign<Root>(
    to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root
  ) -> AnyCancellable {
    let assign = Subscribers.Assign(object: object, keyPath: keyPath)
    subscribe(assign)
    return AnyCancellable(assign)
  }
}
#endif
