// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
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

  /// Transforms every element now, keeping the non-`nil` results, and returns a sequence publisher
  /// of them.
  ///
  /// ```swift
  /// let publisher = ["1", "x", "3"].publisher.compactMap { Int($0) }
  /// print(publisher.sequence)  // [1, 3]
  /// ```
  ///
  /// - Parameter transform: Turns one element into an optional element to publish.
  /// - Returns: A publisher of the non-`nil` results, in order.
  @inlinable
  public func compactMap<ElementOfResult>(
    _ transform: (Elements.Element) -> ElementOfResult?
  ) -> Publishers.Sequence<[ElementOfResult], Failure> {
    Publishers.Sequence<[ElementOfResult], Failure>(sequence: sequence.compactMap(transform))
  }

  /// Accumulates the elements now and returns a sequence publisher of every intermediate result.
  ///
  /// ```swift
  /// print((1...4).publisher.scan(0, +).sequence)  // [1, 3, 6, 10]
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The value to start from; it is not published itself.
  ///   - nextPartialResult: Folds one element into the running result.
  /// - Returns: A publisher of the running results, one per element.
  @inlinable
  public func scan<ElementOfResult>(
    _ initialResult: ElementOfResult,
    _ nextPartialResult: @escaping (ElementOfResult, Elements.Element) -> ElementOfResult
  ) -> Publishers.Sequence<[ElementOfResult], Failure> {
    var running = initialResult
    var results: [ElementOfResult] = []
    results.reserveCapacity(sequence.underestimatedCount)
    for element in sequence {
      running = nextPartialResult(running, element)
      results.append(running)
    }
    return Publishers.Sequence<[ElementOfResult], Failure>(sequence: results)
  }

  /// Replaces every `nil` element with `output` now, and returns a sequence publisher of the
  /// result.
  ///
  /// ```swift
  /// print([1, nil, 3].publisher.replaceNil(with: 0).sequence)  // [Optional(1), Optional(0), Optional(3)]
  /// ```
  ///
  /// - Parameter output: The value to publish in place of `nil`.
  /// - Returns: A publisher of the elements with `nil` replaced.
  @inlinable
  public func replaceNil<ElementOfResult>(
    with output: ElementOfResult
  ) -> Publishers.Sequence<[Elements.Element], Failure> where Elements.Element == ElementOfResult? {
    Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.map { $0 ?? output })
  }

  /// Skips the leading elements that satisfy `predicate`, deciding now, and returns a sequence
  /// publisher of the rest.
  ///
  /// ```swift
  /// print(Array([1, 2, 5, 1].publisher.drop { $0 < 3 }.sequence))  // [5, 1]
  /// ```
  ///
  /// - Parameter predicate: Whether to drop an element at the start.
  /// - Returns: A publisher of the remaining elements.
  @inlinable
  public func drop(
    while predicate: (Elements.Element) -> Bool
  ) -> Publishers.Sequence<DropWhileSequence<Elements>, Failure> {
    Publishers.Sequence<DropWhileSequence<Elements>, Failure>(sequence: sequence.drop(while: predicate))
  }

  /// Returns a sequence publisher that skips the first `count` elements.
  ///
  /// ```swift
  /// print(Array([1, 2, 3].publisher.dropFirst().sequence))  // [2, 3]
  /// ```
  ///
  /// - Parameter count: How many elements to skip; 1 by default.
  /// - Returns: A publisher of the remaining elements.
  @inlinable
  public func dropFirst(_ count: Int = 1) -> Publishers.Sequence<DropFirstSequence<Elements>, Failure> {
    Publishers.Sequence<DropFirstSequence<Elements>, Failure>(sequence: sequence.dropFirst(count))
  }

  /// Returns a sequence publisher of at most the first `maxLength` elements.
  ///
  /// ```swift
  /// print(Array([1, 2, 3].publisher.prefix(2).sequence))  // [1, 2]
  /// ```
  ///
  /// - Parameter maxLength: How many elements to keep at most.
  /// - Returns: A publisher of the leading elements.
  @inlinable
  public func prefix(_ maxLength: Int) -> Publishers.Sequence<PrefixSequence<Elements>, Failure> {
    Publishers.Sequence<PrefixSequence<Elements>, Failure>(sequence: sequence.prefix(maxLength))
  }

  /// Keeps the leading elements that satisfy `predicate`, deciding now, and returns a sequence
  /// publisher of them.
  ///
  /// ```swift
  /// print([1, 2, 5, 1].publisher.prefix { $0 < 3 }.sequence)  // [1, 2]
  /// ```
  ///
  /// - Parameter predicate: Whether to keep an element; the first `false` ends the prefix.
  /// - Returns: A publisher of the leading elements.
  @inlinable
  public func prefix(while predicate: (Elements.Element) -> Bool) -> Publishers.Sequence<[Elements.Element], Failure> {
    Publishers.Sequence<[Elements.Element], Failure>(sequence: Array(sequence.prefix(while: predicate)))
  }

  /// Returns a sequence publisher of the same sequence whose failure type is `error`.
  ///
  /// ```swift
  /// struct Timeout: Error {}
  /// let publisher = [1, 2].publisher.setFailureType(to: Timeout.self)
  /// ```
  ///
  /// - Parameter error: The failure type of the result.
  /// - Returns: A publisher of the same elements.
  @inlinable
  public func setFailureType<NewFailure: Error>(
    to error: NewFailure.Type
  ) -> Publishers.Sequence<Elements, NewFailure> {
    Publishers.Sequence<Elements, NewFailure>(sequence: sequence)
  }

  /// Returns an `Empty` publisher that finishes at once, without reading the sequence.
  ///
  /// ```swift
  /// print([1, 2].publisher.ignoreOutput().completeImmediately)  // true
  /// ```
  ///
  /// - Returns: `Empty()`.
  @inlinable
  public func ignoreOutput() -> Empty<Elements.Element, Failure> {
    Empty<Elements.Element, Failure>()
  }
}

extension Publishers.Sequence where Elements.Element: Equatable {
  /// Removes every element equal to the one before it, now, and returns a sequence publisher of
  /// the rest.
  ///
  /// ```swift
  /// print([1, 1, 2, 1].publisher.removeDuplicates().sequence)  // [1, 2, 1]
  /// ```
  ///
  /// - Returns: A publisher of the elements without consecutive repeats.
  @inlinable
  public func removeDuplicates() -> Publishers.Sequence<[Elements.Element], Failure> {
    var kept: [Elements.Element] = []
    for element in sequence where kept.last != element {
      kept.append(element)
    }
    return Publishers.Sequence<[Elements.Element], Failure>(sequence: kept)
  }
}
#endif
