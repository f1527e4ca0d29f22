// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

/// Keeps a future's promise so a test can fulfil it later, from any thread.
private final class PromiseBox<Output, Failure: Error>: Sendable {
  // In an `UnsafeTransfer`: Apple's `Future.Promise` is a plain closure, not `@Sendable`, though a
  // future's promise may be called from any thread (Combine's `Future` locks its state).
  private let promise = LockedState<UnsafeTransfer<Future<Output, Failure>.Promise>?>.make(nil)

  func keep(_ promise: @escaping Future<Output, Failure>.Promise) {
    self.promise.withLock { $0 = UnsafeTransfer(promise) }
  }

  func fulfil(_ result: Result<Output, Failure>) {
    promise.withLock { $0 }?.wrapped(result)
  }
}

struct FutureTests {
  @Test func runsItsClosureEagerly() {
    let runs = LockedState.make(0)
    _ = Future<Int, Never> { _ in runs.withLock { $0 += 1 } }
    #expect(runs.withLock { $0 } == 1)
  }

  @Test func deliversAResultKnownAtSubscription() {
    let future = Future<Int, Never> { promise in promise(.success(5)) }
    let recorder = TestSubscriber<Int, Never>()
    future.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(5), .completion(.finished)])
  }

  @Test func deliversToWaitingSubscribersWhenPromised() {
    let box = PromiseBox<Int, Never>()
    let future = Future<Int, Never> { box.keep($0) }
    let first = TestSubscriber<Int, Never>()
    let second = TestSubscriber<Int, Never>()
    future.subscribe(first)
    future.subscribe(second)
    #expect(first.events == [.subscription])
    box.fulfil(.success(9))
    #expect(first.events == [.subscription, .value(9), .completion(.finished)])
    #expect(second.events == [.subscription, .value(9), .completion(.finished)])
  }

  @Test func replaysTheResultToLateSubscribers() {
    let box = PromiseBox<String, Never>()
    let future = Future<String, Never> { box.keep($0) }
    let early = TestSubscriber<String, Never>()
    future.subscribe(early)
    box.fulfil(.success("done"))
    let late = TestSubscriber<String, Never>()
    future.subscribe(late)
    #expect(early.events == [.subscription, .value("done"), .completion(.finished)])
    #expect(late.events == [.subscription, .value("done"), .completion(.finished)])
  }

  @Test func onlyTheFirstPromiseCallCounts() {
    let box = PromiseBox<Int, TestError>()
    let future = Future<Int, TestError> { box.keep($0) }
    box.fulfil(.success(1))
    box.fulfil(.success(2))
    box.fulfil(.failure(TestError()))
    let recorder = TestSubscriber<Int, TestError>()
    future.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test func valueWaitsForDemand() {
    let future = Future<Int, Never> { promise in promise(.success(3)) }
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    future.subscribe(recorder)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(3), .completion(.finished)])
  }

  @Test func pendingValueWaitsForDemand() {
    let box = PromiseBox<Int, Never>()
    let future = Future<Int, Never> { box.keep($0) }
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    future.subscribe(recorder)
    box.fulfil(.success(3))
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(3), .completion(.finished)])
  }

  @Test func failureIsDeliveredWithoutDemand() {
    let box = PromiseBox<Int, TestError>()
    let future = Future<Int, TestError> { box.keep($0) }
    let waiting = TestSubscriber<Int, TestError>(initialDemand: .none)
    future.subscribe(waiting)
    box.fulfil(.failure(TestError(id: 2)))
    let late = TestSubscriber<Int, TestError>(initialDemand: .none)
    future.subscribe(late)
    #expect(waiting.events == [.subscription, .completion(.failure(TestError(id: 2)))])
    #expect(late.events == [.subscription, .completion(.failure(TestError(id: 2)))])
  }

  @Test func cancelBeforeTheResultDeliversNothing() {
    let box = PromiseBox<Int, Never>()
    let future = Future<Int, Never> { box.keep($0) }
    let cancelled = TestSubscriber<Int, Never>()
    let kept = TestSubscriber<Int, Never>()
    let other = TestSubscriber<Int, Never>()
    future.subscribe(cancelled)
    future.subscribe(kept)
    future.subscribe(other)
    cancelled.cancel()
    box.fulfil(.success(1))
    #expect(cancelled.events == [.subscription])
    #expect(kept.events == [.subscription, .value(1), .completion(.finished)])
    #expect(other.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test func cancelAfterResolutionBeforeDemandDeliversNothing() {
    let future = Future<Int, Never> { promise in promise(.success(1)) }
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    future.subscribe(recorder)
    recorder.cancel()
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription])
  }

  @Test func cancelledSubscriberIsReleasedWhileTheFutureIsPending() {
    let box = PromiseBox<Int, Never>()
    let future = Future<Int, Never> { box.keep($0) }
    weak var released: TestSubscriber<Int, Never>?
    do {
      let recorder = TestSubscriber<Int, Never>()
      released = recorder
      future.subscribe(recorder)
      recorder.cancel()
    }
    #expect(released == nil)
  }

  @Test func promiseFulfilledFromAnotherThreadWhileSubscribersAttach() {
    for round in 0..<100 {
      let box = PromiseBox<Int, Never>()
      let future = Future<Int, Never> { box.keep($0) }
      let recorders = (0..<16).map { index in
        TestSubscriber<Int, Never>(initialDemand: index.isMultiple(of: 2) ? .unlimited : .none)
      }
      DispatchQueue.concurrentPerform(iterations: recorders.count + 1) { index in
        if index == recorders.count {
          box.fulfil(.success(round))
        } else {
          future.subscribe(recorders[index])
        }
      }
      DispatchQueue.concurrentPerform(iterations: recorders.count) { index in
        recorders[index].request(.max(1))
      }
      for recorder in recorders {
        #expect(recorder.events == [.subscription, .value(round), .completion(.finished)])
      }
    }
  }

  @Test func concurrentCancelsAndRequestsDeliverAtMostOnce() {
    for round in 0..<100 {
      let box = PromiseBox<Int, Never>()
      let future = Future<Int, Never> { box.keep($0) }
      let recorders = (0..<8).map { _ in TestSubscriber<Int, Never>(initialDemand: .none) }
      for recorder in recorders { future.subscribe(recorder) }
      DispatchQueue.concurrentPerform(iterations: recorders.count * 2 + 1) { index in
        if index == recorders.count * 2 {
          box.fulfil(.success(round))
        } else if index.isMultiple(of: 2) {
          recorders[index / 2].request(.max(1))
        } else if index % 4 == 1 {
          recorders[index / 2].cancel()
        }
      }
      for (index, recorder) in recorders.enumerated() {
        let delivered: [TestSubscriber<Int, Never>.Event] = [.subscription, .value(round), .completion(.finished)]
        if index.isMultiple(of: 2) {
          #expect(recorder.events == [.subscription] || recorder.events == delivered)
        } else {
          #expect(recorder.events == delivered)
        }
      }
    }
  }

  #if !canImport(Combine)
  // Linux only: Signals' `Future` is `Sendable`; Apple's Combine's is not.
  @Test func isSendable() {
    let future: any Sendable = Future<Int, Never> { $0(.success(1)) }
    #expect(future is Future<Int, Never>)
  }
  #endif

  @Test func subscriptionMirrorsTheFutureAndSubscriberUntilDelivery() throws {
    let future = Future<Int, Never> { _ in }
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    future.subscribe(recorder)
    let subscription = try #require(recorder.subscription)
    let mirror = Mirror(reflecting: subscription)
    #expect(mirror.children.map(\.label) == ["parent", "downstream", "hasAnyDemand", "subject"])
    #expect(mirror.children.first.map { String(describing: $0.value) }?.contains("Future") == true)
    recorder.cancel()
    let ended = Mirror(reflecting: subscription).children.map { String(describing: $0.value) }
    #expect(ended == ["nil", "nil", "false", "nil"])
  }

  @Test func subscriptionMirrorsTheFutureWhileDeliveringAndNotAfterTheFutureResolves() throws {
    let promise = PromiseBox<Int, Never>()
    let future = Future<Int, Never> { promise.keep($0) }
    var parentWhileDelivering: String?
    var subscription: (any Subscription)?
    let subscriber = AnySubscriber<Int, Never>(
      receiveSubscription: { received in
        subscription = received
        received.request(.max(1))
      },
      receiveValue: { _ in
        parentWhileDelivering = subscription.map { parentDescription(of: $0) }
        return .none
      })
    future.subscribe(subscriber)
    promise.fulfil(.success(1))
    #expect(parentWhileDelivering?.contains("Future") == true)
    #expect(parentDescription(of: try #require(subscription)) == "nil")
  }

  @Test func subscriptionKeepsShowingTheFutureAfterADeliveryMadeByARequest() throws {
    let future = Future<Int, Never> { $0(.success(1)) }
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    future.subscribe(recorder)
    recorder.request(.max(1))
    #expect(recorder.values == [1])
    #expect(parentDescription(of: try #require(recorder.subscription)).contains("Future"))
  }
}

/// The description of the `parent` child in a Future subscription's mirror.
private func parentDescription(of subscription: any Subscription) -> String {
  let parent = Mirror(reflecting: subscription).children.first { $0.label == "parent" }
  return parent.map { String(describing: $0.value) } ?? "missing"
}
