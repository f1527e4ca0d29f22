// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct SwitchToLatestTests {
  private typealias Inner = TestPublisher<Int, TestError>

  @Test func switchToLatestKeepsTheContract() {
    checkOperatorContract { $0.map { Result<Int, TestError>.success($0).publisher }.switchToLatest() }
    checkOperatorContract { $0.map { Publishers.Sequence<[Int], TestError>(sequence: [$0, $0]) }.switchToLatest() }
  }

  @Test func aNewInnerCancelsThePreviousOne() {
    let upstream = PassthroughSubject<Inner, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.switchToLatest().subscribe(recorder)
    let first = Inner()
    let second = Inner()
    upstream.send(first)
    first.send(1)
    upstream.send(second)
    #expect(first.subscription.isCancelled)
    first.send(2)
    second.send(3)
    #expect(recorder.events == [.subscription, .value(1), .value(3)])
    #expect(!second.subscription.isCancelled)
  }

  @Test func theUpstreamIsAskedForUnlimitedPublishers() {
    let upstream = TestPublisher<Inner, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    upstream.switchToLatest().subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.unlimited)])
  }

  @Test func outstandingDemandCarriesOverToTheNewInner() {
    let upstream = PassthroughSubject<Inner, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(3))
    upstream.switchToLatest().subscribe(recorder)
    let first = Inner()
    let second = Inner()
    upstream.send(first)
    #expect(first.subscription.events == [.requested(.max(3))])
    #expect(first.send(1) == .none)
    upstream.send(second)
    #expect(second.subscription.events == [.requested(.max(2))])
    recorder.request(.max(4))
    #expect(second.subscription.events == [.requested(.max(2)), .requested(.max(4))])
    #expect(first.subscription.events == [.requested(.max(3)), .cancelled], "requests go to the current inner only")
  }

  @Test func noDemandMeansTheNewInnerIsAskedForNothing() {
    let upstream = PassthroughSubject<Inner, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.switchToLatest().subscribe(recorder)
    let inner = Inner()
    upstream.send(inner)
    #expect(inner.subscription.events == [])
    recorder.request(.max(2))
    #expect(inner.subscription.events == [.requested(.max(2))])
  }

  @Test func theDemandTheSubscriberReturnsGoesBackToTheInner() {
    let upstream = PassthroughSubject<Inner, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1), demandPerValue: .max(1))
    upstream.switchToLatest().subscribe(recorder)
    let inner = Inner()
    upstream.send(inner)
    #expect(inner.send(1) == .max(1))
    #expect(inner.send(2) == .max(1))
    #expect(recorder.values == [1, 2])
  }

  @Test func finishesOnceTheUpstreamAndTheCurrentInnerFinished() {
    let upstream = PassthroughSubject<Inner, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.switchToLatest().subscribe(recorder)
    let inner = Inner()
    upstream.send(inner)
    upstream.send(completion: .finished)
    #expect(recorder.completion == nil, "the inner still runs")
    inner.send(1)
    inner.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test func aFinishedInnerWaitsForTheNextOneUntilTheUpstreamFinishes() {
    let upstream = PassthroughSubject<Inner, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.switchToLatest().subscribe(recorder)
    let first = Inner()
    upstream.send(first)
    first.send(completion: .finished)
    #expect(recorder.completion == nil)
    let second = Inner()
    upstream.send(second)
    second.send(2)
    upstream.send(completion: .finished)
    #expect(recorder.completion == nil)
    second.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(2), .completion(.finished)])
  }

  @Test func anUpstreamThatFinishesWithNoInnerRunningFinishesAtOnce() {
    let recorder = TestSubscriber<Int, Never>()
    Empty<Just<Int>, Never>().switchToLatest().subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func anInnerFailureCancelsTheUpstream() {
    let upstream = TestPublisher<Inner, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.switchToLatest().subscribe(recorder)
    let inner = Inner()
    upstream.send(inner)
    inner.send(completion: .failure(TestError(id: 3)))
    #expect(upstream.subscription.isCancelled)
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 3)))])
  }

  @Test func anUpstreamFailureCancelsTheCurrentInner() {
    let upstream = PassthroughSubject<Inner, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.switchToLatest().subscribe(recorder)
    let inner = Inner()
    upstream.send(inner)
    upstream.send(completion: .failure(TestError(id: 4)))
    #expect(inner.subscription.isCancelled)
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 4)))])
    inner.send(1)
    #expect(recorder.events.count == 2)
  }

  @Test func aSwitchedAwayInnersCompletionIsIgnored() {
    let upstream = PassthroughSubject<Inner, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.switchToLatest().subscribe(recorder)
    let first = Inner()
    upstream.send(first)
    upstream.send(Inner())
    first.send(completion: .failure(TestError()))
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])
  }

  @Test func cancelReachesTheUpstreamAndTheCurrentInner() {
    let upstream = TestPublisher<Inner, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.switchToLatest().subscribe(recorder)
    let inner = Inner()
    upstream.send(inner)
    recorder.cancel()
    #expect(upstream.subscription.isCancelled)
    #expect(inner.subscription.isCancelled)
    inner.send(1)
    #expect(recorder.events == [.subscription])
  }

  @Test func cancelCancelsTheInnerBeforeTheUpstream() {
    // Combine's order.
    let log = LockedState.make([String]())
    let upstream = TestPublisher<TestPublisher<Int, TestError>, TestError>(subscribesImmediately: false)
    let inner = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let recorder = TestSubscriber<Int, TestError>()
    upstream.switchToLatest().subscribe(recorder)
    upstream.sendSubscription(CancelLogger(name: "upstream", log: log))
    upstream.send(inner)
    inner.sendSubscription(CancelLogger(name: "inner", log: log))
    recorder.cancel()
    #expect(log.withLock { $0 } == ["inner", "upstream"])
  }

  @Test func aFinishBeforeTheUpstreamsSubscriptionFinishes() {
    let upstream = TestPublisher<Just<Int>, Never>(subscribesImmediately: false)
    let recorder = TestSubscriber<Int, Never>()
    upstream.switchToLatest().subscribe(recorder)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)], "as in Combine")
  }

  /// Records its cancel in a shared log.
  private final class CancelLogger: Subscription, @unchecked Sendable {
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

  @Test func switchingFromInsideReceiveDoesNotDeadlock() {
    let upstream = PassthroughSubject<Publishers.Sequence<[Int], Never>, Never>()
    // Sent to only from inside receive(_:), which this test's own send runs on its thread.
    let upstreamInside = UnsafeTransfer(upstream)
    let recorder = TestSubscriber<Int, Never>(onValue: { value in
      if value == 1 { upstreamInside.wrapped.send([10, 11].publisher) }
    })
    upstream.switchToLatest().subscribe(recorder)
    upstream.send([1, 2, 3].publisher)
    #expect(recorder.values == [1, 10, 11], "the nested switch cancels the first inner")
  }

  @Test func innerSubscriptionsAreReleasedAfterCancelAndAfterCompletion() {
    let tracker = SubscriptionTracker()
    let upstream = PassthroughSubject<SubscriptionTracker.Tracked, Never>()
    let recorder = TestSubscriber<Int, Never>()
    upstream.switchToLatest().subscribe(recorder)
    upstream.send(tracker.publisher())
    upstream.send(tracker.publisher())
    #expect(tracker.alive == 0 + 1, "the switched-away inner is cancelled and released")
    tracker.finish(1)
    #expect(tracker.alive == 0, "a finished inner is released")
    upstream.send(tracker.publisher())
    #expect(tracker.alive == 1)
    recorder.cancel()
    #expect(tracker.alive == 0, "a cancelled inner is released")
  }

  @Test func switchesAndValuesFromManyThreadsNeverOverlapOrExceedDemand() {
    let upstream = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
    let inners = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(300))
    upstream.switchToLatest().subscribe(recorder)
    DispatchQueue.concurrentPerform(iterations: inners.count + 2) { worker in
      if worker == inners.count {
        for round in 0..<200 { upstream.send(inners[round % inners.count]) }
      } else if worker == inners.count + 1 {
        for _ in 0..<100 { recorder.request(.max(3)) }
      } else {
        for value in 0..<1_000 { inners[worker].send(worker * 1_000 + value) }
      }
    }
    let values = recorder.values
    #expect(values.count <= 600, "never more than the demand")
    #expect(Set(values).count == values.count, "no value twice")
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func theFailureTypeIsRaisedOnWhicheverSideCannotFail() {
    let neverUpstream = PassthroughSubject<Fail<Int, TestError>, Never>()
    let first = TestSubscriber<Int, TestError>()
    let raisedUpstream:
      Publishers.SwitchToLatest<
        Fail<Int, TestError>, Publishers.SetFailureType<PassthroughSubject<Fail<Int, TestError>, Never>, TestError>
      > = neverUpstream.switchToLatest()
    raisedUpstream.subscribe(first)
    neverUpstream.send(Fail(error: TestError(id: 2)))
    #expect(first.events == [.subscription, .completion(.failure(TestError(id: 2)))])

    let failingUpstream = PassthroughSubject<Just<Int>, TestError>()
    let second = TestSubscriber<Int, TestError>()
    let raisedInners:
      Publishers.SwitchToLatest<
        Publishers.SetFailureType<Just<Int>, TestError>,
        Publishers.Map<PassthroughSubject<Just<Int>, TestError>, Publishers.SetFailureType<Just<Int>, TestError>>
      > = failingUpstream.switchToLatest()
    raisedInners.subscribe(second)
    failingUpstream.send(Just(5))
    failingUpstream.send(completion: .finished)
    #expect(second.events == [.subscription, .value(5), .completion(.finished)])
  }

  @Test func theCombineSpellingsResolve() {
    let never = PassthroughSubject<Just<Int>, Never>()
    let first: Publishers.SwitchToLatest<Just<Int>, PassthroughSubject<Just<Int>, Never>> = never.switchToLatest()
    let failing = PassthroughSubject<Fail<Int, TestError>, TestError>().switchToLatest()
    _ = (first, failing)
  }

  #if compiler(>=6.2)
  @Test func anInnerValueBeyondTheDemandStopsTheProgram() async {
    // As Combine's does.
    await #expect(processExitsWith: .failure) {
      let upstream = PassthroughSubject<TestPublisher<Int, Never>, Never>()
      let inner = TestPublisher<Int, Never>()
      let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
      upstream.switchToLatest().subscribe(recorder)
      upstream.send(inner)
      inner.send(1)
    }
  }

  @Test func askingForNoValuesStopsTheProgram() async {
    // As Combine's does.
    await #expect(processExitsWith: .failure) {
      let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
      PassthroughSubject<Just<Int>, Never>().switchToLatest().subscribe(recorder)
      recorder.request(.none)
    }
  }
  #endif

  // MARK: Combine's rules for a misbehaving inner

  /// A subscription an inner sends after it completed is left alone (neither asked for values nor
  /// cancelled), as in Combine; a second one while it is live is cancelled.
  @Test func aSubscriptionFromACompletedInnerIsLeftAlone() {
    let outer = TestPublisher<TestPublisher<Int, TestError>, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    outer.switchToLatest().subscribe(recorder)
    let inner = TestPublisher<Int, TestError>(subscribesImmediately: false)
    outer.send(inner)
    inner.sendSubscription()
    let second = TestSubscription()
    inner.sendSubscription(second)
    #expect(second.events == [.cancelled])
    inner.send(completion: .finished)
    let late = TestSubscription()
    inner.sendSubscription(late)
    #expect(late.events.isEmpty)
    #expect(inner.subscription.events == [.requested(.unlimited)])
  }

  /// When the upstream fails while the inner still waits for its subscription, that subscription
  /// is asked for the subscriber's demand when it arrives, as Combine does; nothing more reaches the
  /// subscriber.
  @Test func anInnerSubscriptionArrivingAfterTheUpstreamFailedIsStillAskedForTheDemand() {
    let outer = TestPublisher<TestPublisher<Int, TestError>, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    outer.switchToLatest().subscribe(recorder)
    let inner = TestPublisher<Int, TestError>(subscribesImmediately: false)
    outer.send(inner)
    outer.send(completion: .failure(TestError(id: 1)))
    inner.sendSubscription()
    inner.send(5)
    #expect(inner.subscription.events == [.requested(.unlimited)])
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 1)))])
  }

  @Test func anInnerThatCompletesBeforeItsSubscriptionStops() async {
    await #expect(processExitsWith: .failure) {
      let outer = TestPublisher<TestPublisher<Int, TestError>, TestError>()
      let recorder = TestSubscriber<Int, TestError>()
      outer.switchToLatest().subscribe(recorder)
      let inner = TestPublisher<Int, TestError>(subscribesImmediately: false)
      outer.send(inner)
      inner.send(completion: .finished)
    }
  }

  /// The subscriber it attaches to each inner shows the operator's name and, in its mirror, the
  /// identifier of the operator's own subscription, as Combine's does.
  @Test func theInnerSubscriberNamesItsParentSubscription() throws {
    let outer = TestPublisher<HoldingPublisher<Int, TestError>, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    outer.switchToLatest().subscribe(recorder)
    let inner = HoldingPublisher<Int, TestError>()
    outer.send(inner)
    let side = try #require(inner.subscriber)
    let parent = try #require(recorder.subscription)
    let mirror = try #require(side as? any CustomReflectable).customMirror
    #expect(mirror.children.map(\.label) == ["parentSubscription"])
    #expect(mirror.children.first.map { "\($0.value)" } == "\(parent.combineIdentifier)")
    #expect((side as? any CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String == "SwitchToLatest")
  }

}
