// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// The publisher an ``ObservableObject`` uses to announce, before it happens, that the object is
/// about to change.
///
/// It sends `Void`, never fails and never completes. You rarely create one yourself: the default
/// ``ObservableObject/objectWillChange`` of a class gives each object one, and every
/// ``Published`` property of that object calls ``send()`` just before its value changes. Declare
/// your own (`let objectWillChange = ObservableObjectPublisher()`) when the object's changes are
/// not all stored in `@Published` properties and you call ``send()`` yourself.
///
/// - As in Combine, a subscriber's first request, whatever it asks for, opens it to every signal
///   sent from then on; signals sent before it asks for any are not kept for it.
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

  /// Attaches `subscriber`; it receives a signal for each ``send()`` made after its first request.
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

  /// Signals every subscriber that has asked for anything that the object is about to change.
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
#endif
