// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// A type that receives values, and then a completion, from a ``Publisher``.
///
/// The publisher calls the three methods in this order: ``receive(subscription:)`` once, then
/// ``receive(_:)`` at most as many times as the subscriber has requested, then
/// ``receive(completion:)`` at most once. The calls never overlap: a subscriber is never called
/// from two threads at once.
///
/// The value returned from ``receive(_:)`` is *additional* demand: `.none` keeps what is left
/// of the current demand, `.max(1)` asks for one more.
///
/// ```swift
/// final class PrintTwo: Subscriber {
///   typealias Input = String
///   typealias Failure = Never
///   func receive(subscription: any Subscription) { subscription.request(.max(2)) }
///   func receive(_ input: String) -> Subscribers.Demand { print(input); return .none }
///   func receive(completion: Subscribers.Completion<Never>) { print("done") }
/// }
/// ["a", "b", "c"].publisher.subscribe(PrintTwo())
/// // Prints: a
/// //         b
/// ```
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
  /// The kind of values this subscriber receives.
  associatedtype Input

  /// The kind of error this subscriber may receive.
  associatedtype Failure: Error

  /// Tells the subscriber that it is subscribed; request values through `subscription`.
  ///
  /// - Parameter subscription: The subscription to request values from or to cancel.
  func receive(subscription: any Subscription)

  /// Delivers one value and returns how many more values the subscriber wants.
  ///
  /// - Parameter input: The value.
  /// - Returns: Demand to add to what is outstanding (`.none` to add nothing).
  func receive(_ input: Input) -> Subscribers.Demand

  /// Tells the subscriber that the publisher finished or failed; nothing follows.
  ///
  /// - Parameter completion: `.finished`, or `.failure` with the error.
  func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
  /// Delivers a `Void` value: shorthand for `receive(())`.
  ///
  /// ```swift
  /// let subscriber = AnySubscriber<Void, Never>(receiveValue: { print("tick"); return .none })
  /// _ = subscriber.receive()
  /// // Prints: tick
  /// ```
  ///
  /// - Returns: Demand to add to what is outstanding.
  public func receive() -> Subscribers.Demand {
    receive(())
  }
}
#endif
