// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

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

    /// The object's type, as Combine prints it.
    public var description: String {
      object.map { "\(type(of: $0))" } ?? "Assign"
    }

    /// The object and key path.
    public var customMirror: Mirror {
      Mirror(self, children: ["object": object as Any, "keyPath": keyPath])
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

    /// Writes `value` to the property; ignored after completion or cancellation.
    public func receive(_ value: Input) -> Subscribers.Demand {
      // The object is there exactly until the end, so it alone says whether to write: reading the
      // subscription status would copy (and retain) the subscription it holds.
      guard let object = state.withLock({ state in state.object }) else { return .none }
      object[keyPath: keyPath] = value
      return .none
    }

    /// Releases the object.
    public func receive(completion: Subscribers.Completion<Never>) {
      let object = state.withLock { state -> Root? in
        defer {
          state.subscription = .terminal
          state.object = nil
        }
        return state.object
      }
      withExtendedLifetime(object) {}
    }

    /// Cancels the subscription and releases the object.
    public func cancel() {
      let (subscription, object) = state.withLock { state in
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
  /// - Parameters:
  ///   - keyPath: The property to write.
  ///   - object: The object to write to.
  /// - Returns: A cancellable that ends the subscription when cancelled or released.
  public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
    let assign = Subscribers.Assign(object: object, keyPath: keyPath)
    subscribe(assign)
    return AnyCancellable(assign)
  }
}
