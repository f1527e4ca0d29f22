// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// A publisher you can push values into with ``send(_:)``.
///
/// Subjects bridge imperative code into pipelines. ``PassthroughSubject`` forwards what you send;
/// ``CurrentValueSubject`` also remembers the latest value. A subject can also be fed from another
/// publisher with ``Publisher/subscribe(_:)->AnyCancellable``.
///
/// ```swift
/// let events = PassthroughSubject<String, Never>()
/// let cancellable = events.sink { print($0) }
/// events.send("opened")
/// // Prints: opened
/// ```
public protocol Subject<Output, Failure>: AnyObject, Publisher {
  /// Sends `value` to the subscribers.
  ///
  /// - Parameter value: The value to send.
  func send(_ value: Output)

  /// Ends the subject: every current subscriber, and every later one, receives `completion`.
  ///
  /// - Parameter completion: `.finished` or `.failure`.
  func send(completion: Subscribers.Completion<Failure>)

  /// Gives the subject an upstream subscription, when the subject is subscribed to a publisher.
  ///
  /// The subject requests unlimited values from it; ``send(completion:)`` cancels nothing.
  ///
  /// - Parameter subscription: The upstream subscription.
  func send(subscription: any Subscription)
}

extension Subject where Output == Void {
  /// Sends a `Void` value: shorthand for `send(())`.
  ///
  /// ```swift
  /// let taps = PassthroughSubject<Void, Never>()
  /// let cancellable = taps.sink { print("tap") }
  /// taps.send()
  /// // Prints: tap
  /// ```
  public func send() {
    send(())
  }
}

extension Publisher {
  /// Feeds this publisher's values and completion into `subject`.
  ///
  /// The returned cancellable keeps the link alive; cancel it to stop feeding the subject.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let printer = subject.sink { print($0) }
  /// let link = [1, 2].publisher.subscribe(subject)
  /// // Prints: 1
  /// //         2
  /// ```
  ///
  /// - Parameter subject: The subject to feed.
  /// - Returns: A cancellable that ends the link.
  public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable where S.Output == Output, S.Failure == Failure {
    let subscriber = SubjectSubscriber(subject)
    subscribe(subscriber)
    return AnyCancellable(subscriber)
  }
}

/// A publisher that starts producing only when ``connect()`` is called, so that several
/// subscribers can attach first.
///
/// ```swift
/// let shared = [1, 2].publisher.makeConnectable()
/// let a = shared.sink { print("a", $0) }
/// let b = shared.sink { print("b", $0) }
/// let connection = shared.connect()
/// ```
public protocol ConnectablePublisher<Output, Failure>: Publisher {
  /// Starts the upstream work; cancel the result to stop it.
  ///
  /// - Returns: A cancellable that ends the connection.
  func connect() -> any Cancellable
}
#endif
