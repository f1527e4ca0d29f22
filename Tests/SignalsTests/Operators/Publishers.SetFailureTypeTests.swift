// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

struct SetFailureTypeTests {
  @Test func setFailureTypeKeepsTheContract() {
    checkOperatorContract { $0.replaceError(with: 0).setFailureType(to: TestError.self) }
  }

  @Test func valuesDemandAndFinishedPassThrough() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    subject.setFailureType(to: TestError.self).subscribe(recorder)
    subject.send(1)
    subject.send(2)
    recorder.request(.max(1))
    subject.send(3)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(3), .completion(.finished)])
  }

  @Test func setFailureTypeTwiceKeepsOneStage() {
    let retyped: Publishers.SetFailureType<Just<Int>, any Error> =
      Just(1).setFailureType(to: TestError.self).setFailureType(to: (any Error).self)
    #expect(retyped.upstream == Just(1))
  }
}
