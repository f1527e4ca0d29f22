// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

struct JustTests {
  @Test func deliversTheValueThenFinishes() {
    let recorder = TestSubscriber<Int, Never>()
    Just(7).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(7), .completion(.finished)])
  }

  @Test func waitsForDemandBeforeDelivering() {
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    Just(7).subscribe(recorder)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(7), .completion(.finished)])
  }

  @Test func requestsAfterCompletionAreIgnored() {
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1))
    Just(7).subscribe(recorder)
    recorder.request(.max(1))
    recorder.request(.unlimited)
    #expect(recorder.events == [.subscription, .value(7), .completion(.finished)])
  }

  @Test func cancelBeforeDemandDeliversNothing() {
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    Just(7).subscribe(recorder)
    recorder.cancel()
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription])
  }

  @Test func everySubscriberGetsTheValue() {
    let just = Just("hi")
    let first = TestSubscriber<String, Never>()
    let second = TestSubscriber<String, Never>(initialDemand: .max(1))
    just.subscribe(first)
    just.subscribe(second)
    #expect(first.events == [.subscription, .value("hi"), .completion(.finished)])
    #expect(second.events == [.subscription, .value("hi"), .completion(.finished)])
  }

  @Test func isEquatableWhenItsOutputIs() {
    #expect(Just(1) == Just(1))
    #expect(Just(1) != Just(2))
    #expect(Just(1).output == 1)
  }

  @Test func isSendableWhenItsOutputIs() {
    let just: any Sendable = Just(1)
    #expect(just is Just<Int>)
  }
}
