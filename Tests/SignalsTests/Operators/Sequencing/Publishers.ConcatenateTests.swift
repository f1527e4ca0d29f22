// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct ConcatenateTests {
  @Test func concatenateKeepsTheContract() {
    checkOperatorContract { $0.append(7, 8) }
  }

  @Test func theSuffixsValuesPassAsItSendsThem() {
    // As in Combine: the prefix's values are counted against the demand (and dropped beyond it),
    // the suffix's pass as sent; requests, even `.none`, go to the running publisher.
    let prefix = TestPublisher<Int, TestError>()
    let suffix = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    prefix.append(suffix).subscribe(recorder)
    prefix.send(1)
    prefix.send(2)
    prefix.send(completion: .finished)
    recorder.request(.none)
    suffix.send(3)
    suffix.send(4)
    #expect(recorder.values == [1, 3, 4])
    #expect(suffix.subscription.events == [.requested(.none)])
  }

  @Test func aPrefixCompletionBeforeItsSubscriptionIsIgnored() {
    let prefix = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let recorder = TestSubscriber<Int, TestError>()
    prefix.append(9).subscribe(recorder)
    prefix.send(completion: .finished)
    #expect(recorder.events.isEmpty)
  }

  @Test func cancelReleasesTheSuffix() {
    final class Token: Sendable {}
    weak var token: Token?
    let recorder = TestSubscriber<Int, Never>()
    do {
      let strong = Token()
      token = strong
      let suffix = Deferred { withExtendedLifetime(strong) { Just(0) } }
      PassthroughSubject<Int, Never>().append(suffix).subscribe(recorder)
    }
    #expect(token != nil)
    recorder.cancel()
    #expect(token == nil, "as in Combine, a cancel releases the suffix")
  }

  @Test func appendAndPrependHaveCombinesTypes() {
    let subject = PassthroughSubject<Int, Never>()
    let values: Publishers.Concatenate<PassthroughSubject<Int, Never>, Publishers.Sequence<[Int], Never>> =
      subject.append(1, 2)
    let sequence: Publishers.Concatenate<Publishers.Sequence<ClosedRange<Int>, Never>, PassthroughSubject<Int, Never>> =
      subject.prepend(1...2)
    let publisher: Publishers.Concatenate<PassthroughSubject<Int, Never>, Just<Int>> = subject.append(Just(3))
    #expect(values.suffix.sequence == [1, 2])
    #expect(sequence.prefix.sequence == 1...2)
    #expect(publisher.suffix.output == 3)
  }

  @Test func valuesComeInOrderPrefixThenSuffix() {
    let recorder = TestSubscriber<Int, Never>()
    [3, 4].publisher.prepend(1, 2).append([5]).append(Just(6)).subscribe(recorder)
    #expect(
      recorder.events == [
        .subscription, .value(1), .value(2), .value(3), .value(4), .value(5), .value(6), .completion(.finished),
      ])
  }

  @Test func theSuffixIsSubscribedOnlyAfterThePrefixFinishesWithTheDemandLeft() {
    let prefix = TestPublisher<Int, TestError>()
    let suffix = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(5))
    prefix.append(suffix).subscribe(recorder)
    #expect(prefix.subscription.events == [.requested(.max(5))])
    #expect(suffix.subscriberCount == 0)
    prefix.send(1)
    prefix.send(2)
    prefix.send(completion: .finished)
    #expect(suffix.subscription.events == [.requested(.max(3))], "the demand left over carries to the suffix")
    recorder.request(.max(1))
    #expect(suffix.subscription.events == [.requested(.max(3)), .requested(.max(1))])
    #expect(prefix.subscription.events == [.requested(.max(5))], "requests go to the running publisher")
    suffix.send(3)
    suffix.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
    #expect(recorder.subscriptionCount == 1)
  }

  @Test func requestsMadeBetweenThePublishersAreCarriedOver() {
    let prefix = TestPublisher<Int, TestError>()
    let suffix = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    prefix.append(suffix).subscribe(recorder)
    prefix.send(completion: .finished)
    recorder.request(.max(2))
    suffix.sendSubscription()
    #expect(suffix.subscription.events == [.requested(.max(3))])
  }

  @Test func aPrefixFailureEndsEverythingAndTheSuffixIsNeverSubscribed() {
    let prefix = TestPublisher<Int, TestError>()
    let suffix = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    prefix.append(suffix).subscribe(recorder)
    prefix.send(completion: .failure(TestError(id: 2)))
    #expect(suffix.subscriberCount == 0)
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 2)))])
  }

  @Test func cancelReachesTheRunningPublisherOnly() {
    let prefix = TestPublisher<Int, TestError>()
    let suffix = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    prefix.append(suffix).subscribe(recorder)
    prefix.send(completion: .finished)
    recorder.cancel()
    #expect(suffix.subscription.isCancelled)
    #expect(!prefix.subscription.isCancelled, "the prefix is over already")
    suffix.send(1)
    #expect(recorder.events == [.subscription])
  }

  @Test func cancelBeforeThePrefixFinishesMeansTheSuffixIsNeverSubscribed() {
    let prefix = TestPublisher<Int, TestError>()
    let suffix = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    prefix.append(suffix).subscribe(recorder)
    recorder.cancel()
    prefix.send(completion: .finished)
    #expect(prefix.subscription.isCancelled)
    #expect(suffix.subscriberCount == 0)
  }

  @Test func requestingFromInsideReceiveKeepsTheOrder() {
    let holder = LockedState<TestSubscriber<Int, Never>?>.make(nil)
    let recorder = TestSubscriber<Int, Never>(
      initialDemand: .max(1),
      onValue: { _ in
        holder.withLock { $0 }?.request(.max(1))
      })
    holder.withLock { $0 = recorder }
    [1, 2].publisher.append(3, 4).subscribe(recorder)
    #expect(recorder.values == [1, 2, 3, 4])
    #expect(recorder.completion == .finished)
    holder.withLock { $0 = nil }
  }

  @Test func theSubscriptionsAreReleasedAfterCancelAndAfterCompletion() {
    let tracker = SubscriptionTracker()
    let first = TestSubscriber<Int, Never>()
    tracker.publisher().append(tracker.publisher()).subscribe(first)
    #expect(tracker.alive == 1)
    tracker.finish(0)
    #expect(tracker.alive == 1, "the prefix is released and the suffix runs")
    tracker.finish(1)
    #expect(tracker.alive == 0)
    #expect(first.completion == .finished)
    let second = TestSubscriber<Int, Never>()
    tracker.publisher().append(tracker.publisher()).subscribe(second)
    second.cancel()
    #expect(tracker.alive == 0)
  }
}
