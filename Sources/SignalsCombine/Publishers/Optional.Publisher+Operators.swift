// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
// Operators that Combine specialises for `Optional.Publisher`: the value, or its absence, is
// known when the operator is applied, so each one computes its result now, on the calling thread,
// and returns another `Optional.Publisher` (or a `Just`). A closure passed to one of them runs at
// most once, here. An absent value gives an absent result, except for `replaceEmpty(with:)`, as
// in Combine. The reducing ones are in `Optional.Publisher+Reducing.swift`.

extension Optional.Publisher where Wrapped: Equatable {
  /// Returns this publisher: at most one value has no duplicates.
  ///
  /// ```swift
  /// print(Optional(3).publisher.removeDuplicates().output as Any)  // Optional(3)
  /// ```
  ///
  /// - Returns: This publisher.
  @inlinable
  public func removeDuplicates() -> Optional<Wrapped>.Publisher {
    self
  }
}

extension Optional.Publisher {
  /// Returns an optional publisher of the transformed value; `transform` runs now, at most once.
  ///
  /// ```swift
  /// print(Optional("7").publisher.compactMap { Int($0) }.output as Any)  // Optional(7)
  /// ```
  ///
  /// - Parameter transform: Turns the value into an optional value to publish.
  /// - Returns: An `Optional.Publisher` of the transformed value.
  @inlinable
  public func compactMap<ElementOfResult>(
    _ transform: (Output) -> ElementOfResult?
  ) -> Optional<ElementOfResult>.Publisher {
    Optional<ElementOfResult>.Publisher(output.flatMap(transform))
  }

  /// Returns this publisher if `count` is zero, or an optional publisher of nothing otherwise.
  ///
  /// ```swift
  /// print(Optional(3).publisher.dropFirst().output as Any)  // nil
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
  /// print(Optional(3).publisher.drop { $0 < 5 }.output as Any)  // nil
  /// ```
  ///
  /// - Parameter predicate: Whether to drop the value.
  /// - Returns: An `Optional.Publisher` of the value or of `nil`.
  @inlinable
  public func drop(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(output.flatMap { predicate($0) ? nil : $0 })
  }

  /// Returns this publisher: its value, if any, is its first.
  ///
  /// ```swift
  /// print(Optional(3).publisher.first().output as Any)  // Optional(3)
  /// ```
  ///
  /// - Returns: This publisher.
  @inlinable
  public func first() -> Optional<Output>.Publisher {
    self
  }

  /// Returns an optional publisher of the value if it satisfies `predicate`, which runs now.
  ///
  /// ```swift
  /// print(Optional(3).publisher.first { $0 > 1 }.output as Any)  // Optional(3)
  /// ```
  ///
  /// - Parameter predicate: The test for the value.
  /// - Returns: An `Optional.Publisher` of the value or of `nil`.
  @inlinable
  public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    filter(predicate)
  }

  /// Returns this publisher: its value, if any, is its last.
  ///
  /// ```swift
  /// print(Optional(3).publisher.last().output as Any)  // Optional(3)
  /// ```
  ///
  /// - Returns: This publisher.
  @inlinable
  public func last() -> Optional<Output>.Publisher {
    self
  }

  /// Returns an optional publisher of the value if it satisfies `predicate`, which runs now.
  ///
  /// ```swift
  /// print(Optional(3).publisher.last { $0 > 5 }.output as Any)  // nil
  /// ```
  ///
  /// - Parameter predicate: The test for the value.
  /// - Returns: An `Optional.Publisher` of the value or of `nil`.
  @inlinable
  public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    filter(predicate)
  }

  /// Returns an optional publisher of the value if `isIncluded`, which runs now, keeps it.
  ///
  /// ```swift
  /// print(Optional(4).publisher.filter { $0.isMultiple(of: 2) }.output as Any)  // Optional(4)
  /// ```
  ///
  /// - Parameter isIncluded: Whether to keep the value.
  /// - Returns: An `Optional.Publisher` of the value or of `nil`.
  @inlinable
  public func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(output.flatMap { isIncluded($0) ? $0 : nil })
  }

  /// Returns an optional publisher of the transformed value; `transform` runs now, at most once.
  ///
  /// ```swift
  /// print(Optional(4).publisher.map { $0 * 10 }.output as Any)  // Optional(40)
  /// ```
  ///
  /// - Parameter transform: Turns the value into the value to publish.
  /// - Returns: An `Optional.Publisher` of the transformed value.
  @inlinable
  public func map<ElementOfResult>(_ transform: (Output) -> ElementOfResult) -> Optional<ElementOfResult>.Publisher {
    Optional<ElementOfResult>.Publisher(output.map(transform))
  }

  /// Returns an optional publisher of the value if `index` is 0, or of nothing otherwise.
  ///
  /// ```swift
  /// print(Optional(4).publisher.output(at: 1).output as Any)  // nil
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

  /// Returns an optional publisher of the value if `range` contains position 0, or of nothing.
  ///
  /// ```swift
  /// print(Optional(4).publisher.output(in: 0...2).output as Any)  // Optional(4)
  /// ```
  ///
  /// - Important: A negative lower bound, or an upper bound of `Int.max - 1` or more, stops the
  ///   program, as in Combine.
  /// - Parameter range: The positions of the values to publish.
  /// - Returns: An `Optional.Publisher` of the value or of `nil`.
  @inlinable
  public func output<R: RangeExpression>(in range: R) -> Optional<Output>.Publisher where R.Bound == Int {
    let bounds = range.relative(to: 0..<Int.max)
    precondition(bounds.lowerBound >= 0, "output(in:): the lower bound must not be negative")
    precondition(bounds.upperBound < Int.max - 1, "output(in:): the upper bound must be below Int.max - 1")
    return Optional<Output>.Publisher(bounds.lowerBound == 0 && bounds.upperBound > 0 ? output : nil)
  }

  /// Returns an optional publisher of the value if `maxLength` is at least 1, or of nothing.
  ///
  /// ```swift
  /// print(Optional(4).publisher.prefix(1).output as Any)  // Optional(4)
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
  /// print(Optional(4).publisher.prefix { $0 < 3 }.output as Any)  // nil
  /// ```
  ///
  /// - Parameter predicate: Whether to keep the value.
  /// - Returns: An `Optional.Publisher` of the value or of `nil`.
  @inlinable
  public func prefix(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    filter(predicate)
  }

  /// Returns this publisher, without calling `predicate`.
  ///
  /// ```swift
  /// print(Optional(4).publisher.removeDuplicates(by: ==).output as Any)  // Optional(4)
  /// ```
  ///
  /// - Parameter predicate: Not called.
  /// - Returns: This publisher.
  @inlinable
  public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Optional<Output>.Publisher {
    self
  }

  /// Returns this publisher: it cannot fail, so there is no error to replace.
  ///
  /// ```swift
  /// print(Optional(4).publisher.replaceError(with: 0).output as Any)  // Optional(4)
  /// ```
  ///
  /// - Parameter output: Not used.
  /// - Returns: This publisher.
  @inlinable
  public func replaceError(with output: Output) -> Optional<Output>.Publisher {
    self
  }

  /// Returns a `Just` of the value, or of `output` if there is none.
  ///
  /// ```swift
  /// print(Optional<Int>.none.publisher.replaceEmpty(with: 0).output)  // 0
  /// ```
  ///
  /// - Parameter output: The value to publish when there is none.
  /// - Returns: A `Just`.
  @inlinable
  public func replaceEmpty(with output: Output) -> Just<Output> {
    Just<Output>(self.output ?? output)
  }

  /// Returns this publisher: it cannot fail, so there is nothing to retry.
  ///
  /// ```swift
  /// print(Optional(4).publisher.retry(3).output as Any)  // Optional(4)
  /// ```
  ///
  /// - Parameter times: Not used.
  /// - Returns: This publisher.
  @inlinable
  public func retry(_ times: Int) -> Optional<Output>.Publisher {
    self
  }
}
#endif
