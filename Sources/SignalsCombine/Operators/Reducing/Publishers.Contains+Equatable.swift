// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publishers.Contains: Equatable where Upstream: Equatable {
  /// Two `contains(_:)` publishers are equal when they have the same upstream and look for the same value, as in Combine.
  ///
  /// ```swift
  /// print(Empty<Int, Never>().contains(2) == Empty<Int, Never>().contains(2))  // true
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: A publisher to compare.
  ///   - rhs: Another publisher to compare.
  /// - Returns: Whether the two publishers are equal.
  public static func == (lhs: Publishers.Contains<Upstream>, rhs: Publishers.Contains<Upstream>) -> Bool {
    lhs.upstream == rhs.upstream && lhs.output == rhs.output
  }
}
#endif
