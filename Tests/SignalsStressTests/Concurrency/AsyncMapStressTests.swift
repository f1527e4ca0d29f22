// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import Testing

/// `asyncMap`/`flatMap(maxTasks:)` under concurrent senders: the task slots run the transforms,
/// the delivery token keeps the subscriber's calls serial, and the completion comes once, last.
struct AsyncMapStressTests {
  static let producers = 4
  static let perProducer = 500

  /// One slot keeps each sender's order; several slots only promise each value once.
  private func subscriber(maxTasks: Int) -> InvariantSubscriber {
    InvariantSubscriber(sourceWidth: maxTasks == 1 ? Self.perProducer : 1, dwells: true)
  }

  /// A subject, through `flatMap(maxTasks:)` with a transform that yields once, into a checking
  /// subscriber.
  private func pipeline(maxTasks: Int) -> (PassthroughSubject<Int, TestFailure>, InvariantSubscriber) {
    let subject = PassthroughSubject<Int, TestFailure>()
    let subscriber = subscriber(maxTasks: maxTasks)
    subject.flatMap(maxTasks: maxTasks) { value in
      await Task.yield()
      return value
    }.subscribe(subscriber)
    return (subject, subscriber)
  }

  /// Runs `senders` off the cooperative pool (the transforms need it), then waits for the
  /// subscriber's completion there too.
  private func run(_ senders: Int, _ subscriber: InvariantSubscriber, _ body: @escaping @Sendable (Int) -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        runConcurrently(senders, body)
        subscriber.completed.wait()
        continuation.resume()
      }
    }
  }

  private func send(_ subject: PassthroughSubject<Int, TestFailure>, from producer: Int) {
    for index in 0..<Self.perProducer { subject.send(producer * Self.perProducer + index) }
  }

  @Test(timeLimit(minutes: 2), arguments: [1, 3])
  func everyValueIsDeliveredOnceSeriallyAndTheFinishComesLast(maxTasks: Int) async {
    for _ in 0..<10 {
      let finished = LockedState.make(0)
      let (subject, subscriber) = pipeline(maxTasks: maxTasks)
      await run(Self.producers, subscriber) { producer in
        send(subject, from: producer)
        // The last sender to finish completes: after every value.
        let done = finished.withLock { count -> Int in
          count += 1
          return count
        }
        if done == Self.producers { subject.send(completion: .finished) }
      }
      #expect(subscriber.violations == [])
      #expect(subscriber.receivedCount == Self.producers * Self.perProducer)
      #expect(subscriber.completionCount == 1)
    }
  }

  @Test(timeLimit(minutes: 2), arguments: [1, 3])
  func anUpstreamFailureRacingTheDeliveriesEndsOnceAndLast(maxTasks: Int) async {
    for _ in 0..<20 {
      let (subject, subscriber) = pipeline(maxTasks: maxTasks)
      await run(Self.producers + 1, subscriber) { producer in
        if producer == Self.producers {
          subject.send(completion: .failure(TestFailure()))
        } else {
          send(subject, from: producer)
        }
      }
      #expect(subscriber.violations == [])
      #expect(subscriber.completionCount == 1)
    }
  }
}
