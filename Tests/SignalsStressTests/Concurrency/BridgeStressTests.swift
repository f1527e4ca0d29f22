// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import Testing

/// The bridges to Swift Concurrency under concurrent producers, consumers that come and go, and
/// cancellation racing delivery.
struct BridgeStressTests {
  static let producers = 4
  static let perProducer = 2_000

  /// Checks that `received` holds every producer's values exactly once and in its order.
  private func expectEveryValueOnceInOrder(_ received: [Int], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(received.count == Self.producers * Self.perProducer, sourceLocation: sourceLocation)
    for producer in 0..<Self.producers {
      let own = received.filter { $0 / Self.perProducer == producer }
      let expected = Array(producer * Self.perProducer..<(producer + 1) * Self.perProducer)
      #expect(own == expected, "producer \(producer): lost, duplicated or reordered", sourceLocation: sourceLocation)
    }
  }

  @Test(timeLimit(minutes: 2))
  func streamConsumersThatStayGetEverythingWhileOthersComeAndGo() async {
    let subject = PassthroughSubject<Int, Never>()
    let steady = (0..<4).map { _ in subject.stream() }
    let readers = steady.map { stream in
      Task {
        var received: [Int] = []
        for await value in stream { received.append(value) }
        return received
      }
    }
    let churn = (0..<4).map { _ in
      Task {
        var taken = 0
        for round in 0..<100 {
          // Each short-lived consumer takes a few values (or none) and leaves.
          for await _ in subject.stream() {
            taken += 1
            if taken % (round % 5 + 1) == 0 { break }
          }
        }
      }
    }
    DispatchQueue.global().async {
      DispatchQueue.concurrentPerform(iterations: Self.producers) { producer in
        for index in 0..<Self.perProducer { subject.send(producer * Self.perProducer + index) }
      }
      subject.send(completion: .finished)
    }
    for reader in readers { expectEveryValueOnceInOrder(await reader.value) }
    for task in churn { await task.value }
  }

  @Test(timeLimit(minutes: 2))
  func streamsEndOnceWithACompletionThatRacesTheSendsAndKeepEachProducersOrder() async {
    for _ in 0..<20 {
      let subject = PassthroughSubject<Int, Never>()
      let readers = (0..<3).map { _ in
        let stream = subject.stream()
        return Task {
          var received: [Int] = []
          for await value in stream { received.append(value) }
          return received
        }
      }
      DispatchQueue.global().async {
        DispatchQueue.concurrentPerform(iterations: Self.producers + 1) { producer in
          guard producer < Self.producers else {
            subject.send(completion: .finished)
            return
          }
          for index in 0..<Self.perProducer / 4 { subject.send(producer * Self.perProducer + index) }
        }
      }
      for reader in readers {
        let received = await reader.value
        // The completion cut each producer's values somewhere: what arrived is a prefix of them.
        for producer in 0..<Self.producers {
          let own = received.filter { $0 / Self.perProducer == producer }
          let prefix = Array((producer * Self.perProducer..<(producer + 1) * Self.perProducer).prefix(own.count))
          #expect(own == prefix, "producer \(producer): duplicated, reordered or with a gap")
        }
      }
    }
  }

  @Test(timeLimit(minutes: 2))
  func asyncSinkCancelledWhileValuesArriveStartsNoValueAfterCancel() async {
    for _ in 0..<50 {
      let subject = PassthroughSubject<Int, Never>()
      let log = LockedState<(cancelled: Bool, processed: [Int], lateStarts: Int)>.make((false, [], 0))
      let cancellable = subject.asyncSink { value in
        log.withLock { state in
          if state.cancelled { state.lateStarts += 1 }
          state.processed.append(value)
        }
      }
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
          DispatchQueue.concurrentPerform(iterations: 3) { worker in
            if worker == 0 {
              cancellable.cancel()
              log.withLock { $0.cancelled = true }
            } else {
              for index in 0..<200 { subject.send(worker * 1_000 + index) }
            }
          }
          done.resume()
        }
      }
      let (processed, lateStarts) = log.withLock { ($0.processed, $0.lateStarts) }
      #expect(lateStarts == 0, "no value starts processing after cancel() returned")
      #expect(Set(processed).count == processed.count, "no value processed twice")
      for worker in 1...2 {
        let own = processed.filter { $0 / 1_000 == worker }
        #expect(own == own.sorted(), "values of one sender keep their order")
      }
    }
  }

  @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
  @Test(timeLimit(minutes: 2))
  func valuesIteratorSeesEachValueOnceAndEndsOnCompletion() async {
    let subject = PassthroughSubject<Int, TestFailure>()
    let reader = Task {
      var received: [Int] = []
      var failed = false
      do {
        for try await value in subject.values { received.append(value) }
      } catch {
        failed = true
      }
      return (received, failed)
    }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        // Values sent while the iterator is between `next()` calls (or before it subscribes) are
        // dropped, as in Combine; the run checks that nothing is repeated or reordered, and that
        // the failure ends the loop even if it comes before the subscription.
        DispatchQueue.concurrentPerform(iterations: Self.producers) { producer in
          for index in 0..<Self.perProducer { subject.send(producer * Self.perProducer + index) }
        }
        subject.send(completion: .failure(TestFailure()))
        done.resume()
      }
    }
    let (received, failed) = await reader.value
    #expect(failed, "the failure is thrown")
    #expect(Set(received).count == received.count)
    for producer in 0..<Self.producers {
      let own = received.filter { $0 / Self.perProducer == producer }
      #expect(own == own.sorted())
    }
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  @Test(timeLimit(minutes: 2))
  func asyncSequencePublisherHonoursDemandRequestedFromManyThreads() async {
    let (source, continuation) = AsyncStream<Int>.makeStream()
    for index in 0..<Self.perProducer { continuation.yield(index) }
    continuation.finish()
    let subscriber = InvariantSubscriber(initialDemand: .max(1), sourceWidth: Self.perProducer)
    source.publisher.subscribe(subscriber.neverFailing)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
          for _ in 0..<Self.perProducer / 4 { subscriber.request(.max(1)) }
        }
        done.resume()
      }
    }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        subscriber.completed.wait()
        done.resume()
      }
    }
    #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
    #expect(subscriber.receivedCount == Self.perProducer, "every element, one per unit of demand")
    #expect(subscriber.completionCount == 1)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  @Test(timeLimit(minutes: 2))
  func asyncSequencePublisherCancelledWhileIteratingStops() async {
    for _ in 0..<50 {
      let (source, continuation) = AsyncStream<Int>.makeStream()
      let subscriber = InvariantSubscriber(sourceWidth: 1_000_000)
      source.publisher.subscribe(subscriber.neverFailing)
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
          DispatchQueue.concurrentPerform(iterations: 2) { worker in
            if worker == 0 {
              subscriber.cancel()
            } else {
              for index in 0..<200 { continuation.yield(index) }
              continuation.finish()
            }
          }
          done.resume()
        }
      }
      #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
      #expect(subscriber.completionCount <= 1)
    }
  }
}

extension InvariantSubscriber {
  /// This subscriber, for publishers that cannot fail.
  fileprivate var neverFailing: AnySubscriber<Int, Never> {
    AnySubscriber(
      receiveSubscription: { self.receive(subscription: $0) },
      receiveValue: { self.receive($0) },
      receiveCompletion: { _ in self.receive(completion: .finished) })
  }
}
