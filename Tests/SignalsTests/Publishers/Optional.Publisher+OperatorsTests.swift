// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import Testing

struct OptionalPublisherOperatorsTests {
  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func presentValueIsTransformedOnceNow() {
    var calls = 0
    let mapped: Optional<String>.Publisher = Optional(4).publisher.map { value -> String in
      calls += 1
      return String(value)
    }
    #expect(calls == 1)
    #expect(mapped.output == "4")
    #expect(Optional(4).publisher.filter { $0 > 5 }.output == nil)
    #expect(Optional("7").publisher.compactMap { Int($0) }.output == 7)
    #expect(Optional(4).publisher.reduce(1, +).output == 5)
    #expect(Optional(4).publisher.count().output == 1)
    #expect(Optional(4).publisher.contains(4).output == true)
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func absentValueStaysAbsentWithoutCallingClosures() {
    let absent = Optional<Int>.none.publisher
    var calls = 0
    let predicate: (Int) -> Bool = { _ in
      calls += 1
      return true
    }
    #expect(absent.allSatisfy(predicate).output == nil)
    #expect(absent.contains(where: predicate).output == nil)
    #expect(absent.first(where: predicate).output == nil)
    #expect(absent.count().output == nil)
    #expect(absent.reduce(0, +).output == nil)
    #expect(calls == 0)
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func collectAndReplaceEmptyAlwaysHaveAValue() {
    let absent = Optional<Int>.none.publisher
    #expect(absent.collect().output == [])
    #expect(Optional(2).publisher.collect().output == [2])
    let replaced: Just<Int> = absent.replaceEmpty(with: 9)
    #expect(replaced == Just(9))
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func outputInRangeKeepsTheValueWhenTheRangeHoldsPositionZero() {
    let present = Optional(2).publisher
    #expect(present.output(in: 0..<1).output == 2)
    #expect(present.output(in: 0..<0).output == nil)
    #expect(present.output(in: ...0).output == 2)
    #expect(present.output(in: 1..<4).output == nil)
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func outputInRangeStopsOnAHugeUpperBound() async {
    await #expect(processExitsWith: .failure) {
      _ = Optional(2).publisher.output(in: 0..<(Int.max - 1))
    }
  }
}
