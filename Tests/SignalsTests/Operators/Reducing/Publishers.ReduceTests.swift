// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct ReduceTests {
  @Test func reduceKeepsTheContract() {
    checkOperatorContract { $0.reduce(0, +) }
  }

  @Test func tryReduceKeepsTheContract() {
    checkOperatorContract { $0.tryReduce(0, +).mapError { $0 as! TestError } }
  }

  @Test func reduceFoldsAndDeliversTheInitialResultWhenEmpty() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<String, TestError>()
    upstream.reduce("") { $0 + "\($1)" }.subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value("12"), .completion(.finished)])

    let empty = TestPublisher<Int, TestError>()
    let emptyRecorder = TestSubscriber<Int, TestError>()
    empty.reduce(7, +).subscribe(emptyRecorder)
    empty.send(completion: .finished)
    #expect(emptyRecorder.events == [.subscription, .value(7), .completion(.finished)])
  }

  @Test func tryReduceFailsWithTheThrownErrorAndCancelsUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.tryReduce(0) { sum, value in
      if value == 3 { throw TestError(id: 3) }
      return sum + value
    }
    .mapError { $0 as! TestError }
    .subscribe(recorder)
    upstream.send(1)
    upstream.send(3)
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 3)))])
    #expect(upstream.subscription.events == [.requested(.unlimited), .cancelled])
  }

  // Behind a subject or another operator, a reducing inner skips its own per-value check: the
  // upstream sends nothing once the reducer has ended.

  @Test func reducersOnASubjectAndBehindAnOperatorIgnoreValuesOnceCancelled() {
    let subject = PassthroughSubject<Int, Never>()
    let folded = Recorder<Int>()
    let direct = TestSubscriber<Int, Never>()
    let behindMap = TestSubscriber<Int, Never>()
    subject.reduce(0) { sum, value in
      folded.append(value)
      return sum + value
    }.subscribe(direct)
    subject.map { $0 * 10 }.reduce(0) { sum, value in
      folded.append(value)
      return sum + value
    }.subscribe(behindMap)
    subject.send(1)
    direct.cancel()
    behindMap.cancel()
    subject.send(2)
    subject.send(completion: .finished)
    #expect(folded.elements == [1, 10], "no closure runs after the cancel")
    #expect(direct.events == [.subscription])
    #expect(behindMap.events == [.subscription])
  }

  @Test func firstWhereOnASubjectSettlesOnceAndDetaches() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let tested = Recorder<Int>()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    subject.filter { _ in true }.first { value in
      tested.append(value)
      return value >= 2
    }.subscribe(recorder)
    for value in 1...4 { subject.send(value) }
    #expect(tested.elements == [0, 1, 2], "the predicate stops running once the answer is known")
    #expect(recorder.events == [.subscription], "the answer waits for demand")
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(2), .completion(.finished)])
  }
}
