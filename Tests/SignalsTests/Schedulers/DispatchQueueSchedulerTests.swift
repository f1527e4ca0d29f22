// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Foundation
import Signals
@_spi(Signals) import SignalsSupport
import Testing

struct DispatchQueueSchedulerTests {
  typealias Time = DispatchQueue.SchedulerTimeType
  typealias Stride = DispatchQueue.SchedulerTimeType.Stride

  @Test func strideUnitsAndLiteralsAreNanosecondsAndSeconds() {
    #expect(Stride.seconds(2).magnitude == 2_000_000_000)
    #expect(Stride.seconds(1.5).magnitude == 1_500_000_000)
    #expect(Stride.milliseconds(2).magnitude == 2_000_000)
    #expect(Stride.microseconds(2).magnitude == 2_000)
    #expect(Stride.nanoseconds(2).magnitude == 2)
    #expect((2 as Stride).magnitude == 2_000_000_000)
    #expect((0.25 as Stride).magnitude == 250_000_000)
    #expect(Stride(exactly: 3 as UInt8)?.magnitude == 3_000_000_000)
    #expect(Stride(exactly: UInt64.max) == nil)
    #expect(Stride(.milliseconds(20)).magnitude == 20_000_000)
    #expect(Stride(.never).magnitude == .max)
  }

  @Test func strideArithmeticSaturatesAndMultiplicationIsZeroAsInCombine() {
    #expect((Stride.milliseconds(300) + .milliseconds(200)) == .milliseconds(500))
    #expect((Stride.seconds(1) - .milliseconds(1500)) == .milliseconds(-500))
    #expect((Stride.nanoseconds(.max) + .nanoseconds(1)).magnitude == .max)
    #expect((Stride.nanoseconds(.min) - .nanoseconds(1)).magnitude == .min)
    #expect(Stride.seconds(Int.max).magnitude == .max)
    #expect((Stride.seconds(2) * .seconds(3)).magnitude == 0)
    #expect(Stride.milliseconds(1) < .seconds(1))
  }

  @Test func timeDistanceAdvanceEqualityAndCoding() throws {
    let start = Time(DispatchTime(uptimeNanoseconds: 1_000))
    let later = start.advanced(by: .microseconds(3))
    #expect(later.dispatchTime.uptimeNanoseconds == 4_000)
    #expect(start.distance(to: later) == .nanoseconds(3_000))
    #expect(later.distance(to: start) == .nanoseconds(-3_000))
    #expect(start.advanced(by: .nanoseconds(.max)).dispatchTime == .distantFuture)
    #expect(Set([start, Time(DispatchTime(uptimeNanoseconds: 1_000))]).count == 1)
    let data = try JSONEncoder().encode([later])
    #expect(String(decoding: data, as: UTF8.self) == "[4000]")
    #expect(try JSONDecoder().decode([Time].self, from: data) == [later])
  }

  @Test(timeLimit(minutes: 1)) func runsImmediateWorkOnTheQueue() async {
    let key = DispatchSpecificKey<Int>()
    let queue = DispatchQueue(label: "signals.scheduler")
    queue.setSpecific(key: key, value: 42)
    let seen = await withCheckedContinuation { (continuation: CheckedContinuation<Int?, Never>) in
      queue.schedule(options: .init(qos: .userInitiated)) {
        continuation.resume(returning: DispatchQueue.getSpecific(key: key))
      }
    }
    #expect(seen == 42)
  }

  @Test(timeLimit(minutes: 1)) func runsDatedWorkOnTheQueue() async {
    let queue = DispatchQueue(label: "signals.scheduler.after")
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      queue.schedule(after: queue.now.advanced(by: .milliseconds(1))) { continuation.resume() }
    }
  }

  @Test(timeLimit(minutes: 1)) func repeatsUntilCancelled() async {
    let queue = DispatchQueue(label: "signals.scheduler.repeat")
    let count = LockedState.make(0)
    let timer = LockedState<AnyCancellable?>.make(nil)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      // The handler runs on `queue`, which is also where the timer is stored, so it sees it.
      queue.async {
        let cancellable = queue.schedule(after: queue.now, interval: .milliseconds(1)) {
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
    }
    // After the cancel on the queue, nothing more runs there.
    let final = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
      queue.async { continuation.resume(returning: count.withLock { $0 }) }
    }
    #expect(final == 3)
  }

  @Test func aDistanceTooLongForAnIntIsNeverWhicheverTheDirection() {
    let start = Time(DispatchTime(uptimeNanoseconds: 10_000))
    let farAway = Time(DispatchTime(uptimeNanoseconds: .max - 1024))
    #expect(start.distance(to: Time(.distantFuture)) == .nanoseconds(.max))
    #expect(Time(.distantFuture).distance(to: start) == .nanoseconds(.max))
    #expect(farAway.distance(to: start) == .nanoseconds(.max))
    let intMax = Time(DispatchTime(uptimeNanoseconds: UInt64(Int.max)))
    #expect(intMax.distance(to: start) == .nanoseconds(-(Int.max - 10_000)))
  }

  @Test func aStrideEncodesItsNanosecondsUnderCombinesKey() throws {
    struct Box: Codable, Equatable { var value: Stride }
    let data = try JSONEncoder().encode(Box(value: .nanoseconds(419_872)))
    #expect(String(decoding: data, as: UTF8.self) == #"{"value":{"_nanoseconds":419872}}"#)
    #expect(try JSONDecoder().decode(Box.self, from: data) == Box(value: .nanoseconds(419_872)))
  }
}
