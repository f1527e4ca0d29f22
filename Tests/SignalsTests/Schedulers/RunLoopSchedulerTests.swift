// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Signals
@_spi(Signals) import SignalsSupport
import Testing

struct RunLoopSchedulerTests {
  typealias Time = RunLoop.SchedulerTimeType
  typealias Stride = RunLoop.SchedulerTimeType.Stride

  @Test func strideIsInSeconds() {
    #expect(Stride.seconds(2).timeInterval == 2)
    #expect(Stride.milliseconds(250).timeInterval == 0.25)
    #expect(Stride.microseconds(500).timeInterval == 0.0005)
    #expect(Stride.nanoseconds(1_000_000_000).timeInterval == 1)
    #expect((1.5 as Stride).magnitude == 1.5)
    #expect((Stride.seconds(1) + 0.5) == 1.5)
    #expect((Stride.seconds(2) * 3).magnitude == 6)
  }

  @Test func timeWrapsADate() throws {
    let start = Time(Date(timeIntervalSince1970: 100))
    let later = start.advanced(by: .milliseconds(1500))
    #expect(later.date == Date(timeIntervalSince1970: 101.5))
    #expect(start.distance(to: later) == 1.5)
    let data = try JSONEncoder().encode([later])
    #expect(try JSONDecoder().decode([Time].self, from: data) == [later])
  }

  @Test(timeLimit(minutes: 1)) func runsWorkOnTheRunLoopThread() async {
    let loopThread = RunLoopThread()
    defer { loopThread.stop() }
    let loop = loopThread.runLoop
    let onLoopThread = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      loop.schedule { continuation.resume(returning: RunLoop.current === loop) }
    }
    #expect(onLoopThread)
  }

  @Test(timeLimit(minutes: 1)) func runsDatedAndRepeatingWork() async {
    let loopThread = RunLoopThread()
    defer { loopThread.stop() }
    let loop = loopThread.runLoop
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      loop.schedule(after: loop.now.advanced(by: .milliseconds(1))) { continuation.resume() }
    }
    let count = LockedState.make(0)
    let timer = LockedState<AnyCancellable?>.make(nil)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let cancellable = loop.schedule(after: loop.now.advanced(by: .milliseconds(1)), interval: .milliseconds(1)) {
        let ticks = count.withLock { count -> Int in
          count += 1
          return count
        }
        if ticks == 3 {
          timer.withLock { $0 }?.cancel()
          continuation.resume()
        }
      }
      timer.withLock { $0 = AnyCancellable(cancellable) }
    }
    #expect(count.withLock { $0 } >= 3)
  }
}
