// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct AnyPublisherTests {
  @Test func forwardsSubscriptionsToTheWrappedPublisher() {
    let subject = PassthroughSubject<Int, Never>()
    let erased = subject.eraseToAnyPublisher()
    let recorder = TestSubscriber<Int, Never>()
    erased.subscribe(recorder)
    subject.send(4)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(4), .completion(.finished)])
    #expect(erased.description == "AnyPublisher")
  }

  @Test func erasingTwiceKeepsOneLayer() {
    let upstream = TestPublisher<Int, Never>()
    let once = upstream.eraseToAnyPublisher()
    let twice = once.eraseToAnyPublisher()
    let recorder = TestSubscriber<Int, Never>()
    twice.subscribe(recorder)
    #expect(upstream.subscriberCount == 1)
    #expect(upstream.subscriber?.combineIdentifier == recorder.combineIdentifier)
  }
}
