// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// A subject that holds a current value, sends it to each new subscriber, and sends every change.
///
/// - Setting ``value`` is the same as calling ``send(_:)``, except after completion (below).
/// - A new subscriber receives the current value as soon as it asks for one.
/// - A subscriber that had no demand when values were sent is not given every missed value, but
///   receives the latest one when it next calls `request(_:)`. As in Combine, demand it returns
///   from `receive(_:)` does not bring that value: it counts towards later sends only.
/// - After ``send(completion:)``, sends are ignored; setting ``value`` still stores it, as in
///   Combine, but sends it to no one. Later subscribers receive only the completion.
/// - Safe to use from many threads, with the same guarantees as ``PassthroughSubject``.
///
/// ```swift
/// let followers = CurrentValueSubject<Int, Never>(120)
/// let screen = followers.sink { print("followers:", $0) }
/// followers.value += 1
/// print(followers.value)
/// // Prints: followers: 120
/// //         followers: 121
/// //         121
/// ```
public final class CurrentValueSubject<Output, Failure: Error>: Subject {
  let storage: SubjectStorage<Output, Failure>

  /// Creates a subject holding `value`.
  ///
  /// ```swift
  /// let volume = CurrentValueSubject<Double, Never>(0.5)
  /// ```
  ///
  /// - Parameter value: The initial value.
  public init(_ value: Output) {
    storage = SubjectStorage(currentValue: value)
  }

  deinit {
    storage.cancelUpstreams()
  }

  /// The current value; setting it sends the new value to subscribers. After completion, as in
  /// Combine, a value set is stored (and read back) but sent to no one.
  ///
  /// ```swift
  /// let count = CurrentValueSubject<Int, Never>(0)
  /// count.value = 5
  /// print(count.value)  // 5
  /// ```
  public var value: Output {
    get { storage.currentValue }
    set { storage.send(newValue, storingAfterCompletion: true) }
  }

  /// Attaches `subscriber`; it receives the current value when it first asks for values.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    storage.subscribe(subscriber, owner: self)
  }

  /// Replaces the current value and sends it to subscribers with demand; ignored after completion.
  ///
  /// ```swift
  /// let count = CurrentValueSubject<Int, Never>(0)
  /// let cancellable = count.sink { print($0) }
  /// count.send(1)
  /// // Prints: 0
  /// //         1
  /// ```
  ///
  /// - Parameter input: The new value.
  public func send(_ input: Output) {
    storage.send(input)
  }

  /// Completes every subscriber, now and later; only the first completion counts.
  ///
  /// ```swift
  /// let count = CurrentValueSubject<Int, Never>(0)
  /// count.send(completion: .finished)
  /// ```
  ///
  /// - Parameter completion: `.finished` or `.failure`.
  public func send(completion: Subscribers.Completion<Failure>) {
    storage.send(completion: completion)
  }

  /// Adopts an upstream subscription when this subject is subscribed to a publisher; as in
  /// Combine, the subject asks it for unlimited values at once, so ``value`` stays current even
  /// with no subscriber.
  ///
  /// ```swift
  /// let count = CurrentValueSubject<Int, Never>(0)
  /// let link = [1, 2].publisher.subscribe(count)
  /// print(count.value)  // 2
  /// ```
  ///
  /// - Parameter subscription: The upstream subscription.
  public func send(subscription: any Subscription) {
    storage.send(subscription: subscription)
  }
}

// Safety: all mutable state is inside `storage`, whose state lives in one `LockedState`.
extension CurrentValueSubject: @unchecked Sendable {}
#endif
