// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

// Operators that Combine specialises for `Result.Publisher`: the result is known when the operator
// is applied, so each one computes its result now, on the calling thread, and returns another
// `Result.Publisher` (or `Empty`). A closure passed to one of them runs at most once, here, and
// only on a success; a failure passes through unchanged. The `try` variants turn a thrown error
// into a failure of type `any Error`.

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

  /// Returns this publisher: one value has no duplicates.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.removeDuplicates().result)  // success(3)
  /// ```
  ///
  /// - Returns: This publisher.
  @inlinable
  public func removeDuplicates() -> Result<Output, Failure>.Publisher {
    self
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

  /// Returns this publisher: its one value is its first.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.first().result)  // success(3)
  /// ```
  ///
  /// - Returns: This publisher.
  @inlinable
  public func first() -> Result<Output, Failure>.Publisher {
    self
  }

  /// Returns this publisher: its one value is its last.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.last().result)  // success(3)
  /// ```
  ///
  /// - Returns: This publisher.
  @inlinable
  public func last() -> Result<Output, Failure>.Publisher {
    self
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

  /// Returns a result publisher of the transformed success value; `transform` runs now.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.map { $0 + 1 }.result)  // success(4)
  /// ```
  ///
  /// - Parameter transform: Turns the value into the value to publish.
  /// - Returns: A `Result.Publisher` of the transformed value, or of the failure.
  @inlinable
  public func map<ElementOfResult>(
    _ transform: (Output) -> ElementOfResult
  ) -> Result<ElementOfResult, Failure>.Publisher {
    Result<ElementOfResult, Failure>.Publisher(result.map(transform))
  }

  /// Returns a result publisher of the transformed success value, or of the error `transform`
  /// throws; `transform` runs now.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.tryMap { $0 + 1 }.result)  // success(4)
  /// ```
  ///
  /// - Parameter transform: Turns the value into the value to publish; it may throw.
  /// - Returns: A `Result.Publisher` of the transformed value, the thrown error or the failure.
  @inlinable
  public func tryMap<ElementOfResult>(
    _ transform: (Output) throws -> ElementOfResult
  ) -> Result<ElementOfResult, any Error>.Publisher {
    Result<ElementOfResult, any Error>.Publisher(result.attempt(transform))
  }

  /// Returns a result publisher whose failure is transformed by `transform`, which runs now.
  ///
  /// ```swift
  /// struct Wrapped: Error { let underlying: any Error }
  /// let failed = Result<Int, any Error>.failure(CancellationError()).publisher
  /// print(failed.mapError { Wrapped(underlying: $0) }.result)  // failure(Wrapped(...))
  /// ```
  ///
  /// - Parameter transform: Turns the failure into the failure to publish.
  /// - Returns: A `Result.Publisher` of the value, or of the transformed failure.
  @inlinable
  public func mapError<TransformedFailure: Error>(
    _ transform: (Failure) -> TransformedFailure
  ) -> Result<Output, TransformedFailure>.Publisher {
    Result<Output, TransformedFailure>.Publisher(result.mapError(transform))
  }

  /// Returns this publisher, without calling `predicate`.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.removeDuplicates(by: ==).result)  // success(3)
  /// ```
  ///
  /// - Parameter predicate: Not called.
  /// - Returns: This publisher.
  @inlinable
  public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Result<Output, Failure>.Publisher {
    self
  }

  /// Returns a result publisher of the success value, or of the error `predicate` throws when it
  /// is called now with the value as both arguments.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.tryRemoveDuplicates(by: ==).result)  // success(3)
  /// ```
  ///
  /// - Parameter predicate: Called once on a success; only a thrown error matters.
  /// - Returns: A `Result.Publisher` of the value, the thrown error or the failure.
  @inlinable
  public func tryRemoveDuplicates(
    by predicate: (Output, Output) throws -> Bool
  ) -> Result<Output, any Error>.Publisher {
    Result<Output, any Error>.Publisher(result.attemptKeeping { _ = try predicate($0, $0) })
  }

  /// Returns a result publisher of the success value, or of `output` in place of a failure.
  ///
  /// ```swift
  /// let failed = Result<Int, any Error>.failure(CancellationError()).publisher
  /// print(failed.replaceError(with: 0).result)  // success(0)
  /// ```
  ///
  /// - Parameter output: The value to publish in place of a failure.
  /// - Returns: A `Result.Publisher` that cannot fail.
  @inlinable
  public func replaceError(with output: Output) -> Result<Output, Never>.Publisher {
    switch result {
    case .success(let value): Result<Output, Never>.Publisher(value)
    case .failure: Result<Output, Never>.Publisher(output)
    }
  }

  /// Returns this publisher: a success is never empty, and a failure is not replaced.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.replaceEmpty(with: 0).result)  // success(3)
  /// ```
  ///
  /// - Parameter output: Not used.
  /// - Returns: This publisher.
  @inlinable
  public func replaceEmpty(with output: Output) -> Result<Output, Failure>.Publisher {
    self
  }

  /// Returns this publisher: retrying would fail the same way again.
  ///
  /// ```swift
  /// print(Result<Int, Never>.success(3).publisher.retry(2).result)  // success(3)
  /// ```
  ///
  /// - Parameter times: Not used.
  /// - Returns: This publisher.
  @inlinable
  public func retry(_ times: Int) -> Result<Output, Failure>.Publisher {
    self
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

extension Result.Publisher where Failure == Never {
  /// Returns a result publisher of the same value whose failure type is `failureType`.
  ///
  /// ```swift
  /// struct Timeout: Error {}
  /// print(Result<Int, Never>.success(3).publisher.setFailureType(to: Timeout.self).result)  // success(3)
  /// ```
  ///
  /// - Parameter failureType: The failure type of the result.
  /// - Returns: A `Result.Publisher` of the value.
  @inlinable
  public func setFailureType<NewFailure: Error>(
    to failureType: NewFailure.Type
  ) -> Result<Output, NewFailure>.Publisher {
    switch result {
    case .success(let value): Result<Output, NewFailure>.Publisher(value)
    }
  }
}

extension Result {
  /// The success value transformed by `transform`, its thrown error, or this failure, all as
  /// `any Error`.
  @inlinable
  internal func attempt<NewSuccess>(_ transform: (Success) throws -> NewSuccess) -> Result<NewSuccess, any Error> {
    switch self {
    case .success(let value): Result<NewSuccess, any Error> { try transform(value) }
    case .failure(let error): .failure(error)
    }
  }

  /// The success value once `check` has run on it without throwing, the thrown error, or this
  /// failure, all as `any Error`.
  @inlinable
  internal func attemptKeeping(_ check: (Success) throws -> Void) -> Result<Success, any Error> {
    attempt { value in
      try check(value)
      return value
    }
  }
}
