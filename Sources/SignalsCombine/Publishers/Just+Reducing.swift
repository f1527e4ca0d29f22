// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
// The reducing operators that Combine specialises for `Just` (see `Just+Operators.swift`): with
// one value known at once, each answers now, with a `Just`, a `Result.Publisher` for the `try`
// forms, or an `Empty`.

extension Just where Output: Comparable {
  /// Returns this publisher: the smallest of one value is that value.
  ///
  /// ```swift
  /// print(Just(3).min().output)  // 3
  /// ```
  ///
  /// - Returns: A `Just` of the same value.
  @inlinable
  public func min() -> Just<Output> {
    self
  }

  /// Returns this publisher: the largest of one value is that value.
  ///
  /// ```swift
  /// print(Just(3).max().output)  // 3
  /// ```
  ///
  /// - Returns: A `Just` of the same value.
  @inlinable
  public func max() -> Just<Output> {
    self
  }
}

extension Just where Output: Equatable {
  /// Returns a `Just` of whether the value equals `output`.
  ///
  /// ```swift
  /// print(Just(3).contains(3).output)  // true
  /// ```
  ///
  /// - Parameter output: The value to look for.
  /// - Returns: A `Just` of the comparison's result.
  @inlinable
  public func contains(_ output: Output) -> Just<Bool> {
    Just<Bool>(self.output == output)
  }
}

extension Just {
  /// Returns a `Just` of whether the value satisfies `predicate`, which runs now.
  ///
  /// ```swift
  /// print(Just(4).allSatisfy { $0 > 0 }.output)  // true
  /// ```
  ///
  /// - Parameter predicate: The test for the value.
  /// - Returns: A `Just` of the test's result.
  @inlinable
  public func allSatisfy(_ predicate: (Output) -> Bool) -> Just<Bool> {
    Just<Bool>(predicate(output))
  }

  /// Returns a result publisher of whether the value satisfies `predicate`, or of the error it
  /// throws; the predicate runs now.
  ///
  /// ```swift
  /// print(Just(4).tryAllSatisfy { $0 > 0 }.result)  // success(true)
  /// ```
  ///
  /// - Parameter predicate: The test for the value; it may throw.
  /// - Returns: A `Result.Publisher` of the test's result or error.
  @inlinable
  public func tryAllSatisfy(_ predicate: (Output) throws -> Bool) -> Result<Bool, any Error>.Publisher {
    Result<Bool, any Error>.Publisher(Result { try predicate(output) })
  }

  /// Returns a `Just` of whether the value satisfies `predicate`, which runs now.
  ///
  /// ```swift
  /// print(Just(4).contains { $0.isMultiple(of: 2) }.output)  // true
  /// ```
  ///
  /// - Parameter predicate: The test for the value.
  /// - Returns: A `Just` of the test's result.
  @inlinable
  public func contains(where predicate: (Output) -> Bool) -> Just<Bool> {
    Just<Bool>(predicate(output))
  }

  /// Returns a result publisher of whether the value satisfies `predicate`, or of the error it
  /// throws; the predicate runs now.
  ///
  /// ```swift
  /// print(Just(4).tryContains { $0 > 9 }.result)  // success(false)
  /// ```
  ///
  /// - Parameter predicate: The test for the value; it may throw.
  /// - Returns: A `Result.Publisher` of the test's result or error.
  @inlinable
  public func tryContains(where predicate: (Output) throws -> Bool) -> Result<Bool, any Error>.Publisher {
    Result<Bool, any Error>.Publisher(Result { try predicate(output) })
  }

  /// Returns a `Just` of a one-element array holding the value.
  ///
  /// ```swift
  /// print(Just(4).collect().output)  // [4]
  /// ```
  ///
  /// - Returns: A `Just` of `[output]`.
  @inlinable
  public func collect() -> Just<[Output]> {
    Just<[Output]>([output])
  }

  /// Returns this publisher, without calling `areInIncreasingOrder`: one value is its own
  /// minimum.
  ///
  /// ```swift
  /// print(Just("a").min(by: <).output)  // a
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: Not called.
  /// - Returns: A `Just` of the same value.
  @inlinable
  public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> {
    self
  }

  /// Returns this publisher, without calling `areInIncreasingOrder`: one value is its own
  /// maximum.
  ///
  /// ```swift
  /// print(Just("a").max(by: <).output)  // a
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: Not called.
  /// - Returns: A `Just` of the same value.
  @inlinable
  public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> {
    self
  }

  /// Returns a `Just` of 1, the number of values this publisher delivers.
  ///
  /// ```swift
  /// print(Just("a").count().output)  // 1
  /// ```
  ///
  /// - Returns: `Just(1)`.
  @inlinable
  public func count() -> Just<Int> {
    Just<Int>(1)
  }

  /// Returns an `Empty` publisher that finishes at once.
  ///
  /// ```swift
  /// print(Just(7).ignoreOutput().completeImmediately)  // true
  /// ```
  ///
  /// - Returns: `Empty()`.
  @inlinable
  public func ignoreOutput() -> Empty<Output, Never> {
    Empty<Output, Never>()
  }

  /// Returns a result publisher of `nextPartialResult(initialResult, output)`, computed now.
  ///
  /// ```swift
  /// print(Just(3).reduce(10, +).result)  // success(13)
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The value to start from.
  ///   - nextPartialResult: Folds the value into `initialResult`.
  /// - Returns: A `Result.Publisher` of the folded value.
  @inlinable
  public func reduce<Accumulator>(
    _ initialResult: Accumulator,
    _ nextPartialResult: (Accumulator, Output) -> Accumulator
  ) -> Result<Accumulator, Never>.Publisher {
    Result<Accumulator, Never>.Publisher(nextPartialResult(initialResult, output))
  }

  /// Returns a result publisher of `nextPartialResult(initialResult, output)`, or of the error it
  /// throws, computed now.
  ///
  /// ```swift
  /// print(Just(3).tryReduce(10, +).result)  // success(13)
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The value to start from.
  ///   - nextPartialResult: Folds the value into `initialResult`; it may throw.
  /// - Returns: A `Result.Publisher` of the folded value or the error.
  @inlinable
  public func tryReduce<Accumulator>(
    _ initialResult: Accumulator,
    _ nextPartialResult: (Accumulator, Output) throws -> Accumulator
  ) -> Result<Accumulator, any Error>.Publisher {
    Result<Accumulator, any Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
  }

  /// Returns a result publisher of `nextPartialResult(initialResult, output)`, computed now: the
  /// one step of a scan over one value.
  ///
  /// ```swift
  /// print(Just(3).scan(10, +).result)  // success(13)
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The value to start from.
  ///   - nextPartialResult: Folds the value into `initialResult`.
  /// - Returns: A `Result.Publisher` of the folded value.
  @inlinable
  public func scan<ElementOfResult>(
    _ initialResult: ElementOfResult,
    _ nextPartialResult: (ElementOfResult, Output) -> ElementOfResult
  ) -> Result<ElementOfResult, Never>.Publisher {
    Result<ElementOfResult, Never>.Publisher(nextPartialResult(initialResult, output))
  }

  /// Returns a result publisher of `nextPartialResult(initialResult, output)`, or of the error it
  /// throws, computed now.
  ///
  /// ```swift
  /// print(Just(3).tryScan(10, +).result)  // success(13)
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The value to start from.
  ///   - nextPartialResult: Folds the value into `initialResult`; it may throw.
  /// - Returns: A `Result.Publisher` of the folded value or the error.
  @inlinable
  public func tryScan<ElementOfResult>(
    _ initialResult: ElementOfResult,
    _ nextPartialResult: (ElementOfResult, Output) throws -> ElementOfResult
  ) -> Result<ElementOfResult, any Error>.Publisher {
    Result<ElementOfResult, any Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
  }
}
#endif
