// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Signals
import Testing

struct SubscribersCompletionTests {
  struct Problem: Error, Codable, Equatable {
    var code: Int
  }

  @Test func equatableWhenFailureIs() {
    #expect(Subscribers.Completion<Problem>.finished == .finished)
    #expect(Subscribers.Completion<Problem>.failure(Problem(code: 1)) != .failure(Problem(code: 2)))
  }

  @Test func roundTripsThroughCodable() throws {
    let completions: [Subscribers.Completion<Problem>] = [.finished, .failure(Problem(code: 4))]
    let data = try JSONEncoder().encode(completions)
    let decoded = try JSONDecoder().decode([Subscribers.Completion<Problem>].self, from: data)
    #expect(decoded == completions)
  }
}
