// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct ResultPublisherTests {
  @Test func deliversASuccessOnDemandThenFinishes() {
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    Result<Int, TestError>.success(2).publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(2), .completion(.finished)])
  }

  @Test func failsAtOnceWithoutDemand() {
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    Result<Int, TestError>.failure(TestError(id: 8)).publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 8)))])
  }

  @Test func initializersBuildTheResult() {
    #expect(Result<Int, TestError>.Publisher(5).result == .success(5))
    #expect(Result<Int, TestError>.Publisher(TestError(id: 1)).result == .failure(TestError(id: 1)))
    #expect(Result<Int, TestError>.Publisher(.success(6)) == Result<Int, TestError>.success(6).publisher)
  }

  @Test func cancelBeforeDemandDeliversNothing() {
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    Result<Int, Never>.Publisher(1).subscribe(recorder)
    recorder.cancel()
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription])
  }
}
