// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
// Operators that Combine specialises for a sequence publisher and that reduce the whole sequence
// to one value: they read the sequence now, on the calling thread, and return a publisher of the
// answer. Where the publisher cannot fail, a possibly absent answer is an `Optional.Publisher` and
// a count of a random-access collection a `Just`; otherwise the answer is a `Result.Publisher`.

extension Publishers.Sequence {
  /// Folds every element into one value now, or stops at the error `nextPartialResult` throws,
  /// and returns a publisher of the outcome.
  ///
  /// ```swift
  /// print([1, 2, 3].publisher.tryReduce(0, +).result)  // success(6)
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The value to start from.
  ///   - nextPartialResult: Folds one element into the running result; it may throw.
  /// - Returns: A `Result.Publisher` of the final result or the thrown error.
  @inlinable
  public func tryReduce<Accumulator>(
    _ initialResult: Accumulator,
    _ nextPartialResult: @escaping (Accumulator, Elements.Element) throws -> Accumulator
  ) -> Result<Accumulator, any Error>.Publisher {
    Result<Accumulator, any Error>.Publisher(Result { try sequence.reduce(initialResult, nextPartialResult) })
  }

  /// Returns a publisher of whether every element satisfies `predicate`, which runs now until it
  /// first returns `false`.
  ///
  /// ```swift
  /// print([2, 4].publisher.allSatisfy { $0.isMultiple(of: 2) }.result)  // success(true)
  /// ```
  ///
  /// - Parameter predicate: The test for each element.
  /// - Returns: A `Result.Publisher` of the answer.
  @inlinable
  public func allSatisfy(_ predicate: (Elements.Element) -> Bool) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(sequence.allSatisfy(predicate))
  }

  /// Returns a publisher of whether every element satisfies `predicate`, or of the error it
  /// throws; it runs now until it first returns `false` or throws.
  ///
  /// ```swift
  /// print([2, 4].publisher.tryAllSatisfy { $0 > 0 }.result)  // success(true)
  /// ```
  ///
  /// - Parameter predicate: The test for each element; it may throw.
  /// - Returns: A `Result.Publisher` of the answer or the thrown error.
  @inlinable
  public func tryAllSatisfy(_ predicate: (Elements.Element) throws -> Bool) -> Result<Bool, any Error>.Publisher {
    Result<Bool, any Error>.Publisher(Result { try sequence.allSatisfy(predicate) })
  }

  /// Returns a publisher of whether some element satisfies `predicate`, which runs now until it
  /// first returns `true`.
  ///
  /// ```swift
  /// print([1, 5].publisher.contains { $0 > 3 }.result)  // success(true)
  /// ```
  ///
  /// - Parameter predicate: The test for each element.
  /// - Returns: A `Result.Publisher` of the answer.
  @inlinable
  public func contains(where predicate: (Elements.Element) -> Bool) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(sequence.contains(where: predicate))
  }

  /// Returns a publisher of whether some element satisfies `predicate`, or of the error it throws;
  /// it runs now until it first returns `true` or throws.
  ///
  /// ```swift
  /// print([1, 5].publisher.tryContains { $0 > 9 }.result)  // success(false)
  /// ```
  ///
  /// - Parameter predicate: The test for each element; it may throw.
  /// - Returns: A `Result.Publisher` of the answer or the thrown error.
  @inlinable
  public func tryContains(where predicate: (Elements.Element) throws -> Bool) -> Result<Bool, any Error>.Publisher {
    Result<Bool, any Error>.Publisher(Result { try sequence.contains(where: predicate) })
  }
}

extension Publishers.Sequence where Elements.Element: Equatable {
  /// Returns a publisher of whether the sequence contains `output`, decided now.
  ///
  /// ```swift
  /// print([1, 5].publisher.contains(5).result)  // success(true)
  /// ```
  ///
  /// - Parameter output: The element to look for.
  /// - Returns: A `Result.Publisher` of the answer.
  @inlinable
  public func contains(_ output: Elements.Element) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(sequence.contains(output))
  }
}

extension Publishers.Sequence where Failure == Never {
  /// Returns a publisher of the smallest element by `areInIncreasingOrder`, found now, or of
  /// nothing for an empty sequence.
  ///
  /// ```swift
  /// print([3, 1, 2].publisher.min(by: <).output as Any)  // Optional(1)
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: Whether its first argument comes before its second.
  /// - Returns: An `Optional.Publisher` of the smallest element.
  @inlinable
  public func min(
    by areInIncreasingOrder: (Elements.Element, Elements.Element) -> Bool
  ) -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.min(by: areInIncreasingOrder))
  }

  /// Returns a publisher of the largest element by `areInIncreasingOrder`, found now, or of
  /// nothing for an empty sequence.
  ///
  /// ```swift
  /// print([3, 1, 2].publisher.max(by: <).output as Any)  // Optional(3)
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: Whether its first argument comes before its second.
  /// - Returns: An `Optional.Publisher` of the largest element.
  @inlinable
  public func max(
    by areInIncreasingOrder: (Elements.Element, Elements.Element) -> Bool
  ) -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.max(by: areInIncreasingOrder))
  }

  /// Returns a publisher of the first element satisfying `predicate`, found now, or of nothing.
  ///
  /// ```swift
  /// print([1, 4, 6].publisher.first { $0 > 3 }.output as Any)  // Optional(4)
  /// ```
  ///
  /// - Parameter predicate: The test for each element.
  /// - Returns: An `Optional.Publisher` of the element found.
  @inlinable
  public func first(where predicate: (Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.first(where: predicate))
  }
}

extension Publishers.Sequence where Failure == Never, Elements.Element: Comparable {
  /// Returns a publisher of the smallest element, found now, or of nothing for an empty sequence.
  ///
  /// ```swift
  /// print([3, 1, 2].publisher.min().output as Any)  // Optional(1)
  /// ```
  ///
  /// - Returns: An `Optional.Publisher` of the smallest element.
  @inlinable
  public func min() -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.min())
  }

  /// Returns a publisher of the largest element, found now, or of nothing for an empty sequence.
  ///
  /// ```swift
  /// print([3, 1, 2].publisher.max().output as Any)  // Optional(3)
  /// ```
  ///
  /// - Returns: An `Optional.Publisher` of the largest element.
  @inlinable
  public func max() -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.max())
  }
}

extension Publishers.Sequence where Elements: Collection, Failure == Never {
  /// Returns a publisher of the collection's first element, or of nothing if it is empty.
  ///
  /// ```swift
  /// print([7, 8].publisher.first().output as Any)  // Optional(7)
  /// ```
  ///
  /// - Returns: An `Optional.Publisher` of the first element.
  @inlinable
  public func first() -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.first)
  }

  /// Returns a publisher of the element at `index`, or of nothing if the collection has no such
  /// index.
  ///
  /// ```swift
  /// print([7, 8].publisher.output(at: 1).output as Any)  // Optional(8)
  /// ```
  ///
  /// - Parameter index: The position of the element.
  /// - Returns: An `Optional.Publisher` of the element.
  @inlinable
  public func output(at index: Elements.Index) -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.indices.contains(index) ? sequence[index] : nil)
  }
}

extension Publishers.Sequence where Elements: Collection {
  /// Returns a publisher of the number of elements.
  ///
  /// ```swift
  /// print([7, 8].lazy.filter { $0 > 7 }.publisher.count().result)  // success(1)
  /// ```
  ///
  /// - Returns: A `Result.Publisher` of the count.
  @inlinable
  public func count() -> Result<Int, Failure>.Publisher {
    Result<Int, Failure>.Publisher(sequence.count)
  }

  /// Returns a sequence publisher of the elements at the positions in `range`, copied now.
  ///
  /// ```swift
  /// print([7, 8, 9].publisher.output(in: 1..<3).sequence)  // [8, 9]
  /// ```
  ///
  /// - Parameter range: The positions of the elements; they must be valid indices.
  /// - Returns: A publisher of an array of those elements.
  @inlinable
  public func output(in range: Range<Elements.Index>) -> Publishers.Sequence<[Elements.Element], Failure> {
    Publishers.Sequence<[Elements.Element], Failure>(sequence: Array(sequence[range]))
  }
}

extension Publishers.Sequence where Elements: BidirectionalCollection, Failure == Never {
  /// Returns a publisher of the collection's last element, or of nothing if it is empty.
  ///
  /// ```swift
  /// print([7, 8].publisher.last().output as Any)  // Optional(8)
  /// ```
  ///
  /// - Returns: An `Optional.Publisher` of the last element.
  @inlinable
  public func last() -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.last)
  }

  /// Returns a publisher of the last element satisfying `predicate`, found now from the end, or
  /// of nothing.
  ///
  /// ```swift
  /// print([1, 4, 6].publisher.last { $0 < 5 }.output as Any)  // Optional(4)
  /// ```
  ///
  /// - Parameter predicate: The test for each element.
  /// - Returns: An `Optional.Publisher` of the element found.
  @inlinable
  public func last(where predicate: (Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.last(where: predicate))
  }
}

extension Publishers.Sequence where Elements: RandomAccessCollection, Failure == Never {
  /// Returns a publisher of the element at `index`, or of nothing if the collection has no such
  /// index.
  ///
  /// ```swift
  /// print([7, 8].publisher.output(at: 5).output as Any)  // nil
  /// ```
  ///
  /// - Parameter index: The position of the element.
  /// - Returns: An `Optional.Publisher` of the element.
  @inlinable
  public func output(at index: Elements.Index) -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.indices.contains(index) ? sequence[index] : nil)
  }

  /// Returns a `Just` of the number of elements.
  ///
  /// ```swift
  /// print([7, 8, 9].publisher.count().output)  // 3
  /// ```
  ///
  /// - Returns: A `Just` of the count.
  @inlinable
  public func count() -> Just<Int> {
    Just<Int>(sequence.count)
  }
}

extension Publishers.Sequence where Elements: RandomAccessCollection {
  /// Returns a sequence publisher of the elements at the positions in `range`, copied now.
  ///
  /// ```swift
  /// struct Timeout: Error {}
  /// print([7, 8, 9].publisher.setFailureType(to: Timeout.self).output(in: 0..<1).sequence)  // [7]
  /// ```
  ///
  /// - Parameter range: The positions of the elements; they must be valid indices.
  /// - Returns: A publisher of an array of those elements.
  @inlinable
  public func output(in range: Range<Elements.Index>) -> Publishers.Sequence<[Elements.Element], Failure> {
    Publishers.Sequence<[Elements.Element], Failure>(sequence: Array(sequence[range]))
  }

  /// Returns a publisher of the number of elements.
  ///
  /// ```swift
  /// struct Timeout: Error {}
  /// print([7, 8].publisher.setFailureType(to: Timeout.self).count().result)  // success(2)
  /// ```
  ///
  /// - Returns: A `Result.Publisher` of the count.
  @inlinable
  public func count() -> Result<Int, Failure>.Publisher {
    Result<Int, Failure>.Publisher(sequence.count)
  }
}
#endif
