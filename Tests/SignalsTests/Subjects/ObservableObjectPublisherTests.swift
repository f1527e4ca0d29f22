// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct ObservableObjectPublisherTests {
  @Test func sendSignalsEverySubscriberWithDemand() {
    let publisher = ObservableObjectPublisher()
    let first = TestSubscriber<Void, Never>()
    let second = TestSubscriber<Void, Never>()
    publisher.subscribe(first)
    publisher.subscribe(second)
    publisher.send()
    publisher.send()
    #expect(first.values.count == 2)
    #expect(second.values.count == 2)
    #expect(first.completion == nil)
  }

  @Test func anyRequestOpensTheSubscriberToEverySignalAsInCombine() {
    let publisher = ObservableObjectPublisher()
    let recorder = TestSubscriber<Void, Never>(initialDemand: .none)
    publisher.subscribe(recorder)
    publisher.send()
    #expect(recorder.values.isEmpty, "nothing before the first request")
    recorder.request(.max(1))
    #expect(recorder.values.isEmpty, "signals are not kept")
    publisher.send()
    publisher.send()
    publisher.send()
    #expect(recorder.values.count == 3, "every signal once it asked, whatever the demand")
  }

  @Test func subscriptionShowsOnlyItsSubscriber() throws {
    let publisher = ObservableObjectPublisher()
    let recorder = TestSubscriber<Void, Never>()
    publisher.subscribe(recorder)
    let subscription = try #require(recorder.subscription)
    let children = Mirror(reflecting: subscription).children
    #expect(children.map(\.label) == ["downstream"])
    #expect(children.first?.value is TestSubscriber<Void, Never>)
  }

  @Test func cancelledSubscriberReceivesNothingMore() {
    let publisher = ObservableObjectPublisher()
    let recorder = TestSubscriber<Void, Never>()
    publisher.subscribe(recorder)
    publisher.send()
    recorder.cancel()
    publisher.send()
    #expect(recorder.values.count == 1)
  }

  @Test func sinkReceivesEachSignal() {
    let publisher = ObservableObjectPublisher()
    var count = 0
    let cancellable = publisher.sink { count += 1 }
    publisher.send()
    publisher.send()
    cancellable.cancel()
    publisher.send()
    #expect(count == 2)
  }

  @Test func subscriptionIsNamedAfterThePublisher() throws {
    let publisher = ObservableObjectPublisher()
    let recorder = TestSubscriber<Void, Never>()
    publisher.subscribe(recorder)
    let subscription = try #require(recorder.subscription)
    #expect(String(describing: subscription) == "ObservableObjectPublisher")
  }
}
