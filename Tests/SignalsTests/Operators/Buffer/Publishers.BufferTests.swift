// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct BufferTests {
  // Computed: Apple's `Publishers.PrefetchStrategy` is not `Sendable`, so it cannot be stored in
  // a static.
  static var strategies: [(Publishers.PrefetchStrategy, String)] {
    [
      (.keepFull, "dropNewest"), (.keepFull, "dropOldest"), (.keepFull, "customError"),
      (.byRequest, "dropNewest"), (.byRequest, "dropOldest"), (.byRequest, "customError"),
    ]
  }

  private static func whenFull(_ name: String) -> Publishers.BufferingStrategy<TestError> {
    switch name {
    case "dropNewest": .dropNewest
    case "dropOldest": .dropOldest
    default: .customError { TestError(id: 99) }
    }
  }

  @Test func keepsTheContract() {
    for (prefetch, name) in Self.strategies {
      checkOperatorContract { $0.buffer(size: 3, prefetch: prefetch, whenFull: Self.whenFull(name)) }
    }
  }

  @Test func keepFullAsksForTheSizeBeforeTheSubscriberHasItsSubscription() {
    let upstream = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let recorder = TestSubscriber<Int, TestError>()
    upstream.buffer(size: 42, prefetch: .keepFull, whenFull: .dropOldest).subscribe(recorder)
    #expect(recorder.events.isEmpty)
    upstream.sendSubscription()
    #expect(upstream.subscription.events == [.requested(.max(42))])
    #expect(recorder.events == [.subscription])
  }

  @Test func byRequestAsksForUnlimited() {
    let upstream = TestPublisher<Int, TestError>()
    upstream.buffer(size: 42, prefetch: .byRequest, whenFull: .dropOldest).subscribe(TestSubscriber())
    #expect(upstream.subscription.events == [.requested(.unlimited)])
  }

  @Test func keepFullRefillsOneForEachDeliveredValue() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.buffer(size: 5, prefetch: .keepFull, whenFull: .dropNewest).subscribe(recorder)
    for value in 0..<10 { #expect(upstream.send(value) == .none) }
    recorder.request(.max(3))
    recorder.request(.max(1))
    #expect(recorder.values == [0, 1, 2, 3], "dropNewest kept the first five")
    #expect(upstream.subscription.events == [.requested(.max(5)), .requested(.max(3)), .requested(.max(1))])
  }

  @Test func keepFullReturnsTheRefillWhenAValueIsDeliveredAtOnce() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.buffer(size: 5, prefetch: .keepFull, whenFull: .dropNewest).subscribe(recorder)
    for value in 0..<10 { #expect(upstream.send(value) == .max(1)) }
    #expect(recorder.values == Array(0..<10))
    #expect(upstream.subscription.events == [.requested(.max(5))])
  }

  @Test func byRequestReturnsNoDemandFromReceive() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.buffer(size: 5, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
    for value in 0..<10 { #expect(upstream.send(value) == .none) }
    #expect(recorder.values == Array(0..<10))
  }

  @Test func dropOldestKeepsTheLatestValues() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.buffer(size: 5, prefetch: .byRequest, whenFull: .dropOldest).subscribe(recorder)
    for value in 0..<10 { upstream.send(value) }
    recorder.request(.max(4))
    #expect(recorder.values == [5, 6, 7, 8])
    #expect(upstream.subscription.events == [.requested(.unlimited)])
  }

  @Test func customErrorCancelsAtOverflowAndFailsAtTheNextRequest() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.buffer(size: 5, prefetch: .keepFull, whenFull: .customError { TestError(id: 7) }).subscribe(recorder)
    for value in 0..<10 { upstream.send(value) }
    #expect(upstream.subscription.events == [.requested(.max(5)), .cancelled])
    #expect(recorder.events == [.subscription], "as in Combine, the failure waits for a request")
    recorder.request(.max(3))
    #expect(
      recorder.events == [.subscription, .value(0), .value(1), .value(2), .completion(.failure(TestError(id: 7)))])
    // As in Combine, the cancelled upstream is still asked for one value per value delivered.
    #expect(upstream.subscription.events == [.requested(.max(5)), .cancelled, .requested(.max(3))])
  }

  @Test func finishedWaitsForTheBufferToDrain() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest).subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(TestError()))
    #expect(recorder.events == [.subscription])
    recorder.request(.max(2))
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    // As in Combine, the finish waits for demand even once the buffer is empty.
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test func aValueAfterTheFinishIsStillBuffered() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest).subscribe(recorder)
    upstream.send(completion: .finished)
    upstream.send(1)
    recorder.request(.max(2))
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)], "as in Combine")
  }

  @Test func aCancelBeforeTheSubscriptionLeavesItToBeAskedForValues() {
    let upstream = RawPublisher()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.buffer(size: 3, prefetch: .keepFull, whenFull: .dropOldest).subscribe(recorder)
    (upstream.subscriber as? any Subscription)?.cancel()
    let subscription = TestSubscription()
    upstream.sendSubscription?(subscription)
    #expect(subscription.events == [.requested(.max(3))], "as in Combine")
  }

  /// Keeps its subscriber as is, so a test can reach the operator's own object.
  private final class RawPublisher: Publisher, @unchecked Sendable {
    // Safety: used from one test's thread only.
    typealias Output = Int
    typealias Failure = TestError
    var subscriber: Any?
    var sendSubscription: ((any Subscription) -> Void)?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
      self.subscriber = subscriber
      sendSubscription = { subscriber.receive(subscription: $0) }
    }
  }

  @Test func failureWithoutDemandIsDeliveredAtOnceAndDiscardsTheBuffer() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    upstream.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest).subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(TestError(id: 1)))
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 1)))])
    recorder.request(.max(2))
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 1)))])
  }

  @Test func failureDuringADeliveryWaitsForTheDemandAlreadyGiven() {
    let box = UpstreamBox()
    let recorder = TestSubscriber<Int, TestError>(
      initialDemand: .none,
      onValue: { value in if value == 1 { box.upstream?.send(completion: .failure(TestError(id: 5))) } })
    let upstream = TestPublisher<Int, TestError>()
    box.upstream = upstream
    upstream.buffer(size: 5, prefetch: .byRequest, whenFull: .dropOldest).subscribe(recorder)
    for value in 1...5 { upstream.send(value) }
    recorder.request(.max(3))
    #expect(
      recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.failure(TestError(id: 5)))])
  }

  @Test func valuesFromASynchronousUpstreamWaitForTheSubscription() {
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(2))
    (1...4).publisher.buffer(size: 10, prefetch: .keepFull, whenFull: .dropNewest).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    recorder.request(.unlimited)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(4), .completion(.finished)])
  }

  @Test func aRequestFromInsideReceiveIsServedAfterThatCallReturns() {
    let order = Recorder<String>()
    let box = SubscriberBox<Int>()
    let recorder = TestSubscriber<Int, Never>(
      initialDemand: .max(1),
      onValue: { value in
        order.append("begin \(value)")
        box.subscriber?.request(.max(1))
        order.append("end \(value)")
      })
    box.subscriber = recorder
    [1, 2, 3].publisher.buffer(size: 3, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
    #expect(recorder.values == [1, 2, 3])
    #expect(order.elements == ["begin 1", "end 1", "begin 2", "end 2", "begin 3", "end 3"])
  }

  @Test func aZeroSizeBufferDropsEverythingWithDropNewest() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.buffer(size: 0, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
    upstream.send(1)
    #expect(recorder.values.isEmpty)
  }

  @Test func cancelReleasesTheSubscriberAndTheBufferedValues() {
    final class Token {}
    weak var weakRecorder: TestSubscriber<Token, Never>?
    weak var weakToken: Token?
    let upstream = TestPublisher<Token, Never>()
    do {
      let recorder = TestSubscriber<Token, Never>(initialDemand: .none)
      weakRecorder = recorder
      upstream.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
      let token = Token()
      weakToken = token
      upstream.send(token)
      recorder.cancel()
    }
    #expect(upstream.subscription.isCancelled)
    #expect(weakRecorder == nil)
    #expect(weakToken == nil)
  }

  @Test func completionReleasesTheSubscriber() {
    weak var weakRecorder: TestSubscriber<Int, Never>?
    let upstream = TestPublisher<Int, Never>()
    do {
      let recorder = TestSubscriber<Int, Never>()
      weakRecorder = recorder
      upstream.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
      upstream.send(completion: .finished)
    }
    #expect(weakRecorder == nil)
  }

  @Test func concurrentSendsAndRequestsNeverExceedDemandNorDuplicate() {
    for _ in 0..<20 {
      let subject = PassthroughSubject<Int, Never>()
      let probe = SerialityProbe()
      let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1), onValue: { _ in probe.enterAndLeave() })
      subject.buffer(size: 10_000, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
      DispatchQueue.concurrentPerform(iterations: 4) { worker in
        if worker == 3 {
          for _ in 0..<200 { recorder.request(.max(1)) }
        } else {
          for index in 0..<300 { subject.send(worker * 1_000 + index) }
        }
      }
      subject.send(completion: .finished)
      let values = recorder.values
      #expect(probe.overlaps == 0)
      #expect(values.count == 201, "exactly the demand given: nothing dropped, nothing beyond")
      #expect(Set(values).count == values.count)
      #expect(recorder.completion == nil, "finished waits behind the rest of the buffer")
      recorder.request(.unlimited)
      #expect(recorder.values.count == 900)
      #expect(recorder.events.last == .completion(.finished))
    }
  }
}

/// Holds the upstream so a subscriber created before it can reach it.
private final class UpstreamBox: @unchecked Sendable {
  // Safety: written once in single-threaded set-up, before any value flows.
  var upstream: TestPublisher<Int, TestError>?
}

extension BufferTests {
  @Test func cancellingFromInsideReceiveStopsTheDrain() {
    let upstream = TestPublisher<Int, TestError>()
    let box = CancelBox()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none, onValue: { _ in box.cancel() })
    box.recorder = recorder
    upstream.buffer(size: 5, prefetch: .keepFull, whenFull: .dropNewest).subscribe(recorder)
    for value in 1...3 { upstream.send(value) }
    recorder.request(.unlimited)
    #expect(recorder.values == [1])
    #expect(upstream.subscription.events == [.requested(.max(5)), .cancelled], "no refill after the cancel")
  }
}

/// Lets a subscriber cancel itself from inside `receive(_:)`.
private final class CancelBox: @unchecked Sendable {
  // Safety: written once in single-threaded set-up, before any value flows.
  var recorder: TestSubscriber<Int, TestError>?
  func cancel() { recorder?.cancel() }

  #if compiler(>=6.2)
  @Test func aValueSentFromInsideTheErrorFactoryStopsTheProgram() async {
    // Combine deadlocks there (it makes the error under its lock); Signals stops with a message.
    await #expect(processExitsWith: .failure) {
      let upstream = TestPublisher<Int, TestError>()
      let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
      upstream.buffer(
        size: 0, prefetch: .keepFull,
        whenFull: .customError {
          upstream.send(9)
          return TestError()
        }
      ).subscribe(recorder)
      upstream.send(1)
    }
  }
  #endif
}
