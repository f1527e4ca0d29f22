// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct DeferredTests {
  @Test func createsThePublisherOnlyWhenSubscribed() {
    let made = LockedState.make(0)
    let deferred = Deferred { () -> Just<Int> in
      made.withLock { $0 += 1 }
      return Just(1)
    }
    #expect(made.withLock { $0 } == 0)
    let recorder = TestSubscriber<Int, Never>()
    deferred.subscribe(recorder)
    #expect(made.withLock { $0 } == 1)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test func createsOnePublisherPerSubscriber() {
    let made = LockedState.make(0)
    let deferred = Deferred { () -> Just<Int> in
      Just(
        made.withLock { count in
          count += 1
          return count
        })
    }
    let first = TestSubscriber<Int, Never>()
    let second = TestSubscriber<Int, Never>()
    deferred.subscribe(first)
    deferred.subscribe(second)
    #expect(first.values == [1])
    #expect(second.values == [2])
  }

  @Test func keepsTheCreatedPublishersDemandAndFailure() {
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    Deferred { Record<Int, TestError>(output: [1, 2], completion: .failure(TestError())) }.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.failure(TestError()))])
  }
}
