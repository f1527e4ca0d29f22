// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Optional {
  /// A publisher that delivers an optional's value, if it has one, then finishes.
  ///
  /// With a value it behaves like ``Just``: the value is sent once the subscriber asks for at
  /// least one, then `.finished`. With `nil` the subscriber receives `.finished` right after its
  /// subscription, whatever its demand. It never fails.
  ///
  /// ```swift
  /// let present: Int? = 4
  /// let absent: Int? = nil
  /// let a = present.publisher.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// let b = absent.publisher.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // Prints: 4
  /// //         finished
  /// //         finished
  /// ```
  public struct Publisher: SignalsCombine.Publisher {
    /// The wrapped type.
    public typealias Output = Wrapped

    /// It never fails.
    public typealias Failure = Never

    /// The value delivered to each subscriber, or `nil` to deliver none.
    public let output: Wrapped?

    /// Creates a publisher of `output`'s value, if any.
    ///
    /// ```swift
    /// let maybe = Optional<String>.Publisher("x")
    /// ```
    ///
    /// - Parameter output: The optional value.
    public init(_ output: Output?) {
      self.output = output
    }

    /// Attaches `subscriber`: the value on demand then `.finished`, or `.finished` at once for
    /// `nil`.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Wrapped, S.Failure == Never {
      if let output {
        SingleValueSubscription.subscribe(subscriber, to: output, name: "Optional")
      } else {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .finished)
      }
    }
  }

  /// A publisher that delivers this optional's value, if it has one, then finishes.
  ///
  /// ```swift
  /// let name: String? = "Ada"
  /// let cancellable = name.publisher.sink { print($0) }
  /// // Prints: Ada
  /// ```
  public var publisher: Publisher {
    Publisher(self)
  }
}

extension Optional.Publisher: Equatable where Wrapped: Equatable {}

extension Optional.Publisher: Sendable where Wrapped: Sendable {}
#endif
