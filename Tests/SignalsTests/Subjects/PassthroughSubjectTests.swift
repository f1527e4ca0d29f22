// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

struct PassthroughSubjectTests {
  @Test func deliversValuesToSubscribersWithDemand() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    subject.subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }
}
