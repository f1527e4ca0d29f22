// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publishers.First: Equatable where Upstream: Equatable {
  /// Two `first()` publishers are equal when they have the same upstream, as in Combine.
  ///
  /// ```swift
  /// print(Empty<Int, Never>().first() == Empty<Int, Never>().first())  // true
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: A publisher to compare.
  ///   - rhs: Another publisher to compare.
  /// - Returns: Whether the two publishers are equal.
  public static func == (lhs: Publishers.First<Upstream>, rhs: Publishers.First<Upstream>) -> Bool {
    lhs.upstream == rhs.upstream
  }
}
#endif
