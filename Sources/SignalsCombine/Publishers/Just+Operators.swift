// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
// Operators that Combine specialises for `Just`: the value is known when the operator is applied,
// so each one computes its result now, on the calling thread, and returns the simplest publisher
// of that result (`Just`, `Optional.Publisher`, `Result.Publisher` or a sequence publisher). A
// closure passed to one of them runs once, here, not once per subscriber. The ones that reduce
// the value (`count()`, `reduce`, `contains`, …) are in `Just+Reducing.swift`.

extension Just where Output: Equatable {
  /// Returns this publisher: one value has no duplicates.
  ///
  /// ```swift
  /// print(Just(3).removeDuplicates().output)  // 3
  /// ```
  ///
  /// - Returns: A `Just` of the same value.
  @inlinable
  public func removeDuplicates() -> Just<Output> {
    self
  }
}

extension Just {
  /// Returns an optional publisher of the value if `count` is zero, or of nothing otherwise.
  ///
  /// ```swift
  /// print(Just(7).dropFirst().output as Any)  // nil
  /// ```
  ///
  /// - Important: A negative `count` stops the program, as in Combine.
  /// - Parameter count: How many values to drop; 1 by default.
  /// - Returns: An `Optional.Publisher` of the value or of `nil`.
  @inlinable
  public func dropFirst(_ count: Int = 1) -> Optional<Output>.Publisher {
    precondition(count >= 0, "dropFirst: count must not be negative")
    return Optional<Output>.Publisher(count == 0 ? output : nil)
  }

  /// Returns an optional publisher of the value unless `predicate`, which runs now, says to drop
  /// it.
  ///
  /// ```swift
  /// print(Just(7).drop { $0 < 5 }.output as Any)  // Optional(7)
  /// ```
  ///
  /// - Parameter predicate: Whether to drop the value.
  /// - Returns: An `Optional.Publisher` of the value or of `nil`.
  @inlinable
  public func drop(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(predicate(output) ? nil : output)
  }

  /// Returns this publisher: its one value is its first.
  ///
  /// ```swift
  /// print(Just(7).first().output)  // 7
  /// ```
  ///
  /// - Returns: A `Just` of the same value.
  @inlinable
  public func first() -> Just<Output> {
    self
  }

  /// Returns an optional publisher of the value if it satisfies `predicate`, which runs now.
  ///
  /// ```swift
  /// print(Just(7).first { $0 > 5 }.output as Any)  // Optional(7)
  /// ```
  ///
  /// - Parameter predicate: The test for the value.
  /// - Returns: An `Optional.Publisher` of the value or of `nil`.
  @inlinable
  public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(predicate(output) ? output : nil)
  }

  /// Returns this publisher: its one value is its last.
  ///
  /// ```swift
  /// print(Just(7).last().output)  // 7
  /// ```
  ///
  /// - Returns: A `Just` of the same value.
  @inlinable
  public func last() -> Just<Output> {
    self
  }

  /// Returns an optional publisher of the value if it satisfies `predicate`, which runs now.
  ///
  /// ```swift
  /// print(Just(7).last { $0 > 9 }.output as Any)  // nil
  /// ```
  ///
  /// - Parameter predicate: The test for the value.
  /// - Returns: An `Optional.Publisher` of the value or of `nil`.
  @inlinable
  public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(predicate(output) ? output : nil)
  }

  /// Returns a `Just` of the transformed value; `transform` runs now, once.
  ///
  /// ```swift
  /// print(Just(2).map { $0 * 10 }.output)  // 20
  /// ```
  ///
  /// - Parameter transform: Turns the value into the value to publish.
  /// - Returns: A `Just` of the transformed value.
  @inlinable
  public func map<ElementOfResult>(_ transform: (Output) -> ElementOfResult) -> Just<ElementOfResult> {
    Just<ElementOfResult>(transform(output))
  }

  /// Returns a result publisher of the transformed value, or of the error `transform` throws;
  /// `transform` runs now, once.
  ///
  /// ```swift
  /// print(Just(4).tryMap { $0 * 2 }.result)  // success(8)
  /// ```
  ///
  /// - Parameter transform: Turns the value into the value to publish; it may throw.
  /// - Returns: A `Result.Publisher` of the transformed value or the error.
  @inlinable
  public func tryMap<ElementOfResult>(
    _ transform: (Output) throws -> ElementOfResult
  ) -> Result<ElementOfResult, any Error>.Publisher {
    Result<ElementOfResult, any Error>.Publisher(Result { try transform(output) })
  }

  /// Returns an optional publisher of the transformed value, which is `nil` when `transform`
  /// returns `nil`; `transform` runs now, once.
  ///
  /// ```swift
  /// print(Just("x").compactMap { Int($0) }.output as Any)  // nil
  /// ```
  ///
  /// - Parameter transform: Turns the value into an optional value to publish.
  /// - Returns: An `Optional.Publisher` of the transformed value.
  @inlinable
  public func compactMap<ElementOfResult>(
    _ transform: (Output) -> ElementOfResult?
  ) -> Optional<ElementOfResult>.Publisher {
    Optional<ElementOfResult>.Publisher(transform(output))
  }

  /// Returns an optional publisher of the value if `isIncluded`, which runs now, keeps it.
  ///
  /// ```swift
  /// print(Just(3).filter { $0.isMultiple(of: 2) }.output as Any)  // nil
  /// ```
  ///
  /// - Parameter isIncluded: Whether to keep the value.
  /// - Returns: An `Optional.Publisher` of the value or of `nil`.
  @inlinable
  public func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(isIncluded(output) ? output : nil)
  }

  /// Returns an optional publisher of the value if `index` is 0, or of nothing otherwise.
  ///
  /// ```swift
  /// print(Just(3).output(at: 0).output as Any)  // Optional(3)
  /// ```
  ///
  /// - Important: A negative `index` stops the program, as in Combine.
  /// - Parameter index: The position of the value to publish.
  /// - Returns: An `Optional.Publisher` of the value or of `nil`.
  @inlinable
  public func output(at index: Int) -> Optional<Output>.Publisher {
    precondition(index >= 0, "output(at:): index must not be negative")
    return Optional<Output>.Publisher(index == 0 ? output : nil)
  }

  /// Returns an optional publisher of the value if `range` starts at 0, or of nothing otherwise.
  ///
  /// Like Combine's, this looks only at the range's lower bound, so an empty range such as
  /// `0..<0` still keeps the value.
  ///
  /// ```swift
  /// print(Just(3).output(in: 0..<5).output as Any)  // Optional(3)
  /// ```
  ///
  /// - Parameter range: The positions of the values to publish.
  /// - Returns: An `Optional.Publisher` of the value or of `nil`.
  @inlinable
  public func output<R: RangeExpression>(in range: R) -> Optional<Output>.Publisher where R.Bound == Int {
    let bounds = range.relative(to: 0..<Int.max)
    return Optional<Output>.Publisher(bounds.lowerBound == 0 ? output : nil)
  }

  /// Returns an optional publisher of the value if `maxLength` is at least 1, or of nothing.
  ///
  /// ```swift
  /// print(Just(3).prefix(0).output as Any)  // nil
  /// ```
  ///
  /// - Important: A negative `maxLength` stops the program, as in Combine.
  /// - Parameter maxLength: How many values to keep at most.
  /// - Returns: An `Optional.Publisher` of the value or of `nil`.
  @inlinable
  public func prefix(_ maxLength: Int) -> Optional<Output>.Publisher {
    precondition(maxLength >= 0, "prefix: maxLength must not be negative")
    return Optional<Output>.Publisher(maxLength > 0 ? output : nil)
  }

  /// Returns an optional publisher of the value if it satisfies `predicate`, which runs now.
  ///
  /// ```swift
  /// print(Just(3).prefix { $0 < 5 }.output as Any)  // Optional(3)
  /// ```
  ///
  /// - Parameter predicate: Whether to keep the value.
  /// - Returns: An `Optional.Publisher` of the value or of `nil`.
  @inlinable
  public func prefix(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(predicate(output) ? output : nil)
  }

  /// Returns a result publisher of the value whose failure type is `failureType`.
  ///
  /// ```swift
  /// struct Timeout: Error {}
  /// print(Just(3).setFailureType(to: Timeout.self).result)  // success(3)
  /// ```
  ///
  /// - Parameter failureType: The failure type of the result.
  /// - Returns: A `Result.Publisher` of the value.
  @inlinable
  public func setFailureType<Failure: Error>(to failureType: Failure.Type) -> Result<Output, Failure>.Publisher {
    Result<Output, Failure>.Publisher(output)
  }

  /// Returns a result publisher of the value whose failure type is the one `transform` returns;
  /// `transform` is never called, since `Just` cannot fail.
  ///
  /// ```swift
  /// struct Timeout: Error {}
  /// print(Just(3).mapError { _ in Timeout() }.result)  // success(3)
  /// ```
  ///
  /// - Parameter transform: Never called.
  /// - Returns: A `Result.Publisher` of the value.
  @inlinable
  public func mapError<Failure: Error>(_ transform: (Never) -> Failure) -> Result<Output, Failure>.Publisher {
    Result<Output, Failure>.Publisher(output)
  }

  /// Returns this publisher, without calling `predicate`: one value has no duplicates.
  ///
  /// ```swift
  /// print(Just(3).removeDuplicates(by: ==).output)  // 3
  /// ```
  ///
  /// - Parameter predicate: Not called.
  /// - Returns: A `Just` of the same value.
  @inlinable
  public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Just<Output> {
    self
  }

  /// Returns a result publisher of the value, or of the error `predicate` throws when Combine
  /// calls it now with the value as both arguments.
  ///
  /// ```swift
  /// print(Just(3).tryRemoveDuplicates { $0 == $1 }.result)  // success(3)
  /// ```
  ///
  /// - Parameter predicate: Called once, with the value twice; only a thrown error matters.
  /// - Returns: A `Result.Publisher` of the value or the error.
  @inlinable
  public func tryRemoveDuplicates(
    by predicate: (Output, Output) throws -> Bool
  ) -> Result<Output, any Error>.Publisher {
    Result<Output, any Error>.Publisher(
      Result {
        _ = try predicate(output, output)
        return output
      })
  }

  /// Returns this publisher: `Just` cannot fail, so there is no error to replace.
  ///
  /// ```swift
  /// print(Just(3).replaceError(with: 0).output)  // 3
  /// ```
  ///
  /// - Parameter output: Not used.
  /// - Returns: A `Just` of the same value.
  @inlinable
  public func replaceError(with output: Output) -> Just<Output> {
    self
  }

  /// Returns this publisher: `Just` is never empty.
  ///
  /// ```swift
  /// print(Just(3).replaceEmpty(with: 0).output)  // 3
  /// ```
  ///
  /// - Parameter output: Not used.
  /// - Returns: A `Just` of the same value.
  @inlinable
  public func replaceEmpty(with output: Output) -> Just<Output> {
    self
  }

  /// Returns this publisher: `Just` cannot fail, so there is nothing to retry.
  ///
  /// ```swift
  /// print(Just(3).retry(2).output)  // 3
  /// ```
  ///
  /// - Parameter times: Not used.
  /// - Returns: A `Just` of the same value.
  @inlinable
  public func retry(_ times: Int) -> Just<Output> {
    self
  }

  /// Returns a sequence publisher of `elements` followed by the value.
  ///
  /// ```swift
  /// print(Just(3).prepend(1, 2).sequence)  // [1, 2, 3]
  /// ```
  ///
  /// - Parameter elements: The values to publish first.
  /// - Returns: A `Publishers.Sequence` of an array.
  @inlinable
  public func prepend(_ elements: Output...) -> Publishers.Sequence<[Output], Never> {
    prepend(elements)
  }

  /// Returns a sequence publisher of the elements of `elements` followed by the value.
  ///
  /// ```swift
  /// print(Just(3).prepend(1...2).sequence)  // [1, 2, 3]
  /// ```
  ///
  /// - Parameter elements: The values to publish first.
  /// - Returns: A `Publishers.Sequence` of an array.
  @inlinable
  public func prepend<Elements: Sequence>(
    _ elements: Elements
  ) -> Publishers.Sequence<[Output], Never> where Elements.Element == Output {
    Publishers.Sequence<[Output], Never>(sequence: elements + [output])
  }

  /// Returns a sequence publisher of the value followed by `elements`.
  ///
  /// ```swift
  /// print(Just(1).append(2, 3).sequence)  // [1, 2, 3]
  /// ```
  ///
  /// - Parameter elements: The values to publish last.
  /// - Returns: A `Publishers.Sequence` of an array.
  @inlinable
  public func append(_ elements: Output...) -> Publishers.Sequence<[Output], Never> {
    append(elements)
  }

  /// Returns a sequence publisher of the value followed by the elements of `elements`.
  ///
  /// ```swift
  /// print(Just(1).append(2...3).sequence)  // [1, 2, 3]
  /// ```
  ///
  /// - Parameter elements: The values to publish last.
  /// - Returns: A `Publishers.Sequence` of an array.
  @inlinable
  public func append<Elements: Sequence>(
    _ elements: Elements
  ) -> Publishers.Sequence<[Output], Never> where Elements.Element == Output {
    Publishers.Sequence<[Output], Never>(sequence: [output] + elements)
  }
}
#endif
