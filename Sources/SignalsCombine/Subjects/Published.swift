// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// A property wrapper that publishes every change of a class's property, just before it happens.
///
/// Mark a stored property of a class with `@Published` and read `$property` to get a publisher of
/// its values:
///
/// - A subscriber first receives the current value, then each new value **as it is being set**
///   (Combine's `willSet` timing): while the subscriber runs, the property still returns the old
///   value.
/// - In a class that adopts ``ObservableObject`` without declaring its own `objectWillChange`, every
///   change of every `@Published` property (the class's own and its superclasses') first fires the
///   object's ``ObservableObject/objectWillChange``.
/// - ``Publisher/assign(to:)`` feeds a pipeline into the property for as long as the object lives.
///
/// `@Published` is only available on properties of classes: it reaches its storage through the
/// enclosing instance (see `subscript(_enclosingInstance:wrapped:storage:)`). Reading and setting
/// the property from several threads is safe: the value lives behind a lock, and subscribers and
/// `objectWillChange` are called after it is released. Each set sends `objectWillChange` once and
/// offers its value once to each `$property` subscriber; of sets that overlap, the one that began
/// last is the value the property keeps — a set made from inside a subscriber wins over the set
/// that is being announced.
///
/// ```swift
/// final class Player: ObservableObject {
///   @Published var score = 0
/// }
/// let player = Player()
/// let cancellable = player.$score.sink { newScore in
///   print("score \(player.score) -> \(newScore)")
/// }
/// player.score = 10
/// // Prints: score 0 -> 0
/// //         score 0 -> 10
/// ```
@propertyWrapper
public struct Published<Value> {
  /// Shared by every copy of this wrapper.
  let storage: PublishedStorage<Value>

  /// Creates the wrapper with an initial value; `@Published var x = 1` calls this.
  ///
  /// ```swift
  /// final class Settings {
  ///   @Published var volume = 0.5
  /// }
  /// ```
  ///
  /// - Parameter wrappedValue: The initial value.
  public init(wrappedValue: Value) {
    storage = PublishedStorage(wrappedValue)
  }

  /// Creates the wrapper with an initial value; the older spelling of ``init(wrappedValue:)``.
  ///
  /// ```swift
  /// final class Settings {
  ///   @Published var volume: Double
  ///   init() { _volume = Published(initialValue: 0.5) }
  /// }
  /// ```
  ///
  /// - Parameter initialValue: The initial value.
  public init(initialValue: Value) {
    self.init(wrappedValue: initialValue)
  }

  /// Not available: `@Published` works only on properties of classes, through
  /// ``subscript(_enclosingInstance:wrapped:storage:)``.
  ///
  /// The compiler uses the enclosing-instance subscript for every property of a class, so this
  /// accessor is never called; its being unavailable is what rejects `@Published` in a struct or
  /// enum at compile time.
  ///
  /// ```swift
  /// struct Point {
  ///   @Published var x = 0  // error: @Published is only available on properties of classes
  /// }
  /// ```
  @available(*, unavailable, message: "@Published is only available on properties of classes")
  public var wrappedValue: Value {
    get { preconditionFailure("@Published is only available on properties of classes") }
    set { preconditionFailure("@Published is only available on properties of classes") }
  }

  /// The publisher of the property's values: `$property`.
  ///
  /// Each read returns a publisher over the same storage. Writing it is what `assign(to: &$property)`
  /// does with the publisher it was given (its own); as in Combine, a write never rebinds the
  /// property to another property's storage.
  ///
  /// ```swift
  /// final class Thermometer {
  ///   @Published var celsius = 20
  /// }
  /// let thermometer = Thermometer()
  /// let cancellable = thermometer.$celsius.sink { print($0) }
  /// thermometer.celsius = 22
  /// // Prints: 20
  /// //         22
  /// ```
  public var projectedValue: Publisher {
    get { Publisher(storage: storage) }
    // The setter exists so that `$property` can be passed `inout` to `assign(to:)`; it writes
    // nothing, so the enclosing object's stored property is never modified after initialisation.
    nonmutating set {}
  }

  /// Reads and writes the property through the object that holds it; the compiler calls this for
  /// every access to a `@Published` property of a class.
  ///
  /// A write first sends the object's installed `objectWillChange` (see ``ObservableObject``), then
  /// offers the new value to the `$property` subscribers, and only then stores it.
  ///
  /// ```swift
  /// final class Counter {
  ///   @Published var count = 0
  /// }
  /// let counter = Counter()
  /// counter.count += 1  // reads and writes through this subscript
  /// print(counter.count)  // 1
  /// ```
  ///
  /// - Parameters:
  ///   - object: The object holding the property.
  ///   - wrappedKeyPath: The property as users see it.
  ///   - storageKeyPath: The wrapper's stored property (`_property`).
  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance object: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
  ) -> Value {
    get { object[keyPath: storageKeyPath].storage.value }
    set { object[keyPath: storageKeyPath].storage.set(newValue) }
  }
}

extension Published {
  /// The publisher of a `@Published` property's values (`$property`).
  ///
  /// It never fails and never completes. A subscriber receives the current value with its first
  /// demand, then each new value as it is being set. A subscriber without demand when values are
  /// set is not given each missed value, but receives the latest one when it next asks (as with
  /// ``CurrentValueSubject``). Each subscriber is called by one thread at a time.
  ///
  /// ```swift
  /// final class Upload {
  ///   @Published var progress = 0.0
  /// }
  /// let upload = Upload()
  /// let cancellable = upload.$progress.sink { print("progress", $0) }
  /// upload.progress = 0.5
  /// // Prints: progress 0.0
  /// //         progress 0.5
  /// ```
  public struct Publisher: SignalsCombine.Publisher {
    /// The property's values.
    public typealias Output = Value

    /// It never fails.
    public typealias Failure = Never

    let storage: PublishedStorage<Value>

    init(storage: PublishedStorage<Value>) {
      self.storage = storage
    }

    /// Attaches `subscriber`: it receives the current value when it first asks for values, then
    /// every change.
    ///
    /// ```swift
    /// final class Model {
    ///   @Published var name = "draft"
    /// }
    /// let model = Model()
    /// model.$name.subscribe(AnySubscriber(receiveValue: { print($0); return .none }))
    /// ```
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
      storage.subscribe(subscriber)
    }
  }
}

extension Published: Sendable where Value: Sendable {}

extension Published.Publisher: Sendable where Value: Sendable {}

extension Publisher where Failure == Never {
  /// Writes every value of this publisher to a `@Published` property, for as long as the object
  /// that holds the property lives.
  ///
  /// Each value is set as if through the object: the object's `objectWillChange` fires and the
  /// property's subscribers receive it. Nothing is returned to store: the property keeps the
  /// subscription, and when the object goes away the subscription is cancelled and everything it
  /// held is released. The subscriber holds the property weakly, so assigning a pipeline that
  /// captures nothing of the object creates no retain cycle (unlike `assign(to: \.x, on: self)`).
  ///
  /// - Demand: asks upstream for unlimited values as soon as it subscribes.
  /// - Completion: when upstream finishes, the property keeps its last value and lets the
  ///   subscription go.
  ///
  /// ```swift
  /// final class Clock {
  ///   @Published var seconds = 0
  ///   @Published var label = ""
  ///   init() {
  ///     $seconds.map { "\($0) s" }.assign(to: &$label)
  ///   }
  /// }
  /// let clock = Clock()
  /// clock.seconds = 3
  /// print(clock.label)  // 3 s
  /// ```
  ///
  /// - Important: As in Combine, each value is written on the thread that delivers it; deliver on
  ///   the object's actor first (`.receive(on: .mainActor)` for a `@MainActor` view model).
  ///
  /// - Parameter published: The `$property` to write to.
  public func assign(to published: inout Published<Output>.Publisher) {
    subscribe(PublishedSubscriber(published.storage))
  }
}
#endif
