// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct HandleEventsTests {
  @Test func handleEventsKeepsTheContract() {
    checkOperatorContract(skipping: .passThrough) { $0.handleEvents(receiveOutput: { _ in }) }
  }

  @Test func closuresRunBeforeEachEventIsPassedOn() {
    let log = LockedState<[String]>.make([])
    let upstream = TestPublisher<Int, TestError>(onRequest: { demand in
      log.withLock { $0.append("upstream \(demand)") }
    })
    let recorder = TestSubscriber<Int, TestError>(
      initialDemand: .max(1), demandPerValue: .max(2),
      onValue: { value in log.withLock { $0.append("downstream \(value)") } })
    upstream.handleEvents(
      receiveSubscription: { _ in log.withLock { $0.append("subscription") } },
      receiveOutput: { value in log.withLock { $0.append("output \(value)") } },
      receiveCompletion: { completion in log.withLock { $0.append("completion \(completion)") } },
      receiveCancel: { log.withLock { $0.append("cancel") } },
      receiveRequest: { demand in log.withLock { $0.append("request \(demand)") } }
    )
    .subscribe(recorder)
    upstream.send(5)
    upstream.send(completion: .finished)
    #expect(
      log.withLock { $0 } == [
        "subscription", "request max(1)", "upstream max(1)", "output 5", "downstream 5", "request max(2)",
        "completion finished",
      ])
    #expect(recorder.events == [.subscription, .value(5), .completion(.finished)])
  }

  @Test func cancelRunsReceiveCancelOnceAndNothingAfter() {
    let log = LockedState<[String]>.make([])
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.handleEvents(
      receiveOutput: { value in log.withLock { $0.append("output \(value)") } },
      receiveCompletion: { _ in log.withLock { $0.append("completion") } },
      receiveCancel: { log.withLock { $0.append("cancel") } },
      receiveRequest: { _ in log.withLock { $0.append("request") } }
    )
    .subscribe(recorder)
    recorder.cancel()
    recorder.cancel()
    recorder.request(.max(1))
    upstream.send(1)
    upstream.send(completion: .finished)
    #expect(log.withLock { $0 } == ["cancel"])
    #expect(upstream.subscription.events == [.cancelled])
  }

  @Test func closuresAreReleasedWhenTheSubscriptionIsCancelled() {
    final class Owner: @unchecked Sendable {
      // Safety: touched only by the test's own thread.
      var seen: [Int] = []
      var cancellable: AnyCancellable?
    }
    let subject = PassthroughSubject<Int, Never>()
    weak var weakOwner: Owner?
    do {
      let owner = Owner()
      weakOwner = owner
      owner.cancellable = subject.handleEvents(receiveOutput: { owner.seen.append($0) }).sink { _ in }
      subject.send(1)
      #expect(owner.seen == [1])
      owner.cancellable?.cancel()
    }
    #expect(weakOwner == nil)
  }

  // MARK: Combine's behaviour

  @Test func handleEventsPassesEventsBeforeTheSubscriptionToItsClosuresAndOn() {
    let upstream = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let seen = Recorder<Int>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.handleEvents(receiveOutput: { seen.append($0) }).subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .finished)
    #expect(seen.elements == [1])
    #expect(recorder.events == [.value(1), .completion(.finished)])
  }

  /// The closures are let go of at the end: a request or cancel after the completion reaches none
  /// of them, as in Combine.
  @Test func handleEventsRunsNoClosureAfterTheCompletion() {
    let upstream = TestPublisher<Int, TestError>()
    let requests = Recorder<Subscribers.Demand>()
    let cancels = Recorder<Int>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    upstream.handleEvents(receiveCancel: { cancels.append(1) }, receiveRequest: { requests.append($0) })
      .subscribe(recorder)
    upstream.send(completion: .finished)
    recorder.subscription?.request(.max(2))
    recorder.cancel()
    #expect(requests.elements == [.max(1)])
    #expect(cancels.elements.isEmpty)
    #expect(upstream.subscription.events == [.requested(.max(1))])
  }
}

/// `handleEvents` closures written inside an actor are checked against it when they run.
@Suite(timeLimit(minutes: 1))
struct HandleEventsIsolationTests {
  @MainActor @Test func closuresWrittenOnTheMainActorRunThereAsBefore() {
    let events = PassthroughSubject<Int, Never>()
    var seen: [String] = []
    let cancellable =
      events
      .handleEvents(
        receiveSubscription: { _ in seen.append("subscription") }, receiveOutput: { seen.append("value \($0)") },
        receiveCancel: { seen.append("cancel") }, receiveRequest: { seen.append("request \($0)") }
      )
      .sink { _ in }
    events.send(1)
    cancellable.cancel()
    #expect(seen == ["subscription", "request unlimited", "value 1", "cancel"])
  }

  #if compiler(>=6.2)
  @Test func aMainActorClosureRunOffTheMainActorStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let events = PassthroughSubject<Int, Never>()
      // The cancellable only keeps the pipeline alive: no other thread touches it.
      let cancellable = await MainActor.run {
        UnsafeTransfer(events.handleEvents(receiveOutput: { _ in }).sink { @Sendable _ in })
      }
      await Task.detached { events.send(1) }.value
      _ = cancellable
    }
  }
  #endif
}
