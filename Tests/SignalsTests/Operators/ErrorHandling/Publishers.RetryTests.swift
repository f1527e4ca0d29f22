// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct RetryTests {
  /// A publisher that fails its first `failures` subscriptions, then sends `value` and finishes.
  private final class Flaky: @unchecked Sendable {
    // Safety: all mutable state is in `attempts`, a `LockedState`.
    let attempts = LockedState<Int>.make(0)
    let failures: Int

    init(failures: Int) { self.failures = failures }

    var publisher: Deferred<Result<Int, TestError>.Publisher> {
      Deferred {
        let attempt = self.attempts.withLock { attempts -> Int in
          attempts += 1
          return attempts
        }
        return Result.Publisher(attempt <= self.failures ? .failure(TestError(id: attempt)) : .success(attempt))
      }
    }
  }

  @Test func aSecondSubscriptionOfAnAttemptIsCancelled() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.retry(1).subscribe(recorder)
    let second = TestSubscription()
    upstream.sendSubscription(second)
    #expect(second.isCancelled)
    #expect(recorder.subscriptionCount == 1)
  }

  @Test func aNegativeCountRetriesForever() {
    // As in Combine: the count never reaches zero.
    let flaky = Flaky(failures: 100)
    let recorder = TestSubscriber<Int, TestError>()
    flaky.publisher.retry(-1).subscribe(recorder)
    #expect(recorder.values == [101])
  }

  @Test func theDemandAValueReturnsIsRequestedFromTheAttempt() {
    // As in Combine: Retry asks the attempt itself and returns `.none` to it.
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1), demandPerValue: .max(4))
    upstream.retry(1).subscribe(recorder)
    #expect(upstream.send(1) == .none)
    #expect(upstream.subscription.events == [.requested(.max(1)), .requested(.max(4))])
  }

  @Test func theSubscriberIsReleasedOnCompletion() {
    final class Token: Sendable {}
    weak var token: Token?
    let upstream = TestPublisher<Int, TestError>()
    do {
      let strong = Token()
      token = strong
      // The subscriber keeps its subscription (the retry's own object): only Retry letting go of
      // it on completion frees it.
      upstream.retry(1).subscribe(TestSubscriber<Int, TestError>(onValue: { _ in withExtendedLifetime(strong) {} }))
    }
    #expect(token != nil)
    upstream.send(completion: .finished)
    #expect(token == nil)
  }

  #if compiler(>=6.2)
  @Test func aValueBeyondTheDemandStopsTheProgram() async {
    // As Combine's does.
    await #expect(processExitsWith: .failure) {
      let upstream = TestPublisher<Int, TestError>()
      let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
      upstream.retry(1).subscribe(recorder)
      upstream.send(1)
    }
  }
  #endif
}
