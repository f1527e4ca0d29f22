// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

struct CompactMapTests {
  @Test func compactMapKeepsTheContract() {
    checkOperatorContract { $0.compactMap { $0 == 2 ? nil : $0 } }
  }

  @Test func tryCompactMapKeepsTheContract() {
    checkOperatorContract { $0.tryCompactMap { $0 == 2 ? nil : $0 }.mapError { $0 as! TestError } }
  }

  @Test func compactMapSkipsNilAndAsksForOneMore() {
    let upstream = TestPublisher<String, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    upstream.compactMap { Int($0) }.subscribe(recorder)
    #expect(upstream.send("x") == .max(1))
    #expect(upstream.send("4") == .none)
    #expect(recorder.events == [.subscription, .value(4)])
  }

  @Test func compactMapFusesWithMapAndCompactMap() {
    let subject = PassthroughSubject<String, Never>()
    let fused: Publishers.CompactMap<PassthroughSubject<String, Never>, Int> =
      subject.compactMap { Int($0) }.map { $0 * 2 }.compactMap { $0 > 2 ? $0 : nil }
    let recorder = TestSubscriber<Int, Never>()
    fused.subscribe(recorder)
    for text in ["1", "a", "2", "3"] { subject.send(text) }
    #expect(recorder.values == [4, 6])
  }

  @Test func tryCompactMapFailsWithTheThrownError() {
    let upstream = TestPublisher<String, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.tryCompactMap { text -> Int? in
      if text == "!" { throw TestError(id: 1) }
      return Int(text)
    }
    .compactMap { $0 }
    .mapError { $0 as! TestError }
    .subscribe(recorder)
    upstream.send("1")
    upstream.send("x")
    upstream.send("!")
    upstream.send("2")
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(TestError(id: 1)))])
    #expect(upstream.subscription.isCancelled)
  }
}
