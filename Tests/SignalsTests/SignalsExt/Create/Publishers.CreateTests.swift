// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
import SignalsExt
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct CreateTests {
  /// A callback API: it keeps a handler and calls it when told to.
  private final class Ticker: @unchecked Sendable {
    // Safety: all mutable state is in `state`, a `LockedState`.
    private let state = LockedState.make((handler: ((Int) -> Void)?.none, stops: 0))

    func start(_ handler: @escaping (Int) -> Void) { state.withLock { $0.handler = handler } }
    func stop() {
      state.withLock {
        $0.stops += 1; $0.handler = nil
      }
    }
    func tick(_ value: Int) { state.withLock { $0.handler }?(value) }
    var stops: Int { state.withLock { $0.stops } }
  }

  @Test func deliversWhatTheFactorySendsThenTheCompletion() {
    let publisher = AnyPublisher<Int, TestError>.create { subscriber in
      subscriber.send(1)
      subscriber.send(2)
      subscriber.send(completion: .failure(TestError(id: 3)))
      return AnyCancellable {}
    }
    let recorder = TestSubscriber<Int, TestError>()
    publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.failure(TestError(id: 3)))])
  }

  @Test func theInitializerAndThePublisherTypeBehaveTheSame() {
    let recorder = TestSubscriber<Int, Never>()
    AnyPublisher<Int, Never> { subscriber in
      subscriber.send(7)
      return AnyCancellable {}
    }.subscribe(recorder)
    let other = TestSubscriber<Int, Never>()
    Publishers.Create<Int, Never> { subscriber in
      subscriber.send(7)
      return AnyCancellable {}
    }.subscribe(other)
    #expect(recorder.events == [.subscription, .value(7)])
    #expect(other.events == recorder.events)
  }

  @Test func valuesSentWithoutDemandWaitForItAndTheCompletionFollowsThem() {
    let publisher = AnyPublisher<Int, Never>.create { subscriber in
      for value in 1...5 { subscriber.send(value) }
      subscriber.send(completion: .finished)
      return AnyCancellable {}
    }
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(2))
    publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    recorder.request(.max(2))
    #expect(recorder.values == [1, 2, 3, 4])
    #expect(recorder.completion == nil, "the completion waits for the last buffered value")
    recorder.request(.max(1))
    #expect(
      recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(4), .value(5), .completion(.finished)])
  }

  @Test func theFactoryRunsOncePerSubscriberAfterItHasItsSubscription() {
    let runs = Recorder<String>()
    let publisher = AnyPublisher<Int, Never>.create { subscriber in
      runs.append("factory")
      subscriber.send(1)
      return AnyCancellable {}
    }
    let first = TestSubscriber<Int, Never>()
    let second = TestSubscriber<Int, Never>()
    publisher.subscribe(first)
    publisher.subscribe(second)
    #expect(runs.elements == ["factory", "factory"])
    #expect(first.events == [.subscription, .value(1)])
    #expect(second.events == [.subscription, .value(1)])
  }

  @Test func cancelRunsTheCleanupExactlyOnceAndLaterSendsAreIgnored() {
    let ticker = Ticker()
    let publisher = AnyPublisher<Int, Never>.create { subscriber in
      ticker.start { subscriber.send($0) }
      return AnyCancellable { ticker.stop() }
    }
    let recorder = TestSubscriber<Int, Never>()
    publisher.subscribe(recorder)
    ticker.tick(1)
    recorder.cancel()
    recorder.cancel()
    ticker.tick(2)
    #expect(ticker.stops == 1)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func completionRunsTheCleanupOnceAfterItIsDelivered() {
    let cleanups = Recorder<String>()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    AnyPublisher<Int, Never>.create { subscriber in
      subscriber.send(1)
      subscriber.send(completion: .finished)
      subscriber.send(2)
      subscriber.send(completion: .finished)
      return AnyCancellable { cleanups.append("cleanup") }
    }.subscribe(recorder)
    #expect(cleanups.elements.isEmpty, "the completion still waits behind a buffered value")
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
    #expect(cleanups.elements == ["cleanup"])
    recorder.cancel()
    #expect(cleanups.elements == ["cleanup"])
  }

  @Test func cancellingFromInsideReceiveSubscriptionSkipsTheFactory() {
    let runs = Recorder<String>()
    let publisher = AnyPublisher<Int, Never>.create { _ in
      runs.append("factory")
      return AnyCancellable {}
    }
    publisher.subscribe(CancellingSubscriber())
    #expect(runs.elements.isEmpty)
  }

  @Test func aCancelDuringTheFactoryRunsTheCleanupWhenItIsReturned() {
    let cleanups = Recorder<String>()
    let recorder = TestSubscriber<Int, Never>()
    AnyPublisher<Int, Never>.create { subscriber in
      subscriber.send(1)
      recorder.cancel()
      subscriber.send(2)
      return AnyCancellable { cleanups.append("cleanup") }
    }.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1)])
    #expect(cleanups.elements == ["cleanup"])
  }

  @Test func aSendFromInsideReceiveIsDeliveredAfterThatCallReturns() {
    let box = HandleBox()
    let order = Recorder<String>()
    let recorder = TestSubscriber<Int, Never>(onValue: { value in
      order.append("begin \(value)")
      if value == 1 { box.handle?.send(2) }
      order.append("end \(value)")
    })
    AnyPublisher<Int, Never>.create { subscriber in
      box.handle = subscriber
      subscriber.send(1)
      return AnyCancellable {}
    }.subscribe(recorder)
    #expect(recorder.values == [1, 2])
    #expect(order.elements == ["begin 1", "end 1", "begin 2", "end 2"])
  }

  @Test func cancelAndCompletionReleaseTheSubscriber() {
    weak var cancelled: TestSubscriber<Int, Never>?
    weak var completed: TestSubscriber<Int, Never>?
    let box = HandleBox()
    let publisher = AnyPublisher<Int, Never>.create { subscriber in
      box.handle = subscriber
      return AnyCancellable {}
    }
    do {
      let recorder = TestSubscriber<Int, Never>()
      cancelled = recorder
      publisher.subscribe(recorder)
      recorder.cancel()
    }
    #expect(cancelled == nil, "the handle kept by the callback API does not keep the subscriber")
    do {
      let recorder = TestSubscriber<Int, Never>()
      completed = recorder
      publisher.subscribe(recorder)
      box.handle?.send(completion: .finished)
    }
    #expect(completed == nil)
  }

  @Test func sendsFromManyThreadsArriveOnceEachWithinDemand() {
    for _ in 0..<10 {
      let box = HandleBox()
      let probe = SerialityProbe()
      let recorder = TestSubscriber<Int, Never>(
        initialDemand: .max(100), demandPerValue: .max(1), onValue: { _ in probe.enterAndLeave() })
      AnyPublisher<Int, Never>.create { subscriber in
        box.handle = subscriber
        return AnyCancellable {}
      }.subscribe(recorder)
      let handle = box.handle!
      DispatchQueue.concurrentPerform(iterations: 5) { worker in
        if worker == 4 {
          for _ in 0..<50 { recorder.request(.max(1)) }
        } else {
          for index in 0..<300 { handle.send(worker * 1_000 + index) }
        }
      }
      handle.send(completion: .finished)
      handle.send(-1)
      let values = recorder.values
      #expect(probe.overlaps == 0)
      #expect(values.count == 1_200, "every value arrives: demand grows by one per value")
      #expect(Set(values).count == values.count)
      for worker in 0..<4 {
        let mine = values.filter { $0 / 1_000 == worker }
        #expect(mine == mine.sorted(), "each thread's values keep their order")
      }
      #expect(recorder.events.last == .completion(.finished))
    }
  }

  @Test func cancelRacingSendsDeliversNothingAfterwards() {
    for _ in 0..<50 {
      let box = HandleBox()
      let cleanups = LockedState.make(0)
      let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1_000))
      AnyPublisher<Int, Never>.create { subscriber in
        box.handle = subscriber
        return AnyCancellable { cleanups.withLock { $0 += 1 } }
      }.subscribe(recorder)
      let handle = box.handle!
      DispatchQueue.concurrentPerform(iterations: 3) { worker in
        if worker == 0 {
          recorder.cancel()
        } else {
          for index in 0..<200 { handle.send(worker * 1_000 + index) }
        }
      }
      let countAfterCancel = recorder.values.count
      handle.send(5)
      #expect(recorder.values.count == countAfterCancel)
      #expect(recorder.values.count <= 400)
      #expect(cleanups.withLock { $0 } == 1)
    }
  }
}

/// Keeps the handle the factory receives, for tests that push from outside the factory.
private final class HandleBox: @unchecked Sendable {
  // Safety: written once inside the factory, before any other thread reads it.
  var handle: Publishers.Create<Int, Never>.Subscriber?
}

/// Cancels its subscription as soon as it receives it.
private final class CancellingSubscriber: Subscriber, @unchecked Sendable {
  // Safety: no mutable state.
  func receive(subscription: any Subscription) { subscription.cancel() }
  func receive(_ input: Int) -> Subscribers.Demand { .none }
  func receive(completion: Subscribers.Completion<Never>) {}
}

extension CreateTests {
  @Test func cancellingFromInsideReceiveStopsDeliveryAndCleansUpOnce() {
    let cleanups = Recorder<String>()
    let box = SubscriberBox<Int>()
    let recorder = TestSubscriber<Int, Never>(onValue: { _ in box.subscriber?.cancel() })
    box.subscriber = recorder
    AnyPublisher<Int, Never>.create { subscriber in
      subscriber.send(1)
      subscriber.send(2)
      return AnyCancellable { cleanups.append("cleanup") }
    }.subscribe(recorder)
    #expect(recorder.values == [1])
    #expect(cleanups.elements == ["cleanup"])
  }
}
