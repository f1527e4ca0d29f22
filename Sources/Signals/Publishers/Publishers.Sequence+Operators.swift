// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

// Operators that Combine specialises for a sequence publisher: the sequence is all there from the
// start, so they do their work at once, on the sequence itself, and return a publisher of the
// result. `(0..<n).publisher.map { … }.reduce(0, +)` then runs as an array `map` and a `reduce`,
// with no subscription per stage and no lock per element. They are `@inlinable` (each is one call
// to public API) so that the client specialises the sequence's own `map` or `reduce`: unspecialised,
// iterating even a `Range<Int>` costs run-time metadata lookups on every element.

extension Publishers.Sequence {
  /// Transforms every element now, and returns a sequence publisher of the results.
  ///
  /// Like Combine, this overload maps the whole sequence at once, when you call it, rather than
  /// element by element as a subscriber asks: `transform` runs exactly once per element, before
  /// any subscription, and the result is replayed to every subscriber.
  ///
  /// - Demand: the returned publisher delivers as demand arrives, like any sequence publisher.
  /// - Threading: `transform` runs on the calling thread, here.
  ///
  /// ```swift
  /// let cancellable = [1, 2, 3].publisher.map { $0 * 10 }.sink { print($0) }
  /// // Prints: 10
  /// //         20
  /// //         30
  /// ```
  ///
  /// - Parameter transform: Turns one element into the element to publish.
  /// - Returns: A publisher of the transformed elements.
  @inlinable
  public func map<ElementOfResult>(
    _ transform: (Elements.Element) -> ElementOfResult
  ) -> Publishers.Sequence<[ElementOfResult], Failure> {
    Publishers.Sequence<[ElementOfResult], Failure>(sequence: sequence.map(transform))
  }

  /// Keeps the elements that satisfy `isIncluded`, deciding for all of them now.
  ///
  /// Like Combine, this overload filters the whole sequence when you call it; `isIncluded` runs
  /// once per element, before any subscription.
  ///
  /// - Demand: the returned publisher delivers as demand arrives, like any sequence publisher.
  /// - Threading: `isIncluded` runs on the calling thread, here.
  ///
  /// ```swift
  /// let cancellable = (1...6).publisher.filter { $0.isMultiple(of: 2) }.sink { print($0) }
  /// // Prints: 2
  /// //         4
  /// //         6
  /// ```
  ///
  /// - Parameter isIncluded: Whether to keep an element.
  /// - Returns: A publisher of the kept elements, in order.
  @inlinable
  public func filter(_ isIncluded: (Elements.Element) -> Bool) -> Publishers.Sequence<[Elements.Element], Failure> {
    Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.filter(isIncluded))
  }

  /// Combines every element into one value now, and returns a publisher of that value.
  ///
  /// Like Combine, this overload reduces the whole sequence when you call it; each subscriber
  /// then receives the result and `.finished` as soon as it asks for a value.
  ///
  /// - Demand: the result is delivered on the first demand.
  /// - Threading: `nextPartialResult` runs on the calling thread, here.
  ///
  /// ```swift
  /// let cancellable = (1...4).publisher.reduce(0, +).sink { print($0) }
  /// // Prints: 10
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The value to start from.
  ///   - nextPartialResult: Folds one element into the running result.
  /// - Returns: A publisher of the final result.
  @inlinable
  public func reduce<Accumulator>(
    _ initialResult: Accumulator,
    _ nextPartialResult: @escaping (Accumulator, Elements.Element) -> Accumulator
  ) -> Result<Accumulator, Failure>.Publisher {
    Result<Accumulator, Failure>.Publisher(sequence.reduce(initialResult, nextPartialResult))
  }

  /// Gathers every element into an array now, and returns a publisher of that array.
  ///
  /// Like Combine, this overload reads the whole sequence when you call it; each subscriber then
  /// receives the array and `.finished` as soon as it asks for a value.
  ///
  /// - Demand: the array is delivered on the first demand.
  ///
  /// ```swift
  /// let cancellable = "abc".publisher.collect().sink { print($0) }
  /// // Prints: ["a", "b", "c"]
  /// ```
  ///
  /// - Returns: A publisher of an array of all the elements, in order.
  @inlinable
  public func collect() -> Result<[Elements.Element], Failure>.Publisher {
    Result<[Elements.Element], Failure>.Publisher(Array(sequence))
  }
}
