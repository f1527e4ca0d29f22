// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
// Operators that Combine specialises for `Result.Publisher`: the result is known when the operator
// is applied, so each one computes its result now, on the calling thread, and returns another
// `Result.Publisher`. A closure passed to one of them runs at most once, here, and only on a
// success; a failure passes through unchanged. The `try` variants turn a thrown error into a
// failure of type `any Error`. The reducing ones are in `Result.Publisher+Reducing.swift`.

extension Result.Publisher where Output: Equatable {
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

extension Result.Publisher {
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
#endif
