// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Testing

@testable import Signals

struct ChainStorageTests {
  @Test func theFirstLinkSubscribesTheSubscriberAndLaterLinksGetTheDemandLeft() {
    var state = ChainState()
    let first = state.attaching()
    #expect(state.receivedSubscription(TestSubscription(), generation: first!) == .subscribeDownstream)
    _ = state.requested(.max(3))
    #expect(state.receivedValue(generation: first!) == true)
    #expect(state.receivedCompletion(generation: first!).counts)
    let second = state.attaching()
    #expect(state.receivedSubscription(TestSubscription(), generation: second!) == .request(.max(2)))
  }

  @Test func eventsOfAnEarlierLinkAreIgnored() {
    var state = ChainState()
    let first = state.attaching()!
    _ = state.receivedSubscription(TestSubscription(), generation: first)
    _ = state.requested(.unlimited)
    _ = state.receivedCompletion(generation: first)
    let second = state.attaching()!
    #expect(state.receivedSubscription(TestSubscription(), generation: first) == .cancel)
    #expect(state.receivedValue(generation: first) == false)
    #expect(!state.receivedCompletion(generation: first).counts)
    #expect(state.receivedSubscription(TestSubscription(), generation: second) == .request(.unlimited))
  }

  @Test func valuesBeyondDemandAreRefused() {
    var state = ChainState()
    let first = state.attaching()!
    _ = state.receivedSubscription(TestSubscription(), generation: first)
    #expect(state.receivedValue(generation: first) == false)
    _ = state.requested(.max(1))
    #expect(state.receivedValue(generation: first) == true)
    #expect(state.receivedValue(generation: first) == false)
  }

  @Test func cancelEndsTheChain() {
    var state = ChainState()
    let first = state.attaching()!
    let subscription = TestSubscription()
    _ = state.receivedSubscription(subscription, generation: first)
    #expect((state.cancelled() as? TestSubscription) === subscription)
    #expect(state.attaching() == nil)
    #expect(state.completing() == false)
  }
}
