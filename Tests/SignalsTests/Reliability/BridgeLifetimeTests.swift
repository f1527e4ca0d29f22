// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

/// Signals its checkpoint when released, so a test can await the release of a subscriber instead
/// of polling for it.
private final class ReleaseSignal<Input, Failure: Error>: Subscriber {
  let combineIdentifier = CombineIdentifier()
  private let released: Checkpoint
  private var subscription: (any Subscription)?
  let received = Checkpoint()

  init(_ released: Checkpoint) { self.released = released }

  deinit { released.signal() }

  func receive(subscription: any Subscription) {
    self.subscription = subscription
    subscription.request(.unlimited)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    received.signal()
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    subscription = nil
  }

  func cancel() {
    subscription?.cancel()
    subscription = nil
  }
}

/// The bridges to Swift Concurrency let go of everything once their subscription ends: the
/// subscriber of an async operator, the subscription `values` and `firstValue` make, the task of
/// an `AsyncSequence.publisher`. `stream` and `asyncSink` have their own release tests beside them.
struct BridgeLifetimeTests {
  enum Ending: CaseIterable { case cancel, finish }

  @Test(timeLimit(minutes: 1), arguments: Ending.allCases)
  func asyncOperatorsReleaseTheirSubscriber(ending: Ending) async {
    let pipelines: [(PassthroughSubject<Int, Never>) -> AnyPublisher<Int, Never>] = [
      { $0.asyncMap { $0 * 2 }.eraseToAnyPublisher() },
      { $0.flatMap(maxTasks: 2) { $0 + 1 }.eraseToAnyPublisher() },
    ]
    for makePipeline in pipelines {
      let subject = PassthroughSubject<Int, Never>()
      let released = Checkpoint()
      do {
        let subscriber = ReleaseSignal<Int, Never>(released)
        makePipeline(subject).subscribe(subscriber)
        subject.send(1)
        await subscriber.received.wait(for: 1)
        switch ending {
        case .cancel: subscriber.cancel()
        case .finish: subject.send(completion: .finished)
        }
      }
      // The subject lives on; the subscriber must still be released.
      await released.wait(for: 1)
      withExtendedLifetime(subject) {}
    }
  }

  @Test(timeLimit(minutes: 1))
  func throwingAsyncMapReleasesItsSubscriberAfterTheThrow() async {
    struct Boom: Error {}
    let subject = PassthroughSubject<Int, Never>()
    let released = Checkpoint()
    do {
      let subscriber = ReleaseSignal<Int, any Error>(released)
      subject.tryAsyncMap { value -> Int in
        if value == 2 { throw Boom() }
        return value
      }
      .subscribe(subscriber)
      subject.send(1)
      await subscriber.received.wait(for: 1)
      subject.send(2)
    }
    await released.wait(for: 1)
    withExtendedLifetime(subject) {}
  }

  @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
  @Test(timeLimit(minutes: 1))
  func valuesReleasesItsSubscriptionWhenTheLoopEnds() async {
    let subject = PassthroughSubject<Int, Never>()
    let spy = SubscriberSpy(upstream: subject)
    let started = Checkpoint()
    let loop = Task {
      var seen = 0
      for await _ in spy.values {
        seen += 1
        if seen == 1 { started.signal() }
        if seen == 2 { break }
      }
    }
    // The iterator subscribes on its first `next()`; send until the loop has seen a value.
    while started.count == 0 {
      subject.send(1)
      await Task.yield()
    }
    subject.send(2)
    await loop.value
    #expect(spy.box.object == nil, "leaving the loop releases the subscription")
    withExtendedLifetime(subject) {}
  }

  @Test(timeLimit(minutes: 1))
  func firstValueReleasesItsSubscription() async {
    let subject = CurrentValueSubject<Int, Never>(7)
    let spy = SubscriberSpy(upstream: subject)
    let first = await spy.firstValue
    #expect(first == 7)
    #expect(spy.box.object == nil, "firstValue lets go once it has its value")
    withExtendedLifetime(subject) {}
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  @Test(timeLimit(minutes: 1), arguments: Ending.allCases)
  func asyncSequencePublisherReleasesItsSubscriber(ending: Ending) async {
    let (source, continuation) = AsyncStream<Int>.makeStream()
    let released = Checkpoint()
    do {
      let subscriber = ReleaseSignal<Int, Never>(released)
      source.publisher.subscribe(subscriber)
      continuation.yield(1)
      await subscriber.received.wait(for: 1)
      switch ending {
      case .cancel: subscriber.cancel()
      case .finish: continuation.finish()
      }
    }
    await released.wait(for: 1)
    continuation.finish()
  }

  @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
  @Test(timeLimit(minutes: 1))
  func asyncFutureReleasesItsSubscribersOnceItHasAResult() async {
    let released = Checkpoint()
    let future = Future<Int, Never>(priority: nil) { 42 }
    do {
      let subscriber = ReleaseSignal<Int, Never>(released)
      future.subscribe(subscriber)
      await subscriber.received.wait(for: 1)
    }
    await released.wait(for: 1)
    #expect(await future.value == 42)
  }
}
