// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
// The reducing operators that Combine specialises for `Optional.Publisher` (see
// `Optional.Publisher+Operators.swift`): each answers now, with an `Optional.Publisher` that is
// absent when the value is, except `collect()` (an empty array), or an `Empty`.

extension Optional.Publisher where Wrapped: Equatable {
  /// Returns an optional publisher of whether the value equals `output`, or of nothing if there
  /// is no value.
  ///
  /// ```swift
  /// print(Optional(3).publisher.contains(3).output as Any)  // Optional(true)
  /// ```
  ///
  /// - Parameter output: The value to look for.
  /// - Returns: An `Optional.Publisher` of the comparison's result.
  @inlinable
  public func contains(_ output: Output) -> Optional<Bool>.Publisher {
    Optional<Bool>.Publisher(self.output.map { $0 == output })
  }
}

extension Optional.Publisher where Wrapped: Comparable {
  /// Returns this publisher: the smallest of at most one value is that value.
  ///
  /// ```swift
  /// print(Optional(3).publisher.min().output as Any)  // Optional(3)
  /// ```
  ///
  /// - Returns: This publisher.
  @inlinable
  public func min() -> Optional<Wrapped>.Publisher {
    self
  }

  /// Returns this publisher: the largest of at most one value is that value.
  ///
  /// ```swift
  /// print(Optional(3).publisher.max().output as Any)  // Optional(3)
  /// ```
  ///
  /// - Returns: This publisher.
  @inlinable
  public func max() -> Optional<Wrapped>.Publisher {
    self
  }
}

extension Optional.Publisher {
  /// Returns an optional publisher of whether the value satisfies `predicate`, which runs now, or
  /// of nothing if there is no value.
  ///
  /// ```swift
  /// print(Optional(3).publisher.allSatisfy { $0 > 0 }.output as Any)  // Optional(true)
  /// ```
  ///
  /// - Parameter predicate: The test for the value.
  /// - Returns: An `Optional.Publisher` of the test's result.
  @inlinable
  public func allSatisfy(_ predicate: (Output) -> Bool) -> Optional<Bool>.Publisher {
    Optional<Bool>.Publisher(output.map(predicate))
  }

  /// Returns an optional publisher of an array of the value: one element, or none if there is no
  /// value.
  ///
  /// ```swift
  /// print(Optional<Int>.none.publisher.collect().output as Any)  // Optional([])
  /// ```
  ///
  /// - Returns: An `Optional.Publisher` of an array, never of `nil`.
  @inlinable
  public func collect() -> Optional<[Output]>.Publisher {
    Optional<[Output]>.Publisher(output.map { [$0] } ?? [])
  }

  /// Returns this publisher, without calling `areInIncreasingOrder`.
  ///
  /// ```swift
  /// print(Optional(3).publisher.min(by: <).output as Any)  // Optional(3)
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: Not called.
  /// - Returns: This publisher.
  @inlinable
  public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Optional<Output>.Publisher {
    self
  }

  /// Returns this publisher, without calling `areInIncreasingOrder`.
  ///
  /// ```swift
  /// print(Optional(3).publisher.max(by: <).output as Any)  // Optional(3)
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: Not called.
  /// - Returns: This publisher.
  @inlinable
  public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Optional<Output>.Publisher {
    self
  }

  /// Returns an optional publisher of whether the value satisfies `predicate`, which runs now, or
  /// of nothing if there is no value.
  ///
  /// ```swift
  /// print(Optional(3).publisher.contains { $0 > 5 }.output as Any)  // Optional(false)
  /// ```
  ///
  /// - Parameter predicate: The test for the value.
  /// - Returns: An `Optional.Publisher` of the test's result.
  @inlinable
  public func contains(where predicate: (Output) -> Bool) -> Optional<Bool>.Publisher {
    Optional<Bool>.Publisher(output.map(predicate))
  }

  /// Returns an optional publisher of 1 if there is a value, or of nothing.
  ///
  /// ```swift
  /// print(Optional(3).publisher.count().output as Any)  // Optional(1)
  /// ```
  ///
  /// - Returns: An `Optional.Publisher` of 1 or of `nil`.
  @inlinable
  public func count() -> Optional<Int>.Publisher {
    Optional<Int>.Publisher(output.map { _ in 1 })
  }

  /// Returns an `Empty` publisher that finishes at once.
  ///
  /// ```swift
  /// print(Optional(4).publisher.ignoreOutput().completeImmediately)  // true
  /// ```
  ///
  /// - Returns: `Empty()`.
  @inlinable
  public func ignoreOutput() -> Empty<Output, Failure> {
    Empty<Output, Failure>()
  }

  /// Returns an optional publisher of `nextPartialResult(initialResult, value)`, computed now, or
  /// of nothing if there is no value.
  ///
  /// ```swift
  /// print(Optional(4).publisher.reduce(1, +).output as Any)  // Optional(5)
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The value to start from.
  ///   - nextPartialResult: Folds the value into `initialResult`.
  /// - Returns: An `Optional.Publisher` of the folded value.
  @inlinable
  public func reduce<Accumulator>(
    _ initialResult: Accumulator,
    _ nextPartialResult: (Accumulator, Output) -> Accumulator
  ) -> Optional<Accumulator>.Publisher {
    Optional<Accumulator>.Publisher(output.map { nextPartialResult(initialResult, $0) })
  }

  /// Returns an optional publisher of `nextPartialResult(initialResult, value)`, computed now, or
  /// of nothing if there is no value.
  ///
  /// ```swift
  /// print(Optional(4).publisher.scan(1, +).output as Any)  // Optional(5)
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The value to start from.
  ///   - nextPartialResult: Folds the value into `initialResult`.
  /// - Returns: An `Optional.Publisher` of the folded value.
  @inlinable
  public func scan<ElementOfResult>(
    _ initialResult: ElementOfResult,
    _ nextPartialResult: (ElementOfResult, Output) -> ElementOfResult
  ) -> Optional<ElementOfResult>.Publisher {
    Optional<ElementOfResult>.Publisher(output.map { nextPartialResult(initialResult, $0) })
  }
}
#endif
