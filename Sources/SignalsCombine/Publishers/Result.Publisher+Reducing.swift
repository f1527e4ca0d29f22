// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
// The reducing operators that Combine specialises for `Result.Publisher` (see
// `Result.Publisher+Operators.swift`): each answers now from the success value, or passes the
// failure through; the `try` forms fail with the thrown error.

extension Result.Publisher where Output: Equatable {
  /// Returns a result publisher of whether the success value equals `output`.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.contains(3).result)  // success(true)
  /// ```
  ///
  /// - Parameter output: The value to look for.
  /// - Returns: A `Result.Publisher` of the comparison's result, or of the failure.
  @inlinable
  public func contains(_ output: Output) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(result.map { $0 == output })
  }
}

extension Result.Publisher where Output: Comparable {
  /// Returns this publisher: the smallest of one value is that value.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.min().result)  // success(3)
  /// ```
  ///
  /// - Returns: This publisher.
  @inlinable
  public func min() -> Result<Output, Failure>.Publisher {
    self
  }

  /// Returns this publisher: the largest of one value is that value.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.max().result)  // success(3)
  /// ```
  ///
  /// - Returns: This publisher.
  @inlinable
  public func max() -> Result<Output, Failure>.Publisher {
    self
  }
}

extension Result.Publisher {
  /// Returns a result publisher of whether the success value satisfies `predicate`, which runs
  /// now.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.allSatisfy { $0 > 0 }.result)  // success(true)
  /// ```
  ///
  /// - Parameter predicate: The test for the value.
  /// - Returns: A `Result.Publisher` of the test's result, or of the failure.
  @inlinable
  public func allSatisfy(_ predicate: (Output) -> Bool) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(result.map(predicate))
  }

  /// Returns a result publisher of whether the success value satisfies `predicate`, or of the
  /// error it throws.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.tryAllSatisfy { $0 > 0 }.result)  // success(true)
  /// ```
  ///
  /// - Parameter predicate: The test for the value; it may throw.
  /// - Returns: A `Result.Publisher` of the test's result, the thrown error or the failure.
  @inlinable
  public func tryAllSatisfy(_ predicate: (Output) throws -> Bool) -> Result<Bool, any Error>.Publisher {
    Result<Bool, any Error>.Publisher(result.attempt(predicate))
  }

  /// Returns a result publisher of whether the success value satisfies `predicate`, which runs
  /// now.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.contains { $0 > 5 }.result)  // success(false)
  /// ```
  ///
  /// - Parameter predicate: The test for the value.
  /// - Returns: A `Result.Publisher` of the test's result, or of the failure.
  @inlinable
  public func contains(where predicate: (Output) -> Bool) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(result.map(predicate))
  }

  /// Returns a result publisher of whether the success value satisfies `predicate`, or of the
  /// error it throws.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.tryContains { $0 > 5 }.result)  // success(false)
  /// ```
  ///
  /// - Parameter predicate: The test for the value; it may throw.
  /// - Returns: A `Result.Publisher` of the test's result, the thrown error or the failure.
  @inlinable
  public func tryContains(where predicate: (Output) throws -> Bool) -> Result<Bool, any Error>.Publisher {
    Result<Bool, any Error>.Publisher(result.attempt(predicate))
  }

  /// Returns a result publisher of a one-element array holding the success value.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.collect().result)  // success([3])
  /// ```
  ///
  /// - Returns: A `Result.Publisher` of `[value]`, or of the failure.
  @inlinable
  public func collect() -> Result<[Output], Failure>.Publisher {
    Result<[Output], Failure>.Publisher(result.map { [$0] })
  }

  /// Returns this publisher, without calling `areInIncreasingOrder`.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.min(by: <).result)  // success(3)
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: Not called.
  /// - Returns: This publisher.
  @inlinable
  public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Result<Output, Failure>.Publisher {
    self
  }

  /// Returns a result publisher of the success value, or of the error `areInIncreasingOrder`
  /// throws when it is called now with the value as both arguments.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.tryMin(by: <).result)  // success(3)
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: Called once on a success; only a thrown error matters.
  /// - Returns: A `Result.Publisher` of the value, the thrown error or the failure.
  @inlinable
  public func tryMin(
    by areInIncreasingOrder: (Output, Output) throws -> Bool
  ) -> Result<Output, any Error>.Publisher {
    Result<Output, any Error>.Publisher(result.attemptKeeping { _ = try areInIncreasingOrder($0, $0) })
  }

  /// Returns this publisher, without calling `areInIncreasingOrder`.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.max(by: <).result)  // success(3)
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: Not called.
  /// - Returns: This publisher.
  @inlinable
  public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Result<Output, Failure>.Publisher {
    self
  }

  /// Returns a result publisher of the success value, or of the error `areInIncreasingOrder`
  /// throws when it is called now with the value as both arguments.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.tryMax(by: <).result)  // success(3)
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: Called once on a success; only a thrown error matters.
  /// - Returns: A `Result.Publisher` of the value, the thrown error or the failure.
  @inlinable
  public func tryMax(
    by areInIncreasingOrder: (Output, Output) throws -> Bool
  ) -> Result<Output, any Error>.Publisher {
    Result<Output, any Error>.Publisher(result.attemptKeeping { _ = try areInIncreasingOrder($0, $0) })
  }

  /// Returns a result publisher of 1 on a success, or of the failure.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.count().result)  // success(1)
  /// ```
  ///
  /// - Returns: A `Result.Publisher` of 1, or of the failure.
  @inlinable
  public func count() -> Result<Int, Failure>.Publisher {
    Result<Int, Failure>.Publisher(result.map { _ in 1 })
  }

  /// Returns an `Empty` publisher that finishes at once, even when this result is a failure, as
  /// in Combine.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.ignoreOutput().completeImmediately)  // true
  /// ```
  ///
  /// - Returns: `Empty()`.
  @inlinable
  public func ignoreOutput() -> Empty<Output, Failure> {
    Empty<Output, Failure>()
  }

  /// Returns a result publisher of `nextPartialResult(initialResult, value)`, computed now.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.reduce(10, +).result)  // success(13)
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The value to start from.
  ///   - nextPartialResult: Folds the value into `initialResult`.
  /// - Returns: A `Result.Publisher` of the folded value, or of the failure.
  @inlinable
  public func reduce<Accumulator>(
    _ initialResult: Accumulator,
    _ nextPartialResult: (Accumulator, Output) -> Accumulator
  ) -> Result<Accumulator, Failure>.Publisher {
    Result<Accumulator, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
  }

  /// Returns a result publisher of `nextPartialResult(initialResult, value)`, or of the error it
  /// throws, computed now.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.tryReduce(10, +).result)  // success(13)
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The value to start from.
  ///   - nextPartialResult: Folds the value into `initialResult`; it may throw.
  /// - Returns: A `Result.Publisher` of the folded value, the thrown error or the failure.
  @inlinable
  public func tryReduce<Accumulator>(
    _ initialResult: Accumulator,
    _ nextPartialResult: (Accumulator, Output) throws -> Accumulator
  ) -> Result<Accumulator, any Error>.Publisher {
    Result<Accumulator, any Error>.Publisher(result.attempt { try nextPartialResult(initialResult, $0) })
  }

  /// Returns a result publisher of `nextPartialResult(initialResult, value)`, computed now.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.scan(10, +).result)  // success(13)
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The value to start from.
  ///   - nextPartialResult: Folds the value into `initialResult`.
  /// - Returns: A `Result.Publisher` of the folded value, or of the failure.
  @inlinable
  public func scan<ElementOfResult>(
    _ initialResult: ElementOfResult,
    _ nextPartialResult: (ElementOfResult, Output) -> ElementOfResult
  ) -> Result<ElementOfResult, Failure>.Publisher {
    Result<ElementOfResult, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
  }

  /// Returns a result publisher of `nextPartialResult(initialResult, value)`, or of the error it
  /// throws, computed now.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.tryScan(10, +).result)  // success(13)
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The value to start from.
  ///   - nextPartialResult: Folds the value into `initialResult`; it may throw.
  /// - Returns: A `Result.Publisher` of the folded value, the thrown error or the failure.
  @inlinable
  public func tryScan<ElementOfResult>(
    _ initialResult: ElementOfResult,
    _ nextPartialResult: (ElementOfResult, Output) throws -> ElementOfResult
  ) -> Result<ElementOfResult, any Error>.Publisher {
    Result<ElementOfResult, any Error>.Publisher(result.attempt { try nextPartialResult(initialResult, $0) })
  }
}
#endif
