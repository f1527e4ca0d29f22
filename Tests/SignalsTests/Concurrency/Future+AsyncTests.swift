// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct FutureAsyncTests {
  @Test(timeLimit(minutes: 1))
  func startsAtOnceWithoutASubscriber() async {
    let started = Checkpoint()
    let future = Future<Int, Never> {
      started.signal()
      return 1
    }
    await started.wait(for: 1)
    withExtendedLifetime(future) {}
  }

  @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
  @Test(timeLimit(minutes: 1))
  func runsOnceAndSharesTheResultWithEverySubscriber() async {
    let runs = Recorder<Int>()
    let gate = Checkpoint()
    let future = Future<String, Never> {
      runs.append(1)
      await gate.wait(for: 1)
      return "shared"
    }
    let early = TestSubscriber<String, Never>()
    future.subscribe(early)
    gate.signal()
    #expect(await future.value == "shared")
    #expect(await future.value == "shared")
    let late = TestSubscriber<String, Never>()
    future.subscribe(late)
    #expect(early.events == [.subscription, .value("shared"), .completion(.finished)])
    #expect(late.events == [.subscription, .value("shared"), .completion(.finished)])
    #expect(runs.elements == [1])
  }

  @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
  @Test(timeLimit(minutes: 1), arguments: [TaskPriority.low, .high])
  func runsWithTheRequestedPriority(priority: TaskPriority) async {
    let future = Future<TaskPriority, Never>(priority: priority) { Task.currentPriority }
    #expect(await future.value == priority)
  }

  @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
  @Test(timeLimit(minutes: 1))
  func throwingOperationFailsTheFutureWithItsTypedError() async {
    let future = Future<Int, TestError> { () async throws(TestError) -> Int in
      throw TestError(id: 6)
    }
    await #expect(throws: TestError(id: 6)) { try await future.value }
    let subscriber = TestSubscriber<Int, TestError>()
    future.subscribe(subscriber)
    #expect(subscriber.events == [.subscription, .completion(.failure(TestError(id: 6)))])
  }

  @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
  @Test(timeLimit(minutes: 1))
  func throwingOperationPublishesItsValue() async throws {
    let future = Future<Int, TestError>(priority: .medium) { () async throws(TestError) -> Int in 9 }
    #expect(try await future.value == 9)
  }

  @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
  @Test(timeLimit(minutes: 1))
  func valueOfAnAlreadyResolvedFutureReturnsAtOnce() async {
    let future = Future<Int, Never> { promise in promise(.success(3)) }
    #expect(await future.value == 3)
  }
}

/// `Future(priority:operation:)` created inside an actor runs its operation on that actor.
@Suite(timeLimit(minutes: 1))
struct FutureAsyncIsolationTests {
  @MainActor final class Cart {
    var items = ["tea", "milk"]

    func countLater() -> Future<Int, Never> {
      Future { self.items.count }  // main-actor state, no `await`
    }
  }

  @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
  @MainActor @Test func aMainActorCallerGetsItsOperationRunOnTheMainActor() async {
    let cart = Cart()
    let ranOnMainActor = Future<Bool, Never> { MainActorContext.isCurrent }
    // `firstValue` runs on the caller's actor; Apple's `Future.value` is nonisolated, and its
    // `Future` not `Sendable`, so a main-actor caller cannot await that one there.
    #expect(await ranOnMainActor.firstValue == true)
    #expect(await cart.countLater().firstValue == 2)
  }
}
