// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The publisher an ``ObservableObject`` uses to announce, before it happens, that the object is
/// about to change.
///
/// It sends `Void`, never fails and never completes. You rarely create one yourself: the default
/// ``ObservableObject/objectWillChange`` of a class gives each object one, and every
/// ``Published`` property of that object calls ``send()`` just before its value changes. Declare
/// your own (`let objectWillChange = ObservableObjectPublisher()`) when the object's changes are
/// not all stored in `@Published` properties and you call ``send()`` yourself.
///
/// - A subscriber receives a signal only while it has demand, as with ``PassthroughSubject``:
///   signals sent before it asks for any are not kept for it. (Combine delivers every signal once
///   any demand has been requested; Signals counts demand like every other publisher.)
/// - Safe to use from many threads: each subscriber is called by one thread at a time.
///
/// ```swift
/// let willChange = ObservableObjectPublisher()
/// let cancellable = willChange.sink { print("about to change") }
/// willChange.send()
/// // Prints: about to change
/// ```
public final class ObservableObjectPublisher: Publisher, Sendable {
  /// A signal carries no value.
  public typealias Output = Void

  /// It never fails.
  public typealias Failure = Never

  private let storage = SubjectStorage<Void, Never>(currentValue: nil, treatsAnyDemandAsUnlimited: true)

  /// Creates a publisher with no subscribers.
  ///
  /// ```swift
  /// final class Downloads: ObservableObject {
  ///   let objectWillChange = ObservableObjectPublisher()
  ///   var finished = 0 {
  ///     willSet { objectWillChange.send() }
  ///   }
  /// }
  /// ```
  public init() {}

  /// Attaches `subscriber`; it receives a signal for each ``send()`` made while it has demand.
  ///
  /// ```swift
  /// let willChange = ObservableObjectPublisher()
  /// willChange.subscribe(AnySubscriber(receiveValue: { print("signal"); return .none }))
  /// ```
  ///
  /// - Parameter subscriber: The subscriber to attach.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
    storage.subscribe(subscriber, owner: self)
  }

  /// Signals every subscriber that has demand that the object is about to change.
  ///
  /// ```swift
  /// let willChange = ObservableObjectPublisher()
  /// let cancellable = willChange.sink { print("changing") }
  /// willChange.send()  // Prints: changing
  /// ```
  public func send() {
    storage.send(())
  }
}
