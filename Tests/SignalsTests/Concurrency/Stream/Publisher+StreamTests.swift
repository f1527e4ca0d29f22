// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct PublisherStreamTests {
  @Test(timeLimit(minutes: 1))
  func everyConsumerGetsEveryValueOfEveryProducerInOrder() async {
    let producers = 4
    let valuesPerProducer = 5_000
    let consumers = 8
    let subject = PassthroughSubject<Int, Never>()
    let streams = (0..<consumers).map { _ in subject.stream() }
    let readers = streams.map { stream in
      Task {
        var received: [Int] = []
        received.reserveCapacity(producers * valuesPerProducer)
        for await value in stream { received.append(value) }
        return received
      }
    }
    await withTaskGroup(of: Void.self) { group in
      for producer in 0..<producers {
        group.addTask {
          for index in 0..<valuesPerProducer {
            subject.send(producer * 1_000_000 + index)
          }
        }
      }
    }
    subject.send(completion: .finished)
    for reader in readers {
      let received = await reader.value
      #expect(received.count == producers * valuesPerProducer)
      for producer in 0..<producers {
        let own = received.filter { $0 / 1_000_000 == producer }.map { $0 % 1_000_000 }
        #expect(own == Array(0..<valuesPerProducer), "producer \(producer): values lost, duplicated or reordered")
      }
    }
  }

  @Test(timeLimit(minutes: 1))
  func valuesSentBeforeTheFirstNextAreBuffered() async {
    let subject = PassthroughSubject<Int, Never>()
    let stream = subject.stream()
    subject.send(1)
    subject.send(2)
    subject.send(3)
    subject.send(completion: .finished)
    var received: [Int] = []
    for await value in stream { received.append(value) }
    #expect(received == [1, 2, 3])
  }

  @Test(timeLimit(minutes: 1))
  func currentValueSubjectStreamBeginsWithTheCurrentValue() async {
    let subject = CurrentValueSubject<Int, Never>(10)
    let stream = subject.stream()
    subject.value = 11
    subject.send(completion: .finished)
    var received: [Int] = []
    for await value in stream { received.append(value) }
    #expect(received == [10, 11])
  }

  @Test(timeLimit(minutes: 1))
  func finishedSubjectGivesAFinishedStream() async {
    let subject = CurrentValueSubject<Int, Never>(10)
    subject.send(completion: .finished)
    var iterator = subject.stream().makeAsyncIterator()
    #expect(await iterator.next() == nil)
  }

  @Test(timeLimit(minutes: 1))
  func failureIsThrownAfterTheBufferedValues() async {
    let subject = PassthroughSubject<Int, TestError>()
    let stream = subject.stream()
    subject.send(1)
    subject.send(completion: .failure(TestError(id: 3)))
    let (received, failure) = await valuesAndFailure(of: stream)
    #expect(received == [1])
    #expect(failure as? TestError == TestError(id: 3), "the stream must throw")
  }

  @Test(timeLimit(minutes: 1))
  func bufferingPolicyLimitsWhatAnIdleConsumerKeeps() async {
    let subject = PassthroughSubject<Int, Never>()
    let stream = subject.stream(bufferingPolicy: .bufferingNewest(2))
    for value in 1...5 { subject.send(value) }
    subject.send(completion: .finished)
    var received: [Int] = []
    for await value in stream { received.append(value) }
    #expect(received == [4, 5])
  }

  @Test(timeLimit(minutes: 1))
  func cancelledConsumerIsReleasedAndTheOthersGoOn() async {
    let subject = PassthroughSubject<Int, Never>()
    let spy = SubscriberSpy(upstream: subject)
    let leaving = spy.stream()
    let staying = subject.stream()
    let received = Checkpoint()
    let leaver = Task {
      for await _ in leaving { received.signal() }
    }
    subject.send(1)
    await received.wait(for: 1)
    #expect(spy.box.object != nil)
    leaver.cancel()
    await leaver.value
    #expect(spy.box.object == nil, "the cancelled consumer's subscriber must be released")
    subject.send(2)
    subject.send(completion: .finished)
    var values: [Int] = []
    for await value in staying { values.append(value) }
    #expect(values == [1, 2])
  }

  @Test(timeLimit(minutes: 1))
  func droppedStreamDetachesAndIsReleased() {
    let subject = PassthroughSubject<Int, Never>()
    let spy = SubscriberSpy(upstream: subject)
    do {
      let stream = spy.stream()
      subject.send(1)
      withExtendedLifetime(stream) {}
    }
    #expect(spy.box.object == nil)
  }

  @Test(timeLimit(minutes: 1))
  func exitingTheLoopDetaches() async {
    let subject = CurrentValueSubject<Int, Never>(1)
    let spy = SubscriberSpy(upstream: subject)
    let reader = Task {
      for await value in spy.stream() where value == 1 {
        break
      }
    }
    await reader.value
    #expect(spy.box.object == nil)
  }

  // A `PassthroughSubject` yields into its streams directly, with no subscriber in between (the
  // spies above go through the general path); these check that path's lifetime and its place among
  // other subscribers.

  @Test(timeLimit(minutes: 1))
  func aPassthroughSubjectsStreamKeepsItAliveUntilDroppedAndLeavesNoCycle() {
    weak var weakSubject: PassthroughSubject<Int, Never>?
    var streams: [AsyncStream<Int>] = []
    do {
      let subject = PassthroughSubject<Int, Never>()
      weakSubject = subject
      streams.append(subject.stream())
      subject.send(1)
    }
    #expect(weakSubject != nil, "a live stream keeps its subject, as a live subscription does")
    streams.removeAll()
    #expect(weakSubject == nil, "dropping the stream detaches it and releases the subject")
  }

  @Test(timeLimit(minutes: 1))
  func aCancelledConsumerOfAPassthroughSubjectDetachesItsStream() async {
    weak var weakSubject: PassthroughSubject<Int, Never>?
    let received = Checkpoint()
    let reader: Task<Void, Never>
    do {
      let subject = PassthroughSubject<Int, Never>()
      weakSubject = subject
      let stream = subject.stream()
      reader = Task {
        for await _ in stream { received.signal() }
      }
      subject.send(1)
      await received.wait(for: 1)
    }
    reader.cancel()
    await reader.value
    #expect(weakSubject == nil)
  }

  @Test(timeLimit(minutes: 1))
  func streamsSinksAndOtherSubscribersOfOneSubjectEachGetEveryValueThenTheEnd() async {
    let subject = PassthroughSubject<Int, TestError>()
    let first = subject.stream()
    let sunk = Recorder<Int>()
    let cancellable = subject.sink(receiveCompletion: { _ in }, receiveValue: { sunk.append($0) })
    let recorder = TestSubscriber<Int, TestError>()
    subject.subscribe(recorder)
    let second = subject.stream()
    for value in 1...3 { subject.send(value) }
    subject.send(completion: .failure(TestError(id: 7)))
    for stream in [first, second] {
      let (values, failure) = await valuesAndFailure(of: stream)
      #expect(values == [1, 2, 3])
      #expect(failure as? TestError == TestError(id: 7), "the stream must throw the failure")
    }
    #expect(sunk.elements == [1, 2, 3])
    #expect(
      recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.failure(TestError(id: 7)))])
    withExtendedLifetime(cancellable) {}
  }
}

/// Every value of `stream`, and the error it threw at the end (`nil` when it finished).
private func valuesAndFailure(of stream: AsyncThrowingStream<Int, any Error>) async -> ([Int], (any Error)?) {
  var values: [Int] = []
  do {
    for try await value in stream { values.append(value) }
    return (values, nil)
  } catch {
    return (values, error)
  }
}
