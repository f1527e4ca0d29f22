// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct FlatMapTests {
  /// Inner publishers made by hand, one per upstream value, so a test drives each of them.
  private final class Inners: @unchecked Sendable {
    // Safety: all mutable state is in `state`, a `LockedState`.
    private let state = LockedState<[TestPublisher<Int, TestError>]>.make([])

    func make() -> TestPublisher<Int, TestError> {
      let inner = TestPublisher<Int, TestError>()
      state.withLock { $0.append(inner) }
      return inner
    }

    subscript(index: Int) -> TestPublisher<Int, TestError> { state.withLock { $0[index] } }
    var count: Int { state.withLock { $0.count } }
  }

  @Test func flatMapKeepsTheContract() {
    checkOperatorContract { $0.flatMap { Result<Int, TestError>.success($0).publisher } }
    checkOperatorContract {
      $0.flatMap(maxPublishers: .max(1)) { Publishers.Sequence<[Int], TestError>(sequence: [$0, $0]) }
    }
  }

  @Test func innerValuesAreMergedInArrivalOrder() {
    let upstream = PassthroughSubject<Int, TestError>()
    let inners = Inners()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.flatMap { _ in inners.make() }.subscribe(recorder)
    upstream.send(0)
    upstream.send(1)
    inners[0].send(10)
    inners[1].send(20)
    inners[0].send(11)
    #expect(recorder.events == [.subscription, .value(10), .value(20), .value(11)])
  }

  @Test func synchronousInnersFlattenInOrder() {
    let recorder = TestSubscriber<Int, Never>()
    [1, 2, 3].publisher.flatMap { [$0, $0 * 10].publisher }.subscribe(recorder)
    #expect(
      recorder.events == [
        .subscription, .value(1), .value(10), .value(2), .value(20), .value(3), .value(30), .completion(.finished),
      ])
  }

  @Test func theSubscriberGetsItsSubscriptionBeforeTheUpstreamIsSubscribed() {
    let upstream = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let recorder = TestSubscriber<Int, TestError>()
    upstream.flatMap { Result<Int, TestError>.success($0).publisher }.subscribe(recorder)
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscriberCount == 1)
  }

  @Test func upstreamIsAskedForMaxPublishersThenOneMorePerFinishedInner() {
    let upstream = TestPublisher<Int, TestError>()
    let inners = Inners()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.flatMap(maxPublishers: .max(2)) { _ in inners.make() }.subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.max(2))])
    #expect(upstream.send(1) == .none)
    #expect(upstream.send(2) == .none)
    inners[0].send(completion: .finished)
    #expect(upstream.subscription.events == [.requested(.max(2)), .requested(.max(1))])
    inners[1].send(completion: .finished)
    #expect(upstream.subscription.events == [.requested(.max(2)), .requested(.max(1)), .requested(.max(1))])
  }

  @Test func unlimitedMaxPublishersAsksTheUpstreamOnce() {
    let upstream = TestPublisher<Int, TestError>()
    let inners = Inners()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.flatMap { _ in inners.make() }.subscribe(recorder)
    upstream.send(1)
    inners[0].send(completion: .finished)
    #expect(upstream.subscription.events == [.requested(.unlimited)])
  }

  @Test func limitedDemandAsksEachInnerForOneValueAtATimeAndBuffersTheRest() {
    let upstream = TestPublisher<Int, TestError>()
    let inners = Inners()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    upstream.flatMap { _ in inners.make() }.subscribe(recorder)
    upstream.send(0)
    upstream.send(1)
    #expect(inners[0].subscription.events == [.requested(.max(1))])
    #expect(inners[1].subscription.events == [.requested(.max(1))])
    #expect(inners[0].send(10) == .max(1), "delivered: the inner may send its next value")
    #expect(inners[1].send(20) == .none, "no demand: the value waits in the buffer")
    #expect(recorder.values == [10])
    recorder.request(.max(1))
    #expect(recorder.values == [10, 20])
    #expect(inners[1].subscription.events == [.requested(.max(1)), .requested(.max(1))], "asked again once delivered")
  }

  @Test func unlimitedDemandIsPassedToEveryInner() {
    let upstream = TestPublisher<Int, TestError>()
    let inners = Inners()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.flatMap { _ in inners.make() }.subscribe(recorder)
    upstream.send(0)
    #expect(inners[0].subscription.events == [.requested(.max(1))])
    #expect(inners[0].send(10) == .none)
    recorder.request(.unlimited)
    #expect(recorder.values == [10])
    #expect(inners[0].subscription.events == [.requested(.max(1)), .requested(.unlimited)])
    upstream.send(1)
    #expect(inners[1].subscription.events == [.requested(.unlimited)])
    #expect(inners[1].send(20) == .none, "unlimited: nothing more to ask")
    #expect(recorder.values == [10, 20])
  }

  @Test func finishesOnceTheUpstreamAndEveryInnerFinishedAndTheBufferIsEmpty() {
    let upstream = TestPublisher<Int, TestError>()
    let inners = Inners()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.flatMap { _ in inners.make() }.subscribe(recorder)
    upstream.send(0)
    inners[0].send(10)
    upstream.send(completion: .finished)
    inners[0].send(completion: .finished)
    #expect(recorder.events == [.subscription], "a value still waits for demand")
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(10), .completion(.finished)])
  }

  @Test func anInnerFailureCancelsTheOtherInnersButNotTheUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let inners = Inners()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.flatMap { _ in inners.make() }.subscribe(recorder)
    upstream.send(0)
    upstream.send(1)
    inners[1].send(20)
    inners[0].send(completion: .failure(TestError(id: 7)))
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 7)))], "buffered values are dropped")
    #expect(!upstream.subscription.isCancelled, "as in Combine, an inner's failure leaves the upstream alone")
    #expect(inners[1].subscription.isCancelled)
    #expect(!inners[0].subscription.isCancelled, "the failed inner is over already")
    inners[1].send(21)
    upstream.send(2)
    #expect(inners.count == 2, "nothing is subscribed after the failure")
    #expect(recorder.events.count == 2)
  }

  @Test func anUpstreamFailureCancelsEveryInner() {
    let upstream = TestPublisher<Int, TestError>()
    let inners = Inners()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.flatMap { _ in inners.make() }.subscribe(recorder)
    upstream.send(0)
    inners[0].send(10)
    upstream.send(completion: .failure(TestError(id: 1)))
    #expect(recorder.events == [.subscription, .value(10), .completion(.failure(TestError(id: 1)))])
    #expect(inners[0].subscription.isCancelled)
    #expect(!upstream.subscription.isCancelled)
  }

  @Test func cancelReachesTheUpstreamAndEveryInner() {
    let upstream = TestPublisher<Int, TestError>()
    let inners = Inners()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.flatMap { _ in inners.make() }.subscribe(recorder)
    upstream.send(0)
    upstream.send(1)
    recorder.cancel()
    #expect(upstream.subscription.isCancelled)
    #expect(inners[0].subscription.isCancelled)
    #expect(inners[1].subscription.isCancelled)
    inners[0].send(10)
    inners[1].send(completion: .finished)
    #expect(recorder.events == [.subscription])
  }

  @Test func cancelCancelsTheInnersBeforeTheUpstream() {
    // Combine's order.
    let log = LockedState.make([String]())
    let upstream = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let inner = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let recorder = TestSubscriber<Int, TestError>()
    upstream.flatMap { _ in inner }.subscribe(recorder)
    upstream.sendSubscription(LoggedSubscription(name: "upstream", log: log))
    upstream.send(0)
    inner.sendSubscription(LoggedSubscription(name: "inner", log: log))
    recorder.cancel()
    #expect(log.withLock { $0 } == ["inner", "upstream"])
  }

  @Test func noMaxPublishersAsksTheUpstreamForNone() {
    let upstream = TestPublisher<Int, TestError>()
    upstream.flatMap(maxPublishers: .none) { Just($0).setFailureType(to: TestError.self) }
      .subscribe(TestSubscriber<Int, TestError>())
    #expect(upstream.subscription.events == [.requested(.none)], "as Combine asks")
  }

  @Test func aFinishBeforeTheUpstreamsSubscriptionFinishes() {
    let upstream = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let recorder = TestSubscriber<Int, TestError>()
    upstream.flatMap { Just($0).setFailureType(to: TestError.self) }.subscribe(recorder)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)], "as in Combine")
  }

  @Test func theMirrorsShowWhatCombinesShow() {
    let upstream = TestPublisher<Int, TestError>()
    let inner = RawInner()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.flatMap { _ in inner }.subscribe(recorder)
    upstream.send(0)
    let subscription = recorder.subscription
    #expect((subscription.flatMap { $0 as? any CustomReflectable })?.customMirror.children.isEmpty == true)
    let side = inner.subscriber.flatMap { $0 as? any CustomReflectable }
    let child = side?.customMirror.children.first
    #expect(child?.label == "parentSubscription")
    #expect(child.map { "\($0.value)" } == subscription.map { "\($0.combineIdentifier)" })
  }

  /// Keeps its subscriber as is.
  private final class RawInner: Publisher, @unchecked Sendable {
    // Safety: used from one test's thread only.
    typealias Output = Int
    typealias Failure = TestError
    var subscriber: Any?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
      self.subscriber = subscriber
    }
  }

  /// Records its cancel in a shared log.
  private final class LoggedSubscription: Subscription, @unchecked Sendable {
    // Safety: `log` is a `LockedState`; `name` is immutable.
    let name: String
    let log: LockedState<[String]>

    init(name: String, log: LockedState<[String]>) {
      self.name = name
      self.log = log
    }

    func request(_ demand: Subscribers.Demand) {}

    func cancel() { log.withLock { $0.append(name) } }
  }

  @Test func aValueSentFromInsideReceiveIsDeliveredAfterItWithoutDeadlock() {
    let upstream = PassthroughSubject<Int, Never>()
    // Sent to only from inside receive(_:), which this test's own send runs on its thread.
    let upstreamInside = UnsafeTransfer(upstream)
    let recorder = TestSubscriber<Int, Never>(onValue: { value in
      if value < 3 { upstreamInside.wrapped.send(value + 1) }
    })
    upstream.flatMap { Just($0) }.subscribe(recorder)
    upstream.send(0)
    #expect(recorder.values == [0, 1, 2, 3])
  }

  @Test func cancellingFromInsideReceiveStopsDelivery() {
    let upstream = PassthroughSubject<Int, Never>()
    let holder = LockedState<TestSubscriber<Int, Never>?>.make(nil)
    let recorder = TestSubscriber<Int, Never>(onValue: { _ in holder.withLock { $0 }?.cancel() })
    holder.withLock { $0 = recorder }
    upstream.flatMap { [$0, $0 + 1].publisher }.subscribe(recorder)
    upstream.send(0)
    upstream.send(5)
    #expect(recorder.values == [0])
    holder.withLock { $0 = nil }
  }

  @Test func requestingFromInsideReceiveDeliversTheBufferedValues() {
    let holder = LockedState<TestSubscriber<Int, Never>?>.make(nil)
    let recorder = TestSubscriber<Int, Never>(
      initialDemand: .max(1),
      onValue: { _ in
        holder.withLock { $0 }?.request(.max(1))
      })
    holder.withLock { $0 = recorder }
    [1, 2].publisher.flatMap { [$0, $0 * 10].publisher }.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(10), .value(2), .value(20), .completion(.finished)])
    holder.withLock { $0 = nil }
  }

  @Test func innerSubscriptionsAreReleasedAfterCancelAndAfterCompletion() {
    let tracker = SubscriptionTracker()
    let upstream = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    upstream.flatMap { _ in tracker.publisher() }.subscribe(recorder)
    upstream.send(0)
    upstream.send(1)
    #expect(tracker.alive == 2)
    tracker.finish(1)
    #expect(tracker.alive == 1, "a finished inner is released")
    recorder.cancel()
    #expect(tracker.alive == 0, "a cancelled inner is released")
  }

  @Test func valuesFromManyThreadsAreNeitherLostNorDuplicatedNorBeyondDemand() {
    let inners = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
    let upstream = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(500))
    upstream.flatMap { inners[$0] }.subscribe(recorder)
    for index in inners.indices { upstream.send(index) }
    DispatchQueue.concurrentPerform(iterations: inners.count + 1) { worker in
      if worker == inners.count {
        for _ in 0..<250 { recorder.request(.max(2)) }
      } else {
        for value in 0..<1_000 { inners[worker].send(worker * 1_000 + value) }
      }
    }
    let values = recorder.values
    #expect(values.count <= 1_000, "never more than the demand")
    #expect(Set(values).count == values.count, "no value twice")
    for worker in inners.indices {
      let own = values.filter { $0 / 1_000 == worker }
      #expect(own == own.sorted(), "each inner's values keep their order")
    }
  }

  @Test func unlimitedValuesFromManyThreadsAllArriveOnce() {
    let upstream = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    upstream.flatMap { [$0, -$0 - 1].publisher }.subscribe(recorder)
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      for value in 0..<500 { upstream.send(worker * 500 + value) }
    }
    upstream.send(completion: .finished)
    let values = recorder.values
    #expect(values.count == 4_000)
    #expect(Set(values).count == 4_000)
    #expect(recorder.completion == .finished)
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func aNeverFailingUpstreamIsRaisedToTheInnersFailure() {
    let upstream = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, TestError>()
    let flat:
      Publishers.FlatMap<Fail<Int, TestError>, Publishers.SetFailureType<PassthroughSubject<Int, Never>, TestError>> =
        upstream.flatMap { Fail(error: TestError(id: $0)) }
    flat.subscribe(recorder)
    upstream.send(3)
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 3)))])
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func neverFailingInnersAreRaisedToTheUpstreamsFailure() {
    let upstream = PassthroughSubject<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    let flat: Publishers.FlatMap<Publishers.SetFailureType<Just<Int>, TestError>, PassthroughSubject<Int, TestError>> =
      upstream.flatMap(maxPublishers: .max(1)) { Just($0 * 2) }
    flat.subscribe(recorder)
    upstream.send(4)
    upstream.send(completion: .failure(TestError(id: 1)))
    #expect(recorder.events == [.subscription, .value(8), .completion(.failure(TestError(id: 1)))])
  }

  @Test func theCombineSpellingsResolve() {
    let never = PassthroughSubject<Int, Never>()
    let first: Publishers.FlatMap<Just<Int>, PassthroughSubject<Int, Never>> = never.flatMap { Just($0) }
    let second = never.flatMap(maxPublishers: .max(2)) { Just($0) }
    let third = PassthroughSubject<Int, TestError>().flatMap { Result<Int, TestError>.success($0).publisher }
    #expect(first.maxPublishers == .unlimited)
    #expect(second.maxPublishers == .max(2))
    #expect(third.maxPublishers == .unlimited)
  }
}

/// Hands out inner publishers whose subscriptions it watches through weak references.
final class SubscriptionTracker: @unchecked Sendable {
  // Safety: all mutable state is in `state`, a `LockedState`.
  final class TrackedSubscription: Subscription {
    private let onCompletion: LockedState<(() -> Void)?>

    init(onCompletion: @escaping () -> Void) {
      self.onCompletion = .make(onCompletion)
    }

    func request(_ demand: Subscribers.Demand) {}

    func cancel() {
      let released = onCompletion.withLock { state in
        defer { state = nil }
        return state
      }
      withExtendedLifetime(released) {}
    }

    func finish() {
      let completion = onCompletion.withLock { state in
        defer { state = nil }
        return state
      }
      completion?()
    }
  }

  /// A publisher that hands each subscriber a tracked subscription.
  struct Tracked: Publisher {
    typealias Output = Int
    typealias Failure = Never
    let tracker: SubscriptionTracker

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      let subscription = TrackedSubscription(onCompletion: { subscriber.receive(completion: .finished) })
      tracker.state.withLock { $0.append(Weak(subscription)) }
      subscriber.receive(subscription: subscription)
    }
  }

  struct Weak {
    weak var subscription: TrackedSubscription?
    init(_ subscription: TrackedSubscription) { self.subscription = subscription }
  }

  fileprivate let state = LockedState<[Weak]>.make([])

  func publisher() -> Tracked { Tracked(tracker: self) }

  /// How many tracked subscriptions are still alive.
  var alive: Int { state.withLock { $0.filter { $0.subscription != nil }.count } }

  /// Finishes the inner subscribed `index`-th.
  func finish(_ index: Int) {
    state.withLock { $0[index].subscription }?.finish()
  }

  #if compiler(>=6.2)
  @Test func askingForNoValuesStopsTheProgram() async {
    // As Combine's does.
    await #expect(processExitsWith: .failure) {
      let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
      PassthroughSubject<Int, Never>().flatMap { Just($0) }.subscribe(recorder)
      recorder.request(.none)
    }
  }
  #endif
}
