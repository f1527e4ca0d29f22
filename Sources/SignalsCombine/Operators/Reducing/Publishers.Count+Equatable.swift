// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publishers.Count: Equatable where Upstream: Equatable {
  /// Two `count()` publishers are equal when they have the same upstream, as in Combine.
  ///
  /// ```swift
  /// print(Empty<Int, Never>().count() == Empty<Int, Never>().count())  // true
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: A publisher to compare.
  ///   - rhs: Another publisher to compare.
  /// - Returns: Whether the two publishers are equal.
  public static func == (lhs: Publishers.Count<Upstream>, rhs: Publishers.Count<Upstream>) -> Bool {
    lhs.upstream == rhs.upstream
  }
}
#endif
