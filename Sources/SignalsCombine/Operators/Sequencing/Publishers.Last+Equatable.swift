// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publishers.Last: Equatable where Upstream: Equatable {
  /// Two `last()` publishers are equal when they have the same upstream, as in Combine.
  ///
  /// ```swift
  /// print(Empty<Int, Never>().last() == Empty<Int, Never>().last())  // true
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: A publisher to compare.
  ///   - rhs: Another publisher to compare.
  /// - Returns: Whether the two publishers are equal.
  public static func == (lhs: Publishers.Last<Upstream>, rhs: Publishers.Last<Upstream>) -> Bool {
    lhs.upstream == rhs.upstream
  }
}
#endif
