// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct PrefixWhileTests {
  @Test func prefixWhileKeepsTheContract() {
    checkOperatorContract(skipping: .filtering) { $0.prefix(while: { $0 < 4 }) }
  }

  @Test func tryPrefixWhileKeepsTheContract() {
    checkOperatorContract(skipping: .filtering) { $0.tryPrefix(while: { $0 < 4 }).mapError { $0 as! TestError } }
  }

  @Test func firstFailingValueCancelsUpstreamAndFinishes() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(3), demandPerValue: .max(1))
    upstream.prefix(while: { $0 < 3 }).subscribe(recorder)
    #expect(upstream.send(1) == .max(1))
    #expect(upstream.send(2) == .max(1))
    #expect(upstream.send(3) == .none)
    upstream.send(1)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    #expect(upstream.subscription.events == [.requested(.max(3)), .cancelled])
  }

  @Test func tryPrefixWhileFailsWithTheThrownError() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.tryPrefix(while: { value in
      if value == 2 { throw TestError(id: 8) }
      return true
    })
    .mapError { $0 as! TestError }
    .subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(TestError(id: 8)))])
    #expect(upstream.subscription.isCancelled)
  }

  // MARK: Combine's behaviour

  @Test func prefixWhileForwardsAValueBeyondTheDemandAndIgnoresWhatFollowsItsEnd() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    upstream.prefix { $0 < 3 }.subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    upstream.send(3)
    upstream.send(1)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    #expect(upstream.subscription.isCancelled)
  }
}
