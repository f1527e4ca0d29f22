// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct DropWhileTests {
  @Test func dropWhileKeepsTheContract() {
    checkOperatorContract(skipping: .filtering) { $0.drop(while: { $0 < 2 }) }
  }

  @Test func tryDropWhileKeepsTheContract() {
    checkOperatorContract(skipping: .filtering) { $0.tryDrop(while: { $0 < 2 }).mapError { $0 as! TestError } }
  }

  @Test func skippedValuesAskForOneMoreAndThePredicateStopsBeingCalled() {
    let upstream = TestPublisher<Int, TestError>()
    let calls = LockedState<[Int]>.make([])
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(2))
    upstream.drop(while: { value in
      calls.withLock { $0.append(value) }
      return value < 3
    })
    .subscribe(recorder)
    #expect(upstream.send(1) == .max(1))
    #expect(upstream.send(2) == .max(1))
    #expect(upstream.send(3) == .none)
    #expect(upstream.send(1) == .none)
    #expect(recorder.values == [3, 1])
    #expect(calls.withLock { $0 } == [1, 2, 3])
  }

  @Test func tryDropWhileFailsWithTheThrownError() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.tryDrop(while: { value in
      if value == 2 { throw TestError(id: 2) }
      return true
    })
    .mapError { $0 as! TestError }
    .subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 2)))])
    #expect(upstream.subscription.events == [.requested(.unlimited), .cancelled])
  }

  // MARK: Combine's behaviour

  @Test func dropWhileForwardsAValueBeyondTheDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    upstream.drop { $0 < 2 }.subscribe(recorder)
    #expect(upstream.send(1) == .max(1))
    upstream.send(2)
    upstream.send(3)
    #expect(recorder.values == [2, 3])
  }

  @Test func dropWhileIgnoresAValueBeforeItsSubscription() {
    let upstream = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let recorder = TestSubscriber<Int, TestError>()
    upstream.drop { _ in false }.subscribe(recorder)
    #expect(upstream.send(1) == .none)
    upstream.sendSubscription()
    upstream.send(2)
    #expect(recorder.values == [2])
  }
}
