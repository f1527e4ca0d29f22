// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Signals
import Testing

struct SubscribersDemandTests {
  typealias Demand = Subscribers.Demand

  @Test func noneIsMaxZero() {
    #expect(Demand.none == .max(0))
    #expect(Demand.none.max == 0)
    #expect(Demand.unlimited.max == nil)
  }

  @Test func descriptionMatchesCombine() {
    #expect(Demand.unlimited.description == "unlimited")
    #expect(Demand.max(3).description == "max(3)")
    #expect(Demand.none.description == "max(0)")
  }

  @Test(arguments: [
    (Demand.max(1), Demand.max(2), Demand.max(3)),
    (.max(1), .unlimited, .unlimited),
    (.unlimited, .max(5), .unlimited),
    (.max(Int.max), .max(1), .unlimited),
  ])
  func additionSaturatesAtUnlimited(lhs: Demand, rhs: Demand, sum: Demand) {
    #expect(lhs + rhs == sum)
    var accumulated = lhs
    accumulated += rhs
    #expect(accumulated == sum)
  }

  @Test(arguments: [
    (Demand.max(5), Demand.max(2), Demand.max(3)),
    (.max(2), .max(5), .none),
    (.unlimited, .max(5), .unlimited),
    (.unlimited, .unlimited, .unlimited),
    (.max(5), .unlimited, .none),
  ])
  func subtractionNeverGoesBelowNone(lhs: Demand, rhs: Demand, difference: Demand) {
    #expect(lhs - rhs == difference)
    var remaining = lhs
    remaining -= rhs
    #expect(remaining == difference)
  }

  @Test func arithmeticWithIntegers() {
    #expect(Demand.max(2) + 3 == .max(5))
    #expect(Demand.max(2) - 3 == .none)
    #expect(Demand.max(2) + -5 == .none)
    #expect(Demand.max(2) * 3 == .max(6))
    #expect(Demand.max(Int.max) * 2 == .unlimited)
    #expect(Demand.max(4) * -1 == .none)
    #expect(Demand.unlimited - 1 == .unlimited)
    // Subtracting a negative count past Int.max gives none, as in Combine, not unlimited.
    #expect(Demand.max(Int.max) - (-1) == .none)
    #expect(Demand.unlimited * 0 == .unlimited)
    var demand = Demand.max(1)
    demand += 1
    demand *= 5
    demand -= 3
    #expect(demand == .max(7))
  }

  @Test func comparisonsWithIntegersTreatUnlimitedAsGreatest() {
    #expect(Demand.unlimited > Int.max)
    #expect(Demand.unlimited >= 0)
    #expect(!(Demand.unlimited < 5))
    #expect(!(Demand.unlimited <= 5))
    #expect(Demand.max(3) > 2)
    #expect(Demand.max(3) >= 3)
    #expect(Demand.max(3) < 4)
    #expect(Demand.max(3) <= 3)
    #expect(2 < Demand.max(3))
    #expect(3 <= Demand.max(3))
    #expect(4 > Demand.max(3))
    #expect(3 >= Demand.max(3))
    #expect(5 < Demand.unlimited)
    #expect(!(5 > Demand.unlimited))
    #expect(Demand.max(3) == 3)
    #expect(3 == Demand.max(3))
    #expect(Demand.unlimited != 3)
    #expect(3 != Demand.unlimited)
  }

  @Test func demandsAreOrdered() {
    #expect(Demand.none < .max(1))
    #expect(Demand.max(Int.max) < .unlimited)
    #expect(!(Demand.unlimited < .unlimited))
    #expect([Demand.unlimited, .max(2), .none].sorted() == [.none, .max(2), .unlimited])
  }

  @Test func roundTripsThroughCodable() throws {
    let demands: [Demand] = [.none, .max(42), .unlimited]
    let data = try JSONEncoder().encode(demands)
    #expect(try JSONDecoder().decode([Demand].self, from: data) == demands)
  }
}
