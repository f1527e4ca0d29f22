// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct TryCatchTests {
  @Test func aThrownErrorFailsTheSubscriberAndLaterUpstreamValuesStillPass() {
    // As in Combine, the upstream's values are not checked against the phase: one sent after its
    // failure (a broken upstream) still reaches the subscriber.
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, any Error>(initialDemand: .max(5))
    upstream.tryCatch { error -> Empty<Int, TestError> in throw TestError(id: error.id + 1) }.subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(TestError(id: 1)))
    upstream.send(2)
    #expect(recorder.values == [1, 2])
    #expect(
      (recorder.completion.flatMap { if case .failure(let error) = $0 { error as? TestError } else { nil } })
        == TestError(id: 2))
  }

  @Test func aFailureIsReplacedByTheHandlersPublisher() {
    let recorder = TestSubscriber<Int, any Error>()
    Fail<Int, TestError>(error: TestError(id: 4)).tryCatch { error in Just(error.id) }.subscribe(recorder)
    #expect(recorder.values == [4])
    #expect(recorder.completion.map { if case .finished = $0 { true } else { false } } == true)
  }

  @Test func aThrowingHandlerFailsWithTheThrownError() {
    let recorder = TestSubscriber<Int, any Error>()
    Fail<Int, TestError>(error: TestError(id: 1))
      .tryCatch { _ -> Just<Int> in throw TestError(id: 2) }
      .subscribe(recorder)
    guard case .failure(let error) = recorder.completion else {
      Issue.record("expected a failure")
      return
    }
    #expect(error as? TestError == TestError(id: 2))
  }

  @Test func theReplacementsFailureIsDeliveredAsAnyError() {
    let upstream = TestPublisher<Int, TestError>()
    let replacement = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, any Error>(initialDemand: .max(2))
    upstream.tryCatch { _ in replacement }.subscribe(recorder)
    upstream.send(completion: .failure(TestError()))
    #expect(replacement.subscription.events == [.requested(.max(2))])
    replacement.send(completion: .failure(TestError(id: 3)))
    guard case .failure(let error) = recorder.completion else {
      Issue.record("expected a failure")
      return
    }
    #expect(error as? TestError == TestError(id: 3))
  }
}
