// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct AnySubscriberTests {
  @Test func forwardsToTheWrappedSubscriberAndKeepsItsIdentity() {
    let recorder = TestSubscriber<Int, Never>()
    let erased = AnySubscriber(recorder)
    #expect(erased.combineIdentifier == recorder.combineIdentifier)
    #expect(erased.description == "TestSubscriber")
    let subject = PassthroughSubject<Int, Never>()
    subject.subscribe(erased)
    subject.send(1)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func wrappingAnAnySubscriberReturnsItUnchanged() {
    let erased = AnySubscriber<Int, Never>()
    let twice = AnySubscriber(erased)
    #expect(twice.combineIdentifier == erased.combineIdentifier)
  }

  @Test func closureSubscriberCallsItsClosures() {
    var log: [String] = []
    let subscriber = AnySubscriber<Int, Never>(
      receiveSubscription: { subscription in
        log.append("subscription")
        subscription.request(.max(1))
      },
      receiveValue: { value in
        log.append("value \(value)")
        return .none
      },
      receiveCompletion: { completion in log.append("completion \(completion)") })
    let subject = PassthroughSubject<Int, Never>()
    subject.subscribe(subscriber)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(log == ["subscription", "value 1", "completion finished"])
    #expect(subscriber.description == "Anonymous AnySubscriber")
  }

  @Test func missingClosuresDoNothingAndAskForNothing() {
    let subscriber = AnySubscriber<Int, Never>()
    #expect(subscriber.receive(1) == .none)
    subscriber.receive(completion: .finished)
  }

  @Test func voidSubscriberReceivesWithoutArgument() {
    var count = 0
    let subscriber = AnySubscriber<Void, Never>(receiveValue: {
      count += 1
      return .max(1)
    })
    #expect(subscriber.receive() == .max(1))
    #expect(count == 1)
  }
}
