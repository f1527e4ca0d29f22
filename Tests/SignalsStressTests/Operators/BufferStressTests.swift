// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import Testing

/// `buffer(size:prefetch:whenFull:)` with values arriving from many threads while the subscriber
/// requests from others, for every strategy.
struct BufferStressTests {
  @Test(arguments: [
    (Publishers.PrefetchStrategy.byRequest, 0), (.byRequest, 1), (.byRequest, 2),
    (.keepFull, 0), (.keepFull, 1), (.keepFull, 2),
  ])
  func concurrentSendsAndRequestsKeepTheContract(prefetch: Publishers.PrefetchStrategy, strategy: Int) {
    withWatchdog("buffer \(prefetch) \(strategy)") {
      for _ in 0..<20 {
        let subject = PassthroughSubject<Int, TestFailure>()
        let whenFull: Publishers.BufferingStrategy<TestFailure> =
          switch strategy {
          case 0: .dropNewest
          case 1: .dropOldest
          default: .customError { TestFailure() }
          }
        let subscriber = InvariantSubscriber(initialDemand: .max(1), sourceWidth: 1_000)
        subject.buffer(size: 64, prefetch: prefetch, whenFull: whenFull).subscribe(subscriber)
        runConcurrently(5) { worker in
          if worker == 4 {
            for _ in 0..<300 { subscriber.request(.max(1)) }
          } else {
            for index in 0..<500 { subject.send(worker * 1_000 + index) }
          }
        }
        subject.send(completion: .finished)
        subscriber.request(.unlimited)
        #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
        #expect(subscriber.completionCount == 1)
      }
    }
  }

  @Test func cancelRacingDeliveryStopsCleanly() {
    withWatchdog("buffer cancel race") {
      for _ in 0..<200 {
        let subject = PassthroughSubject<Int, TestFailure>()
        let subscriber = InvariantSubscriber(sourceWidth: 1_000)
        subject.buffer(size: 8, prefetch: .byRequest, whenFull: .dropOldest).subscribe(subscriber)
        runConcurrently(3) { worker in
          if worker == 0 {
            subscriber.cancel()
          } else {
            for index in 0..<200 { subject.send(worker * 1_000 + index) }
          }
        }
        #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
        #expect(subscriber.completionCount == 0)
      }
    }
  }
}
