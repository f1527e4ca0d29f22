// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Testing

/// Swift Testing's `.timeLimit(.minutes(minutes))` where it has one (always on Linux; macOS 13,
/// iOS 16, tvOS 16 and watchOS 9 on Apple platforms), so that a test that hangs fails instead of
/// stopping the run; before those versions, a comment that says the test runs without one.
///
/// `.timeLimit` itself would raise the tests' floor above the package's (macOS 10.15, iOS 13), or
/// need an `@available` on each suite and test that uses it, which would keep them from running
/// on an older simulator at all. `SignalsStressTests` and `SignalsSwift5Tests` have the same
/// helper: test targets share no code.
func timeLimit(minutes: Int) -> any TestTrait & SuiteTrait {
  if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
    return TimeLimitTrait.timeLimit(.minutes(minutes))
  }
  return Comment(rawValue: "no time limit: Swift Testing has none before macOS 13 and iOS 16")
}

struct TimeLimitTests {
  @Test func theLimitIsSwiftTestingsWhereItHasOne() {
    if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
      let trait = timeLimit(minutes: 2)
      #expect((trait as? TimeLimitTrait)?.timeLimit == .seconds(120))
    }
  }

  @Test(timeLimit(minutes: 1)) func aTestGivenTheLimitRunsUnderIt() throws {
    if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
      let traits = try #require(Test.current).traits
      #expect(traits.compactMap { ($0 as? TimeLimitTrait)?.timeLimit } == [.seconds(60)])
    }
  }
}
