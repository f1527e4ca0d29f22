// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// A subscriber whose concrete type is hidden, or one made from closures.
///
/// Wrap an existing subscriber to pass it where a concrete type is needed, wrap a ``Subject`` to
/// feed it from a publisher, or build one from up to three closures.
///
/// ```swift
/// let printer = AnySubscriber<Int, Never>(
///   receiveSubscription: { $0.request(.unlimited) },
///   receiveValue: { print("got", $0); return .none },
///   receiveCompletion: { print("end:", $0) })
/// [1, 2].publisher.subscribe(printer)
/// // Prints: got 1
/// //         got 2
/// //         end: finished
/// ```
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible, CustomReflectable,
  CustomPlaygroundDisplayConvertible
{
  /// The wrapped subscriber's identity.
  public let combineIdentifier: CombineIdentifier

  private let receiveSubscriptionBody: ((any Subscription) -> Void)?
  private let receiveValueBody: ((Input) -> Subscribers.Demand)?
  private let receiveCompletionBody: ((Subscribers.Completion<Failure>) -> Void)?
  /// The wrapped subscriber, for its description and mirror; `nil` for one made from closures.
  private let wrapped: Any?

  /// Wraps `subscriber`, keeping its identity and description; wrapping an `AnySubscriber`
  /// returns it unchanged.
  ///
  /// ```swift
  /// let erased = AnySubscriber(Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in }))
  /// ```
  ///
  /// - Parameter subscriber: The subscriber to wrap.
  public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
    if let erased = subscriber as? AnySubscriber<Input, Failure> {
      self = erased
      return
    }
    combineIdentifier = subscriber.combineIdentifier
    receiveSubscriptionBody = subscriber.receive(subscription:)
    receiveValueBody = subscriber.receive(_:)
    receiveCompletionBody = subscriber.receive(completion:)
    wrapped = subscriber
  }

  /// Makes a subscriber that forwards everything it receives into `subject`, asking for
  /// unlimited values.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let cancellable = subject.sink { print($0) }
  /// [1, 2].publisher.subscribe(AnySubscriber(subject))
  /// // Prints: 1
  /// //         2
  /// ```
  ///
  /// - Parameter subject: The subject to feed.
  public init<S: Subject>(_ subject: S) where S.Output == Input, S.Failure == Failure {
    self.init(SubjectSubscriber(subject))
  }

  /// Makes a subscriber from closures; a missing closure means "do nothing" (and, for values,
  /// "ask for nothing more").
  ///
  /// ```swift
  /// let counter = AnySubscriber<String, Never>(
  ///   receiveSubscription: { $0.request(.max(1)) },
  ///   receiveValue: { print($0); return .none })
  /// ```
  ///
  /// - Parameters:
  ///   - receiveSubscription: Called with the subscription.
  ///   - receiveValue: Called with each value; returns the additional demand.
  ///   - receiveCompletion: Called with the completion.
  public init(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveValue: ((Input) -> Subscribers.Demand)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
  ) {
    combineIdentifier = CombineIdentifier()
    receiveSubscriptionBody = receiveSubscription
    receiveValueBody = receiveValue
    receiveCompletionBody = receiveCompletion
    wrapped = nil
  }

  /// The wrapped subscriber's description (its type's name if it has none), or
  /// `Anonymous AnySubscriber` for one made from closures.
  ///
  /// ```swift
  /// print(AnySubscriber<Int, Never>())  // Anonymous AnySubscriber
  /// ```
  public var description: String {
    guard let wrapped else { return "Anonymous AnySubscriber" }
    if let describable = wrapped as? any CustomStringConvertible {
      return describable.description
    }
    return String(describing: type(of: wrapped))
  }

  /// The wrapped subscriber's mirror, or the mirror of ``description`` for one made from closures.
  ///
  /// ```swift
  /// print(Mirror(reflecting: AnySubscriber<Int, Never>()).subjectType)  // String
  /// ```
  public var customMirror: Mirror {
    guard let wrapped else { return Mirror(reflecting: description) }
    return Mirror(reflecting: wrapped)
  }

  /// The wrapped subscriber's playground description, or else ``description``.
  ///
  /// ```swift
  /// print(AnySubscriber<Int, Never>().playgroundDescription)  // Anonymous AnySubscriber
  /// ```
  public var playgroundDescription: Any {
    if let displayable = wrapped as? any CustomPlaygroundDisplayConvertible {
      return displayable.playgroundDescription
    }
    return description
  }

  /// Forwards the subscription.
  public func receive(subscription: any Subscription) {
    receiveSubscriptionBody?(subscription)
  }

  /// Forwards a value and returns the wrapped subscriber's demand (`.none` without a closure).
  public func receive(_ value: Input) -> Subscribers.Demand {
    receiveValueBody?(value) ?? .none
  }

  /// Forwards the completion.
  public func receive(completion: Subscribers.Completion<Failure>) {
    receiveCompletionBody?(completion)
  }
}
#endif
