// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publishers.Collect: Equatable where Upstream: Equatable {
  /// Two `collect()` publishers are equal when they have the same upstream, as in Combine.
  ///
  /// ```swift
  /// print(Empty<Int, Never>().collect() == Empty<Int, Never>().collect())  // true
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: A publisher to compare.
  ///   - rhs: Another publisher to compare.
  /// - Returns: Whether the two publishers are equal.
  public static func == (lhs: Publishers.Collect<Upstream>, rhs: Publishers.Collect<Upstream>) -> Bool {
    lhs.upstream == rhs.upstream
  }
}
#endif
