// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct OptionalPublisherTests {
  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func deliversAPresentValueOnDemandThenFinishes() {
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    Optional(4).publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(4), .completion(.finished)])
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func finishesAtOnceForNil() {
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    Int?.none.publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func cancelBeforeDemandDeliversNothing() {
    let recorder = TestSubscriber<String, Never>(initialDemand: .none)
    Optional<String>.Publisher("x").subscribe(recorder)
    recorder.cancel()
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription])
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func isEquatableWhenItsWrappedTypeIs() {
    #expect(Optional(1).publisher == Optional<Int>.Publisher(1))
    #expect(Optional(1).publisher != Int?.none.publisher)
    #expect(Optional(1).publisher.output == 1)
  }
}
