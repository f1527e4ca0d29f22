// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
import SignalsTesting
import Testing

struct RecorderTests {
  @Test(timeLimit(minutes: 1)) func nextReturnsValuesInOrderAcrossCalls() async throws {
    let recorder = SignalsTesting.Recorder([1, 2, 3, 4].publisher)
    #expect(try await recorder.next(2) == [1, 2])
    #expect(try await recorder.next() == 3)
    #expect(try await recorder.next(1) == [4])
    #expect(try await recorder.completion == .finished)
  }

  @Test(timeLimit(minutes: 1)) func nextWaitsForValuesSentLaterFromAnotherTask() async throws {
    let subject = PassthroughSubject<String, Never>()
    let recorder = SignalsTesting.Recorder(subject)
    let sender = Task {
      subject.send("a")
      subject.send("b")
    }
    #expect(try await recorder.next(2, timeout: 30) == ["a", "b"])
    await sender.value
  }

  @Test(timeLimit(minutes: 1)) func aMissingValueFailsWithWhatArrivedInstead() async {
    let recorder = SignalsTesting.Recorder(["a"].publisher)
    await #expect(throws: RecordingError("expected 3 values, received 1 [a] and then the finish")) {
      try await recorder.next(3)
    }
  }

  @Test(timeLimit(minutes: 1)) func aFailureBeforeTheValuesIsNamed() async {
    let recorder = SignalsTesting.Recorder(Fail<Int, TestError>(error: TestError(id: 7)))
    await #expect(throws: RecordingError("expected 1 value, received 0 [] and then the failure TestError(id: 7)")) {
      try await recorder.next()
    }
  }

  @Test(timeLimit(minutes: 1)) func aSilentPublisherTimesOutWithWhatArrived() async {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = SignalsTesting.Recorder(subject)
    subject.send(1)
    await #expect(throws: RecordingError("expected 2 values, received 1 [1] and nothing more within 0.01 s")) {
      try await recorder.next(2, timeout: 0.01)
    }
    await #expect(
      throws: RecordingError(
        "expected the completion within 0.01 s, but it did not arrive; values not yet consumed: [1]")
    ) {
      try await recorder.completion(timeout: 0.01)
    }
  }

  @Test(timeLimit(minutes: 1)) func finishedThrowsWhenThePublisherFails() async {
    let recorder = SignalsTesting.Recorder(Fail<Int, TestError>(error: TestError(id: 2)))
    await #expect(throws: RecordingError("expected the publisher to finish, but it failed with TestError(id: 2)")) {
      try await recorder.finished()
    }
  }

  @Test(timeLimit(minutes: 1)) func virtualTimeVariantsMoveTheSchedulerOnlyAsFarAsNeeded() async throws {
    let scheduler = DispatchQueue.test
    let start = scheduler.now
    let subject = PassthroughSubject<Int, Never>()
    let recorder = SignalsTesting.Recorder(subject.delay(for: .seconds(2), scheduler: scheduler))
    subject.send(1)
    subject.send(completion: .finished)
    #expect(try await recorder.next(1, on: scheduler, within: .seconds(10)) == [1])
    #expect(start.distance(to: scheduler.now) == .seconds(2))
    #expect(try await recorder.completion(on: scheduler, within: .seconds(10)) == .finished)
  }

  @Test(timeLimit(minutes: 1)) func virtualTimeLimitFailsWithTheVirtualTimeWaited() async throws {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = SignalsTesting.Recorder(subject.delay(for: .seconds(5), scheduler: scheduler))
    subject.send(1)
    await #expect(
      throws: RecordingError("expected 1 value, received 0 [] and nothing more within the virtual time allowed")
    ) {
      try await recorder.next(1, on: scheduler, within: .seconds(4))
    }
    #expect(recorder.values == [])
    #expect(try await recorder.next(1, on: scheduler, within: .seconds(1)) == [1])
  }

  @Test(timeLimit(minutes: 1)) func aRecorderWaitingInRealTimeLeavesNothingAliveOnceAnswered() async throws {
    let subject = PassthroughSubject<Int, Never>()
    try await expectNoLeaks {
      let recorder = SignalsTesting.Recorder(subject)
      subject.send(1)
      let value = try await recorder.next(timeout: 60)
      #expect(value == 1)
      recorder.cancel()
    }
  }
}
