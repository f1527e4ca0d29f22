// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct ShareTests {
  @Test func keepsTheContract() {
    checkOperatorContract { $0.share() }
  }

  @Test func connectsOnceForTwoSubscribers() {
    let subscriptions = LockedState.make(0)
    let subject = PassthroughSubject<Int, TestError>()
    let shared = Deferred { () -> PassthroughSubject<Int, TestError> in
      subscriptions.withLock { $0 += 1 }
      return subject
    }.share()
    let first = TestSubscriber<Int, TestError>()
    let second = TestSubscriber<Int, TestError>()
    shared.subscribe(first)
    shared.subscribe(second)
    #expect(subscriptions.withLock { $0 } == 1)
    subject.send(1)
    subject.send(completion: .failure(TestError(id: 1)))
    #expect(first.events == [.subscription, .value(1), .completion(.failure(TestError(id: 1)))])
    #expect(second.events == first.events)
  }

  @Test func asksTheUpstreamForUnlimitedOnceASubscriberHasDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let shared = upstream.share()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(42))
    shared.subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.unlimited)])
    #expect(upstream.send(1) == .none)
  }

  @Test func aLateSubscriberGetsOnlyLaterValuesAndAfterCompletionOnlyTheCompletion() {
    let upstream = TestPublisher<Int, TestError>()
    let shared = upstream.share()
    let early = TestSubscriber<Int, TestError>(initialDemand: .max(3))
    shared.subscribe(early)
    for value in 1...4 { upstream.send(value) }
    let late = TestSubscriber<Int, TestError>(initialDemand: .max(2))
    shared.subscribe(late)
    for value in 5...7 { upstream.send(value) }
    upstream.send(completion: .finished)
    let latest = TestSubscriber<Int, TestError>(initialDemand: .none)
    shared.subscribe(latest)
    #expect(early.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
    #expect(late.events == [.subscription, .value(5), .value(6), .completion(.finished)])
    #expect(latest.events == [.subscription, .completion(.finished)])
    // As in Combine: the share does not start over after the upstream completes.
    #expect(upstream.subscriberCount == 1)
    #expect(upstream.subscription.events == [.requested(.unlimited)])
  }

  @Test func reconnectsAfterEverySubscriberCancelled() {
    let upstream = TestPublisher<Int, TestError>()
    let shared = upstream.share()
    let first = TestSubscriber<Int, TestError>()
    shared.subscribe(first)
    first.cancel()
    #expect(upstream.subscription.isCancelled)
    let second = TestSubscriber<Int, TestError>()
    shared.subscribe(second)
    #expect(upstream.subscriberCount == 2, "a fresh subscription to the upstream")
    upstream.send(5)
    #expect(second.values == [5])
    #expect(first.values.isEmpty)
  }

  @Test func equalityIsIdentity() {
    let subject = PassthroughSubject<Int, Never>()
    let first = subject.share()
    let second = subject.share()
    #expect(first == first)
    #expect(first != second)
  }

  @Test func cancelAndCompletionReleaseTheSubscriber() {
    let subject = PassthroughSubject<Int, Never>()
    let shared = subject.share()
    weak var cancelled: TestSubscriber<Int, Never>?
    weak var completed: TestSubscriber<Int, Never>?
    do {
      let recorder = TestSubscriber<Int, Never>()
      cancelled = recorder
      shared.subscribe(recorder)
      recorder.cancel()
    }
    #expect(cancelled == nil)
    do {
      let recorder = TestSubscriber<Int, Never>()
      completed = recorder
      shared.subscribe(recorder)
      subject.send(completion: .finished)
    }
    #expect(completed == nil)
  }

  @Test func everythingIsReleasedOnceEverySubscriberCancelled() {
    weak var weakUpstream: PassthroughSubject<Int, Never>?
    weak var weakShare: Publishers.Share<PassthroughSubject<Int, Never>>?
    do {
      let upstream = PassthroughSubject<Int, Never>()
      weakUpstream = upstream
      let shared = upstream.share()
      weakShare = shared
      let recorder = TestSubscriber<Int, Never>()
      shared.subscribe(recorder)
      upstream.send(1)
      recorder.cancel()
    }
    #expect(weakShare == nil)
    #expect(weakUpstream == nil)
  }

  @Test func concurrentSubscribersConnectOnceAndSeeNoDuplicates() {
    for _ in 0..<20 {
      let subscriptions = LockedState.make(0)
      let subject = PassthroughSubject<Int, Never>()
      nonisolated(unsafe) let shared = Deferred { () -> PassthroughSubject<Int, Never> in
        subscriptions.withLock { $0 += 1 }
        return subject
      }.share()
      let recorders = (0..<4).map { _ in TestSubscriber<Int, Never>() }
      DispatchQueue.concurrentPerform(iterations: recorders.count) { index in
        shared.subscribe(recorders[index])
      }
      #expect(subscriptions.withLock { $0 } == 1, "one connection for every subscriber")
      DispatchQueue.concurrentPerform(iterations: 4) { sender in
        for value in 0..<100 { subject.send(sender * 100 + value) }
      }
      subject.send(completion: .finished)
      for recorder in recorders {
        #expect(recorder.values.count == 400)
        #expect(Set(recorder.values).count == 400)
        #expect(recorder.events.last == .completion(.finished))
      }
    }
  }
}

extension ShareTests {
  @Test func aSynchronousUpstreamRunsOnceAndLaterSubscribersOnlySeeTheCompletion() {
    let shared = Just(1).share()
    let first = TestSubscriber<Int, Never>()
    let second = TestSubscriber<Int, Never>()
    shared.subscribe(first)
    shared.subscribe(second)
    #expect(first.events == [.subscription, .value(1), .completion(.finished)])
    #expect(second.events == [.subscription, .completion(.finished)])
  }
}

extension ShareTests {
  @Test func cancellingFromInsideReceiveStopsThatSubscriberAndDisconnects() {
    let upstream = TestPublisher<Int, Never>()
    let shared = upstream.share()
    let box = SubscriberBox<Int>()
    let recorder = TestSubscriber<Int, Never>(onValue: { _ in box.subscriber?.cancel() })
    box.subscriber = recorder
    shared.subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    #expect(recorder.values == [1])
    #expect(upstream.subscription.isCancelled, "the last subscriber left: the connection is cancelled")
  }

  @Test func subscribingFromInsideReceiveJoinsForLaterValues() {
    let upstream = TestPublisher<Int, Never>()
    let shared = upstream.share()
    let joiner = TestSubscriber<Int, Never>()
    // Subscribed to only from inside receive(_:), which this test's own send runs on its thread.
    let sharedInside = UnsafeTransfer(shared)
    let recorder = TestSubscriber<Int, Never>(onValue: { value in
      if value == 1 { sharedInside.wrapped.subscribe(joiner) }
    })
    shared.subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    #expect(recorder.values == [1, 2])
    #expect(joiner.values == [2])
    #expect(upstream.subscriberCount == 1)
  }

  @Test func subscribersSeeTheMulticastSubscription() {
    // As in Combine: `share()` is an autoconnected multicast, whose subscription reaches the
    // subscriber as is.
    let recorder = TestSubscriber<Int, Never>()
    PassthroughSubject<Int, Never>().share().subscribe(recorder)
    #expect(recorder.subscription.map { String(describing: $0) } == "Multicast")
  }
}
