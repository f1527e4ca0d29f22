// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publishers.Sequence where Elements: RangeReplaceableCollection {
  /// Returns a sequence publisher whose elements are `elements` followed by this publisher's.
  ///
  /// Unlike the `prepend(_:)` of every publisher, which chains two publishers, this builds one
  /// collection up front, so the result is still a ``Publishers/Sequence``.
  ///
  /// ```swift
  /// let cancellable = [3, 4].publisher.prepend(1, 2).sink { print($0, terminator: " ") }
  /// // Prints: 1 2 3 4
  /// ```
  ///
  /// - Parameter elements: The elements to publish first.
  /// - Returns: A ``Publishers/Sequence`` over the combined collection.
  public func prepend(_ elements: Elements.Element...) -> Publishers.Sequence<Elements, Failure> {
    prepend(elements)
  }

  /// Returns a sequence publisher whose elements are those of `elements` followed by this
  /// publisher's.
  ///
  /// ```swift
  /// let cancellable = [3].publisher.prepend(1...2).sink { print($0, terminator: " ") }
  /// // Prints: 1 2 3
  /// ```
  ///
  /// - Parameter elements: The sequence to publish first.
  /// - Returns: A ``Publishers/Sequence`` over the combined collection.
  public func prepend<S: Swift.Sequence>(_ elements: S) -> Publishers.Sequence<Elements, Failure>
  where S.Element == Elements.Element {
    // As Combine: an empty collection with room for both, then the two appended in order.
    var combined = Elements()
    combined.reserveCapacity(sequence.count + elements.underestimatedCount)
    combined.append(contentsOf: elements)
    combined.append(contentsOf: sequence)
    return Publishers.Sequence(sequence: combined)
  }

  /// Returns a sequence publisher whose elements are `publisher`'s followed by this publisher's.
  ///
  /// ```swift
  /// let cancellable = [3].publisher.prepend([1, 2].publisher).sink { print($0, terminator: " ") }
  /// // Prints: 1 2 3
  /// ```
  ///
  /// - Parameter publisher: The sequence publisher whose elements come first.
  /// - Returns: A ``Publishers/Sequence`` over the combined collection.
  public func prepend(_ publisher: Publishers.Sequence<Elements, Failure>) -> Publishers.Sequence<Elements, Failure> {
    // As Combine: `publisher`'s collection with this one appended to it.
    var combined = publisher.sequence
    combined.append(contentsOf: sequence)
    return Publishers.Sequence(sequence: combined)
  }

  /// Returns a sequence publisher whose elements are this publisher's followed by `elements`.
  ///
  /// ```swift
  /// let cancellable = [1, 2].publisher.append(3, 4).sink { print($0, terminator: " ") }
  /// // Prints: 1 2 3 4
  /// ```
  ///
  /// - Parameter elements: The elements to publish last.
  /// - Returns: A ``Publishers/Sequence`` over the combined collection.
  public func append(_ elements: Elements.Element...) -> Publishers.Sequence<Elements, Failure> {
    append(elements)
  }

  /// Returns a sequence publisher whose elements are this publisher's followed by those of
  /// `elements`.
  ///
  /// ```swift
  /// let cancellable = [1].publisher.append(2...3).sink { print($0, terminator: " ") }
  /// // Prints: 1 2 3
  /// ```
  ///
  /// - Parameter elements: The sequence to publish last.
  /// - Returns: A ``Publishers/Sequence`` over the combined collection.
  public func append<S: Swift.Sequence>(_ elements: S) -> Publishers.Sequence<Elements, Failure>
  where S.Element == Elements.Element {
    var combined = sequence
    combined.append(contentsOf: elements)
    return Publishers.Sequence(sequence: combined)
  }

  /// Returns a sequence publisher whose elements are this publisher's followed by `publisher`'s.
  ///
  /// ```swift
  /// let cancellable = [1].publisher.append([2, 3].publisher).sink { print($0, terminator: " ") }
  /// // Prints: 1 2 3
  /// ```
  ///
  /// - Parameter publisher: The sequence publisher whose elements come last.
  /// - Returns: A ``Publishers/Sequence`` over the combined collection.
  public func append(_ publisher: Publishers.Sequence<Elements, Failure>) -> Publishers.Sequence<Elements, Failure> {
    append(publisher.sequence)
  }
}
#endif
