// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct DecodeTests {
  @Test func decodeKeepsTheContract() {
    checkOperatorContract(skipping: .passThrough) {
      $0.map(String.init).decode(type: Int.self, decoder: DecimalCoder()).mapError { $0 as! TestError }
    }
  }

  @Test func decodesEachValueAndFailsOnTheFirstBadOne() {
    let upstream = TestPublisher<String, TestError>()
    let recorder = TestSubscriber<Int, any Error>(initialDemand: .max(3))
    upstream.decode(type: Int.self, decoder: DecimalCoder()).subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.max(3))])
    upstream.send("4")
    upstream.send("x")
    upstream.send("5")
    #expect(recorder.values == [4])
    #expect(upstream.subscription.isCancelled)
    #expect(
      recorder.completion.map { if case .failure(let error) = $0 { error is DecimalCoder.Refused } else { false } }
        == true)
  }

  @Test func upstreamFailurePassesThrough() {
    let upstream = TestPublisher<String, TestError>()
    let recorder = TestSubscriber<Int, any Error>()
    upstream.decode(type: Int.self, decoder: DecimalCoder()).subscribe(recorder)
    upstream.send(completion: .failure(TestError(id: 6)))
    #expect(
      recorder.completion.map {
        if case .failure(let error) = $0 { error as? TestError == TestError(id: 6) } else { false }
      } == true)
  }

  @Test func decodesWithJSONDecoder() {
    let recorder = TestSubscriber<[String: Int], any Error>()
    Just(Data(#"{"x":1}"#.utf8)).decode(type: [String: Int].self, decoder: JSONDecoder()).subscribe(recorder)
    #expect(recorder.values == [["x": 1]])
    #expect(recorder.completion.map { if case .finished = $0 { true } else { false } } == true)
  }
}
