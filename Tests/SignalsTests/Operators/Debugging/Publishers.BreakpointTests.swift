// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct BreakpointTests {
  @Test func breakpointKeepsTheContract() {
    checkOperatorContract(skipping: .passThrough) { $0.breakpoint(receiveOutput: { _ in false }) }
  }

  @Test func breakpointOnErrorKeepsTheContractWithoutFailures() {
    checkOperatorContract {
      $0.buffer(size: 1, prefetch: .byRequest, whenFull: .dropNewest).catch { _ in Empty<Int, Never>() }
        .breakpointOnError()
    }
  }

  @Test func closuresThatReturnFalseLeaveEventsUnchanged() {
    let asked = LockedState<[String]>.make([])
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    upstream.breakpoint(
      receiveSubscription: { _ in
        asked.withLock { $0.append("subscription") }
        return false
      },
      receiveOutput: { value in
        asked.withLock { $0.append("output \(value)") }
        return false
      },
      receiveCompletion: { _ in
        asked.withLock { $0.append("completion") }
        return false
      }
    )
    .subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(TestError()))
    #expect(asked.withLock { $0 } == ["subscription", "output 1", "completion"])
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(TestError()))])
    #expect(upstream.subscription.events == [.requested(.max(1))])
  }

  @Test func breakpointOnErrorPassesValuesAndFinished() {
    let recorder = TestSubscriber<Int, Never>()
    [1, 2].publisher.breakpointOnError().subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  // MARK: Combine's pass-through

  @Test func breakpointHandsItsSubscriberTheUpstreamsOwnSubscription() {
    expectUpstreamSubscriptionPassedThrough { $0.breakpoint(receiveOutput: { _ in false }) }
  }
}
