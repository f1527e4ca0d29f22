// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publishers {
  /// A publisher that delivers the elements of a sequence, one per unit of demand, then finishes.
  ///
  /// Each subscriber gets its own iteration from the start. Elements are read lazily, as demand
  /// arrives, with one element read ahead so that `.finished` follows the last element at once,
  /// without waiting for further demand. An empty sequence finishes right after the subscription.
  ///
  /// - Demand: never more elements than requested. A `request` from inside `receive(_:)` adds to
  ///   the demand of the delivery in progress instead of recursing, so order is kept.
  /// - Cancellation: no element is delivered after a `cancel` made from inside `receive(_:)`; a
  ///   `cancel` from another thread stops delivery after the element in flight.
  /// - Threading: elements are delivered on the thread that requested them.
  /// - Failure: it never fails; `Failure` only lets it stand in for a failing publisher.
  ///
  /// ```swift
  /// let cancellable = Publishers.Sequence<[String], Never>(sequence: ["a", "b"])
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // Prints: a
  /// //         b
  /// //         finished
  /// ```
  public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
    /// The sequence's elements.
    public typealias Output = Elements.Element

    /// The sequence this publisher delivers.
    public let sequence: Elements

    /// Creates a publisher of the elements of `sequence`.
    ///
    /// ```swift
    /// let letters = Publishers.Sequence<String, Never>(sequence: "abc")
    /// ```
    ///
    /// - Parameter sequence: The elements to deliver, iterated once per subscriber.
    public init(sequence: Elements) {
      self.sequence = sequence
    }

    /// Attaches `subscriber`, which receives the elements as it asks for them, then `.finished`.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Elements.Element, S.Failure == Failure {
      let reflection = SequenceReflection(endedDescription: "Sequence", showsCompletion: false)
      SequenceSubscription.subscribe(
        subscriber, to: sequence.makeIterator(), completion: .finished, source: sequence, reflection: reflection)
    }
  }
}

extension Publishers.Sequence: Equatable where Elements: Equatable {}

extension Publishers.Sequence: Sendable where Elements: Sendable {}

extension Sequence {
  /// A publisher that delivers the elements of this sequence, one per unit of demand, then
  /// finishes.
  ///
  /// See ``Publishers/Sequence`` for demand, cancellation and threading.
  ///
  /// ```swift
  /// let cancellable = [1, 2, 3].publisher.sink { print($0) }
  /// // Prints: 1
  /// //         2
  /// //         3
  /// ```
  public var publisher: Publishers.Sequence<Self, Never> {
    Publishers.Sequence(sequence: self)
  }
}
#endif
