// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct TimerPublisherTests {
  @Test func nothingIsPublishedBeforeConnecting() {
    let loopThread = RunLoopThread()
    defer { loopThread.stop() }
    let timer = Timer.publish(every: 0.001, on: loopThread.runLoop, in: .default)
    let recorder = TestSubscriber<Date, Never>()
    timer.subscribe(recorder)
    #expect(recorder.events.count == 1)
    #expect(timer.interval == 0.001)
    #expect(timer.tolerance == nil)
    #expect(timer.mode == .default)
  }

  @Test(timeLimit(minutes: 1)) func autoconnectStartsTicksOnTheRunLoopThreadAndCancelStopsThem() async {
    let loopThread = RunLoopThread()
    defer { loopThread.stop() }
    let loop = loopThread.runLoop
    let ticks = LockedState.make(0)
    let onLoop = LockedState.make(true)
    let cancellable = LockedState<AnyCancellable?>.make(nil)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let sink = Timer.publish(every: 0.001, on: loop, in: .default).autoconnect().sink { _ in
        if RunLoop.current !== loop { onLoop.withLock { $0 = false } }
        let count = ticks.withLock { count -> Int in
          count += 1
          return count
        }
        if count == 3 {
          cancellable.withLock { $0 }?.cancel()
          continuation.resume()
        }
      }
      cancellable.withLock { $0 = sink }
    }
    // Ticks run on the loop thread, where the cancel happened; a pass of the loop later, none came.
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      loop.schedule { continuation.resume() }
    }
    #expect(ticks.withLock { $0 } == 3)
    #expect(onLoop.withLock { $0 })
  }

  @Test(timeLimit(minutes: 1)) func connectionCancelStopsTheTimerForEverySubscriber() async {
    let loopThread = RunLoopThread()
    defer { loopThread.stop() }
    let loop = loopThread.runLoop
    let timer = Timer.publish(every: 0.001, on: loop, in: .default)
    let first = TestSubscriber<Date, Never>()
    let second = TestSubscriber<Date, Never>(initialDemand: .max(1))
    timer.subscribe(first)
    timer.subscribe(second)
    let connection = LockedState<AnyCancellable?>.make(nil)
    let watcher = LockedState<AnyCancellable?>.make(nil)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let resumed = LockedState.make(false)
      let sink = timer.sink { _ in
        guard first.values.count >= 2, !resumed.withLock({ $0 }) else { return }
        resumed.withLock { $0 = true }
        connection.withLock { $0 }?.cancel()
        continuation.resume()
      }
      watcher.withLock { $0 = sink }
      connection.withLock { $0 = AnyCancellable(timer.connect()) }
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      loop.schedule { continuation.resume() }
    }
    let settled = first.values.count
    #expect(settled >= 2)
    #expect(second.values.count == 1)  // it asked for one
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      loop.schedule { continuation.resume() }
    }
    #expect(first.values.count == settled)
    watcher.withLock { $0 }?.cancel()
  }

  @Test(timeLimit(minutes: 1)) func theFirstTickComesOneIntervalAfterConnecting() async {
    // Foundation's block-based `Timer` fires at once on Linux; Combine's first tick is one interval
    // after `connect()`. A timer never fires early, so the check cannot flake.
    let loopThread = RunLoopThread()
    defer { loopThread.stop() }
    let timer = Timer.publish(every: 0.2, on: loopThread.runLoop, in: .default)
    let connection = LockedState<(any Cancellable)?>.make(nil)
    let connectedAt = Date()
    let firstTick = await withCheckedContinuation { (continuation: CheckedContinuation<Date, Never>) in
      let subscriber = AnySubscriber<Date, Never>(
        receiveSubscription: { $0.request(.max(1)) },
        receiveValue: { date in
          continuation.resume(returning: date)
          return .none
        })
      timer.subscribe(subscriber)
      connection.withLock { $0 = timer.connect() }
    }
    connection.withLock { $0 }?.cancel()
    #expect(firstTick.timeIntervalSince(connectedAt) >= 0.19)
  }

  @Test func theConnectionAndTheSubscriptionAreBareAsInCombine() {
    let loopThread = RunLoopThread()
    defer { loopThread.stop() }
    let timer = Timer.TimerPublisher(interval: 10, tolerance: 0.5, runLoop: loopThread.runLoop, mode: .default)
    let connection = timer.connect()
    defer { connection.cancel() }
    #expect(!(connection is any CustomStringConvertible))
    #expect(!(connection is AnyCancellable))
    let recorder = TestSubscriber<Date, Never>()
    timer.subscribe(recorder)
    let subscription = recorder.subscription
    #expect(subscription.map { $0 is any CustomStringConvertible } == false)
    #expect(subscription.map { $0 is any CustomReflectable } == false)
  }

  @Test func publishLeavesTheToleranceUnsetAsCombineDoes() {
    let loopThread = RunLoopThread()
    defer { loopThread.stop() }
    let timer = Timer.publish(every: 1, tolerance: 0.1, on: loopThread.runLoop, in: .default)
    #expect(timer.tolerance == nil)
  }
}
