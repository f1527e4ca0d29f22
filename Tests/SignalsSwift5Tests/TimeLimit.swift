// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Testing

/// Swift Testing's `.timeLimit(.minutes(minutes))` where it has one (always on Linux; macOS 13,
/// iOS 16, tvOS 16 and watchOS 9 on Apple platforms), so that a test that hangs fails instead of
/// stopping the run; before those versions, a comment that says the test runs without one.
///
/// `.timeLimit` itself would raise the tests' floor above the package's (macOS 10.15, iOS 13), or
/// need an `@available` on each suite and test that uses it, which would keep them from running
/// on an older simulator at all. A copy of `SignalsTests`' helper (`Support/TimeLimit.swift`): test
/// targets share no code.
func timeLimit(minutes: Int) -> any TestTrait & SuiteTrait {
  if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
    return TimeLimitTrait.timeLimit(.minutes(minutes))
  }
  return Comment(rawValue: "no time limit: Swift Testing has none before macOS 13 and iOS 16")
}
