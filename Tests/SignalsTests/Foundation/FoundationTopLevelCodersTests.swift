// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Signals
import Testing

struct FoundationTopLevelCodersTests {
  private struct Point: Codable, Equatable {
    var x: Int
    var y: Int
  }

  private func roundTrip<E: TopLevelEncoder, D: TopLevelDecoder>(_ value: Point, _ encoder: E, _ decoder: D) throws
    -> Point
  where E.Output == D.Input {
    try decoder.decode(Point.self, from: encoder.encode(value))
  }

  @Test func jsonCodersAreTopLevelCoders() throws {
    #expect(try roundTrip(Point(x: 1, y: 2), JSONEncoder(), JSONDecoder()) == Point(x: 1, y: 2))
  }

  @Test func propertyListCodersAreTopLevelCoders() throws {
    #expect(try roundTrip(Point(x: 3, y: 4), PropertyListEncoder(), PropertyListDecoder()) == Point(x: 3, y: 4))
  }
}
