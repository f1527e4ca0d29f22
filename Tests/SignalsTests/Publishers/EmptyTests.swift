// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct EmptyTests {
  @Test func finishesImmediately() {
    let recorder = TestSubscriber<Int, TestError>()
    Empty<Int, TestError>().subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func finishesWithoutDemand() {
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    Empty<Int, Never>(completeImmediately: true).subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func neverCompletesWhenAskedNotTo() {
    let recorder = TestSubscriber<Int, Never>()
    Empty<Int, Never>(completeImmediately: false).subscribe(recorder)
    recorder.request(.max(3))
    recorder.cancel()
    #expect(recorder.events == [.subscription])
  }

  @Test func typedInitializerNamesTheTypes() {
    let empty = Empty(completeImmediately: false, outputType: String.self, failureType: TestError.self)
    let recorder = TestSubscriber<String, TestError>()
    empty.subscribe(recorder)
    #expect(!empty.completeImmediately)
    #expect(recorder.events == [.subscription])
  }

  @Test func equalityComparesCompleteImmediately() {
    #expect(Empty<Int, Never>() == Empty<Int, Never>(completeImmediately: true))
    #expect(Empty<Int, Never>() != Empty<Int, Never>(completeImmediately: false))
  }
}
