// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct MulticastTests {
  @Test func keepsTheContractOnceConnected() {
    checkOperatorContract { $0.multicast(subject: PassthroughSubject()).autoconnect() }
    checkOperatorContract { $0.multicast { PassthroughSubject() }.autoconnect() }
  }

  @Test func nothingFlowsUntilConnect() {
    let upstream = TestPublisher<Int, TestError>()
    let multicast = upstream.multicast(subject: PassthroughSubject())
    let recorder = TestSubscriber<Int, TestError>()
    multicast.subscribe(recorder)
    #expect(upstream.subscriberCount == 0, "the upstream is not subscribed before connect")
    #expect(recorder.events == [.subscription])
    let connection = multicast.connect()
    #expect(upstream.subscriberCount == 1)
    #expect(upstream.subscription.events == [.requested(.unlimited)])
    #expect(upstream.send(1) == .none)
    #expect(upstream.send(2) == .none)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    connection.cancel()
  }

  @Test func everySubscriberSharesOneUpstreamSubscription() {
    let upstream = TestPublisher<Int, Never>()
    let multicast = upstream.multicast { PassthroughSubject<Int, Never>() }
    let first = TestSubscriber<Int, Never>()
    let second = TestSubscriber<Int, Never>(initialDemand: .max(1))
    multicast.subscribe(first)
    multicast.subscribe(second)
    let connection = multicast.connect()
    upstream.send(1)
    upstream.send(2)
    #expect(upstream.subscriberCount == 1)
    #expect(first.values == [1, 2])
    #expect(second.values == [1], "each subscriber's demand is its own")
    connection.cancel()
  }

  @Test func subscribersAttachingAfterConnectGetOnlyLaterValues() {
    let upstream = TestPublisher<Int, Never>()
    let multicast = upstream.multicast(subject: PassthroughSubject())
    let early = TestSubscriber<Int, Never>(initialDemand: .max(3))
    multicast.subscribe(early)
    let connection = multicast.connect()
    for value in 1...4 { upstream.send(value) }
    let late = TestSubscriber<Int, Never>(initialDemand: .max(2))
    multicast.subscribe(late)
    for value in 5...7 { upstream.send(value) }
    upstream.send(completion: .finished)
    let latest = TestSubscriber<Int, Never>(initialDemand: .none)
    multicast.subscribe(latest)
    #expect(early.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
    #expect(late.events == [.subscription, .value(5), .value(6), .completion(.finished)])
    #expect(latest.events == [.subscription, .completion(.finished)], "after completion: at once")
    #expect(upstream.subscriberCount == 1, "the upstream is not subscribed again")
    connection.cancel()
  }

  @Test func cancellingTheConnectionStopsTheFlowAndConnectStartsItAgain() {
    let upstream = PassthroughSubject<Int, Never>()
    let multicast = upstream.multicast(subject: PassthroughSubject())
    let recorder = TestSubscriber<Int, Never>()
    multicast.subscribe(recorder)
    upstream.send(-1)
    var connection = multicast.connect()
    upstream.send(42)
    connection.cancel()
    upstream.send(100)
    connection = multicast.connect()
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(42), .value(2), .completion(.finished)])
    connection.cancel()
  }

  @Test func connectingTwiceSubscribesTheSubjectTwice() {
    let upstream = PassthroughSubject<Int, Never>()
    let multicast = upstream.multicast(subject: PassthroughSubject())
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(10))
    multicast.subscribe(recorder)
    let first = multicast.connect()
    let second = multicast.connect()
    upstream.send(42)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(42), .value(42), .completion(.finished)])
    first.cancel()
    second.cancel()
  }

  @Test func createSubjectRunsOnceForManySubscribersAndConnects() {
    let made = LockedState.make(0)
    let multicast = PassthroughSubject<Int, Never>().multicast { () -> PassthroughSubject<Int, Never> in
      made.withLock { $0 += 1 }
      return PassthroughSubject()
    }
    #expect(made.withLock { $0 } == 0, "made lazily")
    for _ in 0..<3 { multicast.subscribe(TestSubscriber<Int, Never>()) }
    let connection = multicast.connect()
    #expect(made.withLock { $0 } == 1)
    connection.cancel()
  }

  @Test func demandReturnedFromReceiveIsRequestedFromTheSubject() {
    let upstream = TestPublisher<Int, Never>()
    let multicast = upstream.multicast(subject: PassthroughSubject())
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
    multicast.subscribe(recorder)
    let connection = multicast.connect()
    for value in 1...3 { upstream.send(value) }
    #expect(recorder.values == [1, 2, 3])
    connection.cancel()
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func aSecondSubscriptionFromTheSubjectIsCancelled() throws {
    let subject = PassthroughSubject<Int, Never>()
    let multicast = TestPublisher<Int, Never>().multicast(subject: subject)
    let recorder = TestSubscriber<Int, Never>()
    multicast.subscribe(recorder)
    // The recorder's subscription is the inner the subject feeds; hand it a second subscription.
    let inner = try #require(recorder.subscription as? any Subscriber<Int, Never>)
    let extra = TestSubscription()
    inner.receive(subscription: extra)
    #expect(extra.isCancelled)
    #expect(recorder.subscriptionCount == 1)
  }

  @Test func cancelReleasesTheSubscriber() {
    let multicast = PassthroughSubject<Int, Never>().multicast(subject: PassthroughSubject())
    weak var weakRecorder: TestSubscriber<Int, Never>?
    do {
      let recorder = TestSubscriber<Int, Never>()
      weakRecorder = recorder
      multicast.subscribe(recorder)
      recorder.cancel()
    }
    #expect(weakRecorder == nil)
  }

  @Test func completionReleasesTheSubscriber() {
    let upstream = PassthroughSubject<Int, Never>()
    let multicast = upstream.multicast(subject: PassthroughSubject())
    let connection = multicast.connect()
    weak var weakRecorder: TestSubscriber<Int, Never>?
    do {
      let recorder = TestSubscriber<Int, Never>()
      weakRecorder = recorder
      multicast.subscribe(recorder)
      upstream.send(completion: .finished)
    }
    #expect(weakRecorder == nil)
    connection.cancel()
  }

  @Test func concurrentSendsSubscribesAndCancelsKeepTheContract() {
    let upstream = PassthroughSubject<Int, Never>()
    let multicast = upstream.multicast(subject: PassthroughSubject())
    let steady = TestSubscriber<Int, Never>()
    multicast.subscribe(steady)
    let limited = TestSubscriber<Int, Never>(initialDemand: .max(10))
    multicast.subscribe(limited)
    let connection = multicast.connect()
    let perSender = 500
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      if worker < 3 {
        for index in 0..<perSender { upstream.send(worker * perSender + index) }
      } else {
        for _ in 0..<100 {
          let churn = TestSubscriber<Int, Never>()
          multicast.subscribe(churn)
          churn.cancel()
        }
      }
    }
    upstream.send(completion: .finished)
    upstream.send(-1)
    let values = steady.values
    #expect(values.count == 3 * perSender)
    #expect(Set(values).count == values.count, "no duplicates")
    #expect(steady.events.last == .completion(.finished))
    #expect(limited.values.count == 10, "never beyond demand")
    connection.cancel()
  }
}

extension MulticastTests {
  @Test func aCurrentValueSubjectGivesEachSubscriberItsValueFirst() {
    let latest = CurrentValueSubject<Int, Never>(0)
    let multicast = [1, 2].publisher.multicast(subject: latest)
    let recorder = TestSubscriber<Int, Never>()
    multicast.subscribe(recorder)
    #expect(recorder.values == [0])
    let connection = multicast.connect()
    #expect(recorder.events == [.subscription, .value(0), .value(1), .value(2), .completion(.finished)])
    connection.cancel()
  }

  @Test func exposesItsUpstreamAndSubjectFactory() {
    let upstream = PassthroughSubject<Int, Never>()
    let subject = PassthroughSubject<Int, Never>()
    let multicast = upstream.multicast(subject: subject)
    #expect(multicast.upstream === upstream)
    #expect(multicast.createSubject() === subject)
  }

  @Test func theSubscriptionShowsWhatCombinesShows() {
    let recorder = TestSubscriber<Int, Never>()
    PassthroughSubject<Int, Never>().multicast { PassthroughSubject() }.subscribe(recorder)
    let subscription = recorder.subscription
    #expect(subscription.map { String(describing: $0) } == "Multicast")
    #expect((subscription.flatMap { $0 as? any CustomReflectable })?.customMirror.children.isEmpty == true)
    let playground = subscription.flatMap { $0 as? any CustomPlaygroundDisplayConvertible }
    #expect(playground?.playgroundDescription as? String == "Multicast")
  }
}
