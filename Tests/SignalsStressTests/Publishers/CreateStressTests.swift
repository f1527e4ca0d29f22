// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsExt
@_spi(Signals) import SignalsSupport
import Testing

/// `AnyPublisher.create` with its handle used from many threads while the subscriber requests and
/// cancels from others.
struct CreateStressTests {
  @Test func sendsFromManyThreadsKeepTheContract() {
    withWatchdog("create sends") {
      for _ in 0..<20 {
        let handles = LockedState<Publishers.Create<Int, TestFailure>.Subscriber?>.make(nil)
        let subscriber = InvariantSubscriber(initialDemand: .max(1), sourceWidth: 1_000)
        AnyPublisher<Int, TestFailure>.create { handle in
          handles.withLock { $0 = handle }
          return AnyCancellable {}
        }.subscribe(subscriber)
        let handle = handles.withLock { $0 }!
        runConcurrently(6) { worker in
          switch worker {
          case 0..<4: for index in 0..<500 { handle.send(worker * 1_000 + index) }
          case 4: for _ in 0..<400 { subscriber.request(.max(1)) }
          default: handle.send(completion: .failure(TestFailure()))
          }
        }
        subscriber.request(.unlimited)
        #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
        #expect(subscriber.completionCount == 1)
      }
    }
  }

  @Test func cancelRacingSendsRunsTheCleanupOnce() {
    withWatchdog("create cancel") {
      for _ in 0..<200 {
        let cleanups = LockedState.make(0)
        let handles = LockedState<Publishers.Create<Int, TestFailure>.Subscriber?>.make(nil)
        let subscriber = InvariantSubscriber(sourceWidth: 1_000)
        AnyPublisher<Int, TestFailure>.create { handle in
          handles.withLock { $0 = handle }
          return AnyCancellable { cleanups.withLock { $0 += 1 } }
        }.subscribe(subscriber)
        let handle = handles.withLock { $0 }!
        runConcurrently(4) { worker in
          switch worker {
          case 0: subscriber.cancel()
          case 1: handle.send(completion: .finished)
          default: for index in 0..<100 { handle.send(worker * 1_000 + index) }
          }
        }
        #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
        #expect(cleanups.withLock { $0 } == 1)
      }
    }
  }
}
