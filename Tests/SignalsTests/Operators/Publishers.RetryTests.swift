// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
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

  @Test func retryKeepsTheContract() {
    checkOperatorContract { $0.retry(0) }
  }

  @Test func aFailureIsRetriedUntilItSucceeds() {
    let flaky = Flaky(failures: 2)
    let recorder = TestSubscriber<Int, TestError>()
    flaky.publisher.retry(2).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(3), .completion(.finished)])
    #expect(recorder.subscriptionCount == 1, "one subscription for every attempt")
  }

  @Test func theLastFailureIsDeliveredOnceRetriesRunOut() {
    let flaky = Flaky(failures: 5)
    let recorder = TestSubscriber<Int, TestError>()
    flaky.publisher.retry(2).subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 3)))])
    #expect(flaky.attempts.withLock { $0 } == 3)
  }

  @Test func nilRetriesWithoutLimit() {
    let flaky = Flaky(failures: 50)
    let recorder = TestSubscriber<Int, TestError>()
    Publishers.Retry(upstream: flaky.publisher, retries: nil).subscribe(recorder)
    #expect(recorder.values == [51])
  }

  @Test func anAttemptIsAskedForTheDemandLeft() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(3))
    upstream.retry(1).subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(TestError()))
    #expect(upstream.subscriberCount == 2)
    #expect(upstream.subscription.events == [.requested(.max(3)), .requested(.max(2))])
    upstream.send(completion: .failure(TestError(id: 8)))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(TestError(id: 8)))])
  }

  @Test func cancelStopsRetrying() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.retry(3).subscribe(recorder)
    recorder.cancel()
    upstream.send(completion: .failure(TestError()))
    #expect(upstream.subscriberCount == 1)
    #expect(upstream.subscription.isCancelled)
  }
}
