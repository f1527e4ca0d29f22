// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// The link between one publisher and one subscriber, through which the subscriber asks for
/// values and cancels.
///
/// Demand adds up: `request(.max(2))` then `request(.max(3))` allows five values. Requesting
/// `.none` is a contract violation. After ``Cancellable/cancel()`` the publisher stops sending;
/// a value already in flight on another thread may still arrive.
///
/// ```swift
/// let subject = PassthroughSubject<Int, Never>()
/// subject.subscribe(AnySubscriber(
///   receiveSubscription: { $0.request(.max(1)) },
///   receiveValue: { print($0); return .none },
///   receiveCompletion: nil))
/// subject.send(1)  // Prints: 1
/// subject.send(2)  // dropped: no demand left
/// ```
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
  /// Asks the publisher for up to `demand` more values.
  ///
  /// - Parameter demand: How many more values to allow; must not be `.none`.
  func request(_ demand: Subscribers.Demand)
}

/// Subscriptions with no state of their own.
///
/// ```swift
/// let subscription = Subscriptions.empty
/// subscription.request(.unlimited)  // does nothing
/// ```
public enum Subscriptions {}

extension Subscriptions {
  /// A subscription that ignores requests and cancellation.
  ///
  /// Publishers that complete at once (``Empty``, ``Fail``, a finished subject) hand it to their
  /// subscribers before the completion.
  ///
  /// ```swift
  /// Subscriptions.empty.cancel()  // does nothing
  /// ```
  public static var empty: any Subscription { EmptySubscription.shared }
}

/// The subscription behind ``Subscriptions/empty``: one shared instance.
private final class EmptySubscription: Subscription, CustomStringConvertible, CustomReflectable,
  CustomPlaygroundDisplayConvertible, Sendable
{
  static let shared = EmptySubscription()

  let combineIdentifier = CombineIdentifier()

  var description: String { "Empty" }

  /// No children, as Combine shows it.
  var customMirror: Mirror { Mirror(self, children: [:]) }

  var playgroundDescription: Any { description }

  func request(_ demand: Subscribers.Demand) {}

  func cancel() {}
}
#endif
