// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// An object that announces, through a publisher, that it is about to change.
///
/// Adopt it in a class and you get ``objectWillChange`` for free: a publisher that fires once just
/// before any of the object's ``Published`` properties changes — properties declared in the class,
/// in its superclasses and in its subclasses alike. Observers (a view, a logger, a cache) subscribe
/// to it and read the object afterwards, typically on their next update pass.
///
/// - The synthesized ``objectWillChange`` is the same ``ObservableObjectPublisher`` every time you
///   read it for a given object, also in a class with no `@Published` property, where you call
///   ``ObservableObjectPublisher/send()`` yourself.
/// - Declare your own `objectWillChange` to use another publisher; `@Published` properties then do
///   not signal it (as in Combine), so call its `send()` yourself.
/// - It works on every platform, with no Objective-C runtime.
///
/// ```swift
/// final class Basket: ObservableObject {
///   @Published var items: [String] = []
///   @Published var coupon: String?
/// }
/// let basket = Basket()
/// let cancellable = basket.objectWillChange.sink { print("basket will change") }
/// basket.items.append("tea")
/// basket.coupon = "SPRING"
/// // Prints: basket will change
/// //         basket will change
/// ```
public protocol ObservableObject: AnyObject {
  /// The publisher of the will-change signals; ``ObservableObjectPublisher`` unless you say otherwise.
  associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
  where ObjectWillChangePublisher.Failure == Never

  /// A publisher that fires before the object changes.
  ///
  /// ```swift
  /// final class Door: ObservableObject {
  ///   @Published var isOpen = false
  /// }
  /// let door = Door()
  /// let cancellable = door.objectWillChange.sink { print("was open: \(door.isOpen)") }
  /// door.isOpen = true
  /// // Prints: was open: false
  /// ```
  var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
  /// The object's ``ObservableObjectPublisher``, which each of its `@Published` properties signals
  /// just before it changes.
  ///
  /// The first read creates the publisher and hands it to every `@Published` property of the object
  /// (found by reflecting over the stored properties of the class and its superclasses); each
  /// property keeps it, so every later read returns the same instance. A class with no
  /// `@Published` property gets a publisher kept for it in a table that holds the object weakly.
  /// Each read walks the object's stored properties, so keep the publisher rather than reading it
  /// in a loop.
  ///
  /// - Important: The walk uses `Mirror`, so a class that customises its reflection
  ///   (`CustomReflectable`) in a way that hides its `@Published` storage gets a publisher that
  ///   those properties do not signal.
  ///
  /// ```swift
  /// final class Stopwatch: ObservableObject {
  ///   @Published var ticks = 0
  /// }
  /// let stopwatch = Stopwatch()
  /// print(stopwatch.objectWillChange === stopwatch.objectWillChange)  // true
  /// ```
  public var objectWillChange: ObservableObjectPublisher {
    ObjectWillChangeRegistry.publisher(for: self)
  }
}

/// A stored property that signals its object's `objectWillChange`: what the default
/// `objectWillChange` looks for when it reflects over an object.
protocol ObjectWillChangeSignalling {
  /// Returns the publisher this property signals, first installing `makePublisher()` if it has none.
  func installObjectWillChange(_ makePublisher: () -> ObservableObjectPublisher) -> ObservableObjectPublisher
}

extension Published: ObjectWillChangeSignalling {
  func installObjectWillChange(_ makePublisher: () -> ObservableObjectPublisher) -> ObservableObjectPublisher {
    storage.installObjectWillChange(makePublisher)
  }
}
#endif
