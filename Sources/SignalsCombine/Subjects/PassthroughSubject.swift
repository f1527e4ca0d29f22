// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// A subject that forwards each value you send to the subscribers that want one, and keeps
/// nothing.
///
/// - A subscriber gets a value only if it has demand at that moment; a value sent while it has
///   none is dropped for it (use ``CurrentValueSubject`` or `buffer` to keep values).
/// - After ``send(completion:)``, values are ignored, and every later subscriber receives the same
///   completion at once.
/// - Safe to use from many threads: each subscriber is called by one thread at a time, in the
///   order its values were accepted. A `send`, `cancel`, `request` or `subscribe` made from inside a
///   subscriber's `receive(_:)` runs at once, nested, as in Combine.
/// - Sending allocates nothing, and cancelling one subscriber among many does not scan the list.
///
/// ```swift
/// let messages = PassthroughSubject<String, Never>()
/// let first = messages.sink { print("first:", $0) }
/// messages.send("hello")
/// let second = messages.sink { print("second:", $0) }
/// messages.send("world")
/// messages.send(completion: .finished)
/// // Prints: first: hello
/// //         first: world
/// //         second: world
/// ```
public final class PassthroughSubject<Output, Failure: Error>: Subject {
  let storage = SubjectStorage<Output, Failure>(currentValue: nil)

  /// Creates a subject with no subscribers.
  ///
  /// ```swift
  /// let taps = PassthroughSubject<Void, Never>()
  /// ```
  public init() {}

  deinit {
    storage.cancelUpstreams()
  }

  /// Attaches `subscriber`; after completion it receives the completion at once.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    storage.subscribe(subscriber, owner: self)
  }

  /// Sends `input` to every subscriber that has demand; ignored after completion.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let cancellable = subject.sink { print($0) }
  /// subject.send(42)  // Prints: 42
  /// ```
  ///
  /// - Parameter input: The value to send.
  public func send(_ input: Output) {
    storage.send(input)
  }

  /// Completes every subscriber, now and later; only the first completion counts.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let cancellable = subject.sink(receiveCompletion: { print($0) }, receiveValue: { _ in })
  /// subject.send(completion: .finished)  // Prints: finished
  /// ```
  ///
  /// - Parameter completion: `.finished` or `.failure`.
  public func send(completion: Subscribers.Completion<Failure>) {
    storage.send(completion: completion)
  }

  /// Adopts an upstream subscription when this subject is subscribed to a publisher; the subject
  /// asks it for unlimited values once any subscriber asks for values.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let link = [1, 2].publisher.subscribe(subject)  // calls send(subscription:)
  /// ```
  ///
  /// - Parameter subscription: The upstream subscription.
  public func send(subscription: any Subscription) {
    storage.send(subscription: subscription)
  }
}

// Safety: all mutable state is inside `storage`, whose state lives in one `LockedState`.
extension PassthroughSubject: @unchecked Sendable {}
#endif
