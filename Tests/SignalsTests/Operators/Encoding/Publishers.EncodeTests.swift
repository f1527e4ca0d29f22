// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

/// An encoder that writes an `Int` as its decimal text and refuses negative numbers.
struct DecimalCoder: TopLevelEncoder, TopLevelDecoder {
  struct Refused: Error, Equatable {}

  func encode<T: Encodable>(_ value: T) throws -> String {
    guard let number = value as? Int, number >= 0 else { throw Refused() }
    return String(number)
  }

  func decode<T: Decodable>(_ type: T.Type, from input: String) throws -> T {
    guard let number = Int(input) as? T else { throw Refused() }
    return number
  }
}

struct EncodeTests {
  @Test func encodeKeepsTheContract() {
    checkOperatorContract(skipping: .passThrough) { $0.encode(encoder: DecimalCoder()).mapError { $0 as! TestError } }
  }

  @Test func encodesEachValueAndPassesDemandThrough() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<String, any Error>(initialDemand: .max(1), demandPerValue: .max(1))
    upstream.encode(encoder: DecimalCoder()).subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.max(1))])
    #expect(upstream.send(12) == .max(1))
    #expect(recorder.values == ["12"])
  }

  @Test func encodingErrorCancelsUpstreamAndFails() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<String, any Error>()
    upstream.encode(encoder: DecimalCoder()).subscribe(recorder)
    upstream.send(1)
    upstream.send(-1)
    upstream.send(2)
    #expect(recorder.values == ["1"])
    #expect(
      recorder.completion.map { if case .failure(let error) = $0 { error is DecimalCoder.Refused } else { false } }
        == true)
    #expect(upstream.subscription.isCancelled)
  }

  @Test func encodesWithJSONEncoder() throws {
    let recorder = TestSubscriber<Data, any Error>()
    Just([1, 2]).encode(encoder: JSONEncoder()).subscribe(recorder)
    #expect(recorder.values.map { String(decoding: $0, as: UTF8.self) } == ["[1,2]"])
  }

  // MARK: Combine's behaviour

  @Test func encodeShowsItsSubscriberWhetherItFinishedAndItsUpstreamAsCombineDoes() throws {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<String, any Error>()
    upstream.encode(encoder: DecimalCoder()).subscribe(recorder)
    let subscription = try #require(recorder.subscription)
    let inner = try #require(subscription as? any CustomReflectable)
    #expect(inner.customMirror.children.map(\.label) == ["downstream", "finished", "upstreamSubscription"])
    #expect("\(inner)" == "Encode")
  }

  @Test func encodeForwardsAValueBeforeItsSubscription() {
    let upstream = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let recorder = TestSubscriber<String, any Error>()
    upstream.encode(encoder: DecimalCoder()).subscribe(recorder)
    upstream.send(4)
    #expect(recorder.values == ["4"])
  }
}
