// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import Testing

struct DropCounterTests {
  @Test func startsAtZero() {
    let drops = DropCounter()
    #expect(drops.count == 0)
    #expect(drops.description == "DropCounter(0)")
  }

  @Test(timeLimit(minutes: 1))
  func countsAndReportsEachDropOfABoundedStream() async {
    let reported = Recorder<Int>()
    let drops = DropCounter { reported.append(1) }
    let subject = PassthroughSubject<Int, Never>()
    let stream = subject.stream(bufferingPolicy: .bufferingNewest(1), countingDropsIn: drops)
    subject.send(1)
    subject.send(2)
    subject.send(3)
    subject.send(completion: .finished)
    var received: [Int] = []
    for await value in stream { received.append(value) }
    #expect(received == [3])
    #expect(drops.count == 2)
    #expect(reported.elements.count == 2)
  }

  @Test(timeLimit(minutes: 1))
  func aThrowingStreamCountsTheNewValuesItDrops() async throws {
    let drops = DropCounter()
    let subject = PassthroughSubject<Int, TestError>()
    let stream = subject.stream(bufferingPolicy: .bufferingOldest(2), countingDropsIn: drops)
    for value in 1...5 { subject.send(value) }
    subject.send(completion: .failure(TestError(id: 1)))
    var received: [Int] = []
    await #expect(throws: TestError(id: 1)) {
      for try await value in stream { received.append(value) }
    }
    #expect(received == [1, 2])
    #expect(drops.count == 3)
  }

  @Test(timeLimit(minutes: 1))
  func anUnboundedStreamNeverDrops() async {
    let drops = DropCounter()
    let subject = CurrentValueSubject<Int, Never>(0)
    let stream = subject.stream(bufferingPolicy: .unbounded, countingDropsIn: drops)
    for value in 1...100 { subject.send(value) }
    subject.send(completion: .finished)
    var count = 0
    for await _ in stream { count += 1 }
    #expect(count == 101)
    #expect(drops.count == 0)
  }
}
