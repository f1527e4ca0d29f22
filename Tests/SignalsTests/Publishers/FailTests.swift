// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct FailTests {
  @Test func failsImmediatelyWithoutDemand() {
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    Fail<Int, TestError>(error: TestError(id: 3)).subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 3)))])
  }

  @Test func everySubscriberFails() {
    let fail = Fail(outputType: String.self, failure: TestError(id: 1))
    let first = TestSubscriber<String, TestError>()
    let second = TestSubscriber<String, TestError>()
    fail.subscribe(first)
    fail.subscribe(second)
    #expect(first.events == [.subscription, .completion(.failure(TestError(id: 1)))])
    #expect(second.events == first.events)
  }

  @Test func isEquatableWhenItsFailureIs() {
    #expect(Fail<Int, TestError>(error: TestError(id: 1)) == Fail(error: TestError(id: 1)))
    #expect(Fail<Int, TestError>(error: TestError(id: 1)) != Fail(error: TestError(id: 2)))
    #expect(Fail<Int, TestError>(error: TestError(id: 4)).error == TestError(id: 4))
  }
}
