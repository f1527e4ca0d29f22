// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import Testing

private struct Boom: Error, Equatable {}

struct JustOperatorsTests {
  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func transformingOverloadsRunTheirClosureOnceNow() {
    var calls = 0
    let mapped: Just<String> = Just(4).map { value -> String in
      calls += 1
      return String(value)
    }
    #expect(calls == 1)
    #expect(mapped == Just("4"))
    #expect(Just(4).filter { $0 > 5 } == Optional<Int>.none.publisher)
    #expect(Just("x").compactMap { Int($0) }.output == nil)
    #expect(Just(4).drop { $0 < 5 }.output == nil)
    #expect(Just(4).prefix { $0 < 5 }.output == 4)
    #expect(Just(4).first { $0 == 4 }.output == 4)
    #expect(Just(4).last { $0 != 4 }.output == nil)
  }

  @Test func comparingOverloadsNeverCallTheirComparator() {
    var calls = 0
    let comparator: (Int, Int) -> Bool = { lhs, rhs in
      calls += 1
      return lhs < rhs
    }
    #expect(Just(3).min(by: comparator) == Just(3))
    #expect(Just(3).max(by: comparator) == Just(3))
    #expect(Just(3).removeDuplicates(by: comparator) == Just(3))
    #expect(calls == 0)
    #expect(Just(3).min() == Just(3) && Just(3).max() == Just(3))
  }

  @Test func tryOverloadsCaptureTheThrownError() throws {
    #expect(try Just(2).tryMap { $0 * 3 }.result.get() == 6)
    #expect(throws: Boom.self) { try Just(2).tryMap { _ -> Int in throw Boom() }.result.get() }
    #expect(throws: Boom.self) { try Just(2).tryRemoveDuplicates { _, _ in throw Boom() }.result.get() }
    #expect(try Just(2).tryAllSatisfy { $0 > 0 }.result.get())
    #expect(try Just(2).tryContains { $0 > 5 }.result.get() == false)
    #expect(try Just(2).tryReduce(1, +).result.get() == 3)
    #expect(try Just(2).tryScan(1, *).result.get() == 2)
  }

  @Test func reducingOverloadsAnswerForTheOneValue() {
    #expect(Just(2).count() == Just(1))
    #expect(Just(2).collect() == Just([2]))
    #expect(Just(2).contains(2) == Just(true))
    #expect(Just(2).allSatisfy { $0 > 2 } == Just(false))
    #expect(Just(2).reduce(10, +).result == .success(12))
    #expect(Just(2).scan(10, +).result == .success(12))
    #expect(Just(2).ignoreOutput().completeImmediately)
  }

  @Test func positionOverloadsKeepTheValueOnlyAtPositionZero() {
    #expect(Just(2).dropFirst(0).output == 2)
    #expect(Just(2).dropFirst().output == nil)
    #expect(Just(2).output(at: 0).output == 2)
    #expect(Just(2).output(at: 1).output == nil)
    #expect(Just(2).prefix(0).output == nil)
    #expect(Just(2).prefix(3).output == 2)
    // As in Combine, only the lower bound counts: an empty range at 0 still keeps the value.
    #expect(Just(2).output(in: 0..<0).output == 2)
    #expect(Just(2).output(in: 1...3).output == nil)
  }

  @Test func failureOverloadsReturnResultPublishersOfTheValue() {
    #expect(Just(2).setFailureType(to: Boom.self).result == .success(2))
    #expect(Just(2).replaceError(with: 0) == Just(2))
    #expect(Just(2).replaceEmpty(with: 0) == Just(2))
    #expect(Just(2).retry(3) == Just(2))
  }

  @Test func prependAndAppendBuildOneSequence() {
    #expect(Just(3).prepend(1, 2).sequence == [1, 2, 3])
    #expect(Just(1).append(2...3).sequence == [1, 2, 3])
  }

  @Test func negativeCountStops() async {
    await #expect(processExitsWith: .failure) {
      _ = Just(1).dropFirst(-1)
    }
  }
}
