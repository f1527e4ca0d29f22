// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
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

  @Test func aRequestFromInsideReceiveDeliversNothingMore() {
    let subscriber = ReentrantRequester()
    Just(7).subscribe(subscriber)
    subscriber.subscription?.request(.max(1))
    #expect(subscriber.events == ["7", "finished"])
  }

  @Test func releasesItsSubscriberOnceDeliveredOrCancelled() {
    weak var delivered: ReentrantRequester?
    weak var cancelled: ReentrantRequester?
    var subscriptions: [any Subscription] = []
    do {
      let first = ReentrantRequester()
      let second = ReentrantRequester(requestsOnSubscription: false)
      delivered = first
      cancelled = second
      Just(1).subscribe(first)
      Just(2).subscribe(second)
      subscriptions = [first.subscription, second.subscription].compactMap { $0 }
      first.subscription = nil
      second.subscription = nil
      subscriptions[1].cancel()
    }
    // The subscriptions are still alive; the subscribers they pointed at are not.
    #expect(subscriptions.count == 2)
    #expect(delivered == nil)
    #expect(cancelled == nil)
  }

  @Test func requestsRacingFromManyThreadsDeliverTheValueOnce() async {
    for _ in 0..<200 {
      let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
      Just(7).subscribe(recorder)
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<4 { group.addTask { recorder.request(.max(1)) } }
      }
      #expect(recorder.events == [.subscription, .value(7), .completion(.finished)])
    }
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

  #if !canImport(Combine)
  // Linux only: Signals' `Just` is `Sendable` when its output is; Apple's Combine's is not.
  @Test func isSendableWhenItsOutputIs() {
    let just: any Sendable = Just(1)
    #expect(just is Just<Int>)
  }
  #endif

  @Test func subscriptionMirrorsTheValueBeforeAndAfterTheDelivery() throws {
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    Just(42).subscribe(recorder)
    let subscription = try #require(recorder.subscription)
    #expect(String(describing: subscription) == "Just")
    for _ in 0..<2 {
      let children = Mirror(reflecting: subscription).children
      #expect(children.map(\.label) == [nil])
      #expect(children.first?.value as? Int == 42)
      recorder.request(.max(1))
    }
    #expect(recorder.values == [42])
  }

  /// As in Combine, the subscription lets its subscriber go once it has delivered or was
  /// cancelled, but keeps the value until the subscription itself is released.
  @Test(arguments: [true, false])
  func subscriptionKeepsTheValueUntilItIsReleased(delivers: Bool) {
    final class Token: Sendable {}
    weak var weakToken: Token?
    var subscription: (any Subscription)?
    var events: [String] = []
    do {
      let token = Token()
      weakToken = token
      Just(token).subscribe(
        AnySubscriber<Token, Never>(
          receiveSubscription: { subscription = $0 },
          receiveValue: { _ in
            events.append("value")
            return .none
          },
          receiveCompletion: { _ in events.append("finished") }))
    }
    if delivers {
      subscription?.request(.max(1))
      #expect(events == ["value", "finished"])
    } else {
      subscription?.cancel()
      #expect(events.isEmpty)
    }
    #expect(weakToken != nil, "the ended subscription still holds the value")
    subscription = nil
    #expect(weakToken == nil, "released with the subscription")
  }
}

/// Asks for one value on subscription (unless told not to) and again from inside `receive(_:)`.
private final class ReentrantRequester: Subscriber {
  var subscription: (any Subscription)?
  var events: [String] = []
  private let requestsOnSubscription: Bool

  init(requestsOnSubscription: Bool = true) {
    self.requestsOnSubscription = requestsOnSubscription
  }

  func receive(subscription: any Subscription) {
    self.subscription = subscription
    if requestsOnSubscription { subscription.request(.max(1)) }
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    events.append("\(input)")
    subscription?.request(.max(1))
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {
    events.append("finished")
  }
}
