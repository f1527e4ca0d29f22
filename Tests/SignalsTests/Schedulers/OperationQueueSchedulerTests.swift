// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Signals
@_spi(Signals) import SignalsSupport
import Testing

struct OperationQueueSchedulerTests {
  @Test(timeLimit(minutes: 1)) func runsImmediateWorkOnTheQueue() async {
    let queue = OperationQueue()
    let onQueue = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      queue.schedule { continuation.resume(returning: OperationQueue.current === queue) }
    }
    #expect(onQueue)
  }

  @Test(timeLimit(minutes: 1)) func runsDatedWorkOnTheQueue() async {
    let queue = OperationQueue()
    let onQueue = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      queue.schedule(after: queue.now.advanced(by: .milliseconds(1))) {
        continuation.resume(returning: OperationQueue.current === queue)
      }
    }
    #expect(onQueue)
  }

  @Test(timeLimit(minutes: 1)) func repeatsUntilCancelled() async {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    let count = LockedState.make(0)
    let timer = LockedState<AnyCancellable?>.make(nil)
    let stopped = LockedState.make(false)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let cancellable = queue.schedule(after: queue.now, interval: .milliseconds(1)) {
        guard !stopped.withLock({ $0 }) else { return }
        let ticks = count.withLock { count -> Int in
          count += 1
          return count
        }
        if ticks == 3 {
          stopped.withLock { $0 = true }
          timer.withLock { $0 }?.cancel()
          continuation.resume()
        }
      }
      timer.withLock { $0 = AnyCancellable(cancellable) }
    }
    #expect(count.withLock { $0 } == 3)
  }

  @Test func theTimeTypeIsItsOwnAsInCombine() throws {
    // Combine declares `OperationQueue.SchedulerTimeType` apart from `RunLoop`'s, so code may extend
    // each on its own.
    #expect(OperationQueue.SchedulerTimeType.self != RunLoop.SchedulerTimeType.self)
    let time = OperationQueue.SchedulerTimeType(Date(timeIntervalSinceReferenceDate: 1024.75))
    let data = try JSONEncoder().encode(time)
    #expect(String(decoding: data, as: UTF8.self) == #"{"date":1024.75}"#)
    #expect(time.distance(to: time.advanced(by: .seconds(2))).timeInterval == 2)
  }

  @Test(timeLimit(minutes: 1)) func datedWorkWaitsInTheQueueAsAnOperationThatIsNotReady() async {
    let queue = OperationQueue()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      queue.schedule(after: queue.now.advanced(by: .seconds(0.3))) { continuation.resume() }
      let waiting = queue.operations
      #expect(waiting.count == 1)
      #expect(waiting.first.map { !$0.isReady && !($0 is BlockOperation) } == true)
    }
  }

  @Test(timeLimit(minutes: 1)) func aCancelledRepetitionLeavesTheQueueAtOnce() {
    let queue = OperationQueue()
    let ran = LockedState.make(false)
    let timer = queue.schedule(after: queue.now.advanced(by: .seconds(3600)), interval: .seconds(3600)) {
      ran.withLock { $0 = true }
    }
    timer.cancel()
    queue.waitUntilAllOperationsAreFinished()  // would wait an hour if the operation kept its date
    #expect(queue.operationCount == 0)
    #expect(!ran.withLock { $0 })
  }
}
