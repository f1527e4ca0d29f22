// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct MergeTests {
  @Test func mergeKeepsTheContract() {
    checkOperatorContract { $0.merge(with: PassthroughSubject<Int, TestError>()) }
    checkOperatorContract { PassthroughSubject<Int, TestError>().merge(with: $0) }
    checkOperatorContract { Publishers.Merge3($0, Empty(), Empty()) }
    checkOperatorContract { Publishers.Merge4(Empty(), $0, Empty(), Empty()) }
  }

  @Test func interleavesValuesInArrivalOrderAndFinishesWhenAllFinish() {
    let first = PassthroughSubject<Int, Never>()
    let second = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    first.merge(with: second).subscribe(recorder)
    first.send(1)
    second.send(2)
    first.send(3)
    first.send(completion: .finished)
    second.send(4)
    #expect(recorder.completion == nil)
    second.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(4), .completion(.finished)])
  }

  @Test func merge3And4CarryEveryValue() {
    let recorder3 = TestSubscriber<Int, Never>()
    let recorder4 = TestSubscriber<Int, Never>()
    Publishers.Merge3(Just(1), Just(2), Just(3)).subscribe(recorder3)
    Publishers.Merge4([1, 2].publisher, [3].publisher, Empty(), [4].publisher).subscribe(recorder4)
    #expect(recorder3.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
    #expect(recorder4.values.sorted() == [1, 2, 3, 4])
    #expect(recorder4.completion == .finished)
  }

  @Test func limitedDemandAsksEachUpstreamForOneValueAtATime() {
    let first = TestPublisher<Int, Never>()
    let second = TestPublisher<Int, Never>()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1))
    first.merge(with: second).subscribe(recorder)
    #expect(first.subscription.events == [.requested(.max(1))])
    #expect(second.subscription.events == [.requested(.max(1))])
    #expect(first.send(1) == .max(1), "delivered: that upstream may send its next value")
    #expect(second.send(2) == .none, "no demand: the value waits in the upstream's buffer")
    #expect(recorder.values == [1])
    recorder.request(.max(1))
    #expect(recorder.values == [1, 2])
    #expect(second.subscription.events == [.requested(.max(1)), .requested(.max(1))], "its buffer is free again")
  }

  @Test func unlimitedDemandIsPassedToEveryUpstream() {
    let first = TestPublisher<Int, Never>()
    let second = TestPublisher<Int, Never>()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    first.merge(with: second).subscribe(recorder)
    second.send(7)
    recorder.request(.unlimited)
    #expect(recorder.values == [7])
    #expect(first.subscription.events == [.requested(.max(1)), .requested(.unlimited)])
    #expect(second.subscription.events.last == .requested(.unlimited))
    #expect(first.send(8) == .none)
    #expect(recorder.values == [7, 8])
  }

  @Test func aBufferedValueIsDeliveredBeforeTheCompletion() {
    let first = TestPublisher<Int, Never>()
    let second = TestPublisher<Int, Never>()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    first.merge(with: second).subscribe(recorder)
    first.send(1)
    first.send(completion: .finished)
    second.send(completion: .finished)
    #expect(recorder.events == [.subscription], "the buffered value has not been asked for yet")
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test func theFirstFailureCancelsTheOtherUpstreams() {
    let first = TestPublisher<Int, TestError>()
    let second = TestPublisher<Int, TestError>()
    let third = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    first.merge(with: second, third).subscribe(recorder)
    first.send(1)
    second.send(completion: .failure(TestError(id: 2)))
    third.send(3)
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(TestError(id: 2)))])
    #expect(first.subscription.isCancelled)
    #expect(third.subscription.isCancelled)
    #expect(!second.subscription.isCancelled)
  }

  @Test func aValueSentFromInsideReceiveIsDeliveredRightAfterThatCall() {
    let first = PassthroughSubject<Int, Never>()
    let second = PassthroughSubject<Int, Never>()
    // Sent to only from inside receive(_:), which this test's own send runs on its thread.
    let inside = UnsafeTransfer((first, second))
    let recorder = TestSubscriber<Int, Never>(onValue: { value in
      if value == 1 { inside.wrapped.1.send(2) }
      if value == 2 { inside.wrapped.0.send(3) }
    })
    first.merge(with: second).subscribe(recorder)
    first.send(1)
    first.send(4)
    #expect(recorder.values == [1, 2, 3, 4])
  }

  @Test func cancellingFromInsideReceiveStopsDelivery() {
    let first = PassthroughSubject<Int, Never>()
    let second = PassthroughSubject<Int, Never>()
    let box = SubscriberBox<Int>()
    // Sent to only from inside receive(_:), which this test's own send runs on its thread.
    let secondInside = UnsafeTransfer(second)
    let recorder = TestSubscriber<Int, Never>(onValue: { value in
      if value == 1 {
        secondInside.wrapped.send(2)
        box.subscriber?.cancel()
      }
    })
    box.subscriber = recorder
    first.merge(with: second).subscribe(recorder)
    first.send(1)
    first.send(3)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func valuesFromManyThreadsArriveOneAtATimeWithoutLossOrDuplicates() {
    let perSender = 1_000
    let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
    let probe = SerialityProbe()
    let recorder = TestSubscriber<Int, Never>(onValue: { _ in probe.enterAndLeave() })
    subjects[0].merge(with: subjects[1], subjects[2], subjects[3]).subscribe(recorder)
    DispatchQueue.concurrentPerform(iterations: subjects.count) { sender in
      for index in 0..<perSender { subjects[sender].send(sender * perSender + index) }
      subjects[sender].send(completion: .finished)
    }
    #expect(probe.overlaps == 0, "the subscriber must never be called from two threads at once")
    let values = recorder.values
    #expect(values.count == subjects.count * perSender)
    #expect(Set(values).count == subjects.count * perSender)
    for sender in subjects.indices {
      let mine = values.filter { $0 / perSender == sender }
      #expect(mine == mine.sorted(), "each upstream's values keep their order")
    }
    #expect(recorder.events.last == .completion(.finished))
    #expect(recorder.events.filter { if case .completion = $0 { true } else { false } }.count == 1)
  }

  @Test func limitedDemandFromManyThreadsIsNeverExceeded() {
    for _ in 0..<20 {
      let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
      let recorder = TestSubscriber<Int, Never>(initialDemand: .max(50))
      Publishers.MergeMany(subjects).subscribe(recorder)
      DispatchQueue.concurrentPerform(iterations: subjects.count) { sender in
        for value in 0..<100 { subjects[sender].send(value) }
      }
      #expect(recorder.values.count == 50)
    }
  }
}
