// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct AutoconnectTests {
  /// A connectable publisher that records connects and disconnects and forwards a subject.
  private final class Connectable: ConnectablePublisher, @unchecked Sendable {
    // Safety: mutable state is in `log`, a `LockedState`.
    typealias Output = Int
    typealias Failure = TestError

    let subject = PassthroughSubject<Int, TestError>()
    let log = LockedState.make([String]())

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
      subject.receive(subscriber: subscriber)
    }

    func connect() -> any Cancellable {
      log.withLock { $0.append("connect") }
      return AnyCancellable { self.log.withLock { $0.append("disconnect") } }
    }
  }

  @Test func autoconnectKeepsTheContract() {
    checkOperatorContract { $0.multicast { PassthroughSubject<Int, TestError>() }.autoconnect() }
  }

  @Test func connectsOnTheFirstSubscriberAndDisconnectsAfterTheLastCancels() {
    let upstream = Connectable()
    let auto = upstream.autoconnect()
    let first = TestSubscriber<Int, TestError>()
    let second = TestSubscriber<Int, TestError>()
    auto.subscribe(first)
    auto.subscribe(second)
    #expect(upstream.log.withLock { $0 } == ["connect"])
    upstream.subject.send(1)
    #expect(first.values == [1])
    #expect(second.values == [1])
    first.cancel()
    #expect(upstream.log.withLock { $0 } == ["connect"])
    second.cancel()
    #expect(upstream.log.withLock { $0 } == ["connect", "disconnect"])
    let third = TestSubscriber<Int, TestError>()
    auto.subscribe(third)
    #expect(upstream.log.withLock { $0 } == ["connect", "disconnect", "connect"])
  }

  @Test func forwardsDemandAndCompletion() {
    let upstream = Connectable()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    upstream.autoconnect().subscribe(recorder)
    upstream.subject.send(1)
    upstream.subject.send(2)
    upstream.subject.send(completion: .failure(TestError(id: 9)))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(TestError(id: 9)))])
  }

  @Test func theSubscriberGetsTheUpstreamsSubscription() {
    // As in Combine: the identity and description are those of the upstream's subscription, its
    // cancel also disconnects, and values pass through as sent.
    final class Direct: ConnectablePublisher, @unchecked Sendable {
      // Safety: used from one thread.
      typealias Output = Int
      typealias Failure = TestError
      let subscription = TestSubscription()
      var subscriber: AnySubscriber<Int, TestError>?
      var connections = 0
      func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
        self.subscriber = AnySubscriber(subscriber)
        subscriber.receive(subscription: subscription)
      }
      func connect() -> any Cancellable {
        connections += 1
        return AnyCancellable { self.connections -= 1 }
      }
    }
    let upstream = Direct()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1), demandPerValue: .max(5))
    upstream.autoconnect().subscribe(recorder)
    #expect(recorder.subscription?.combineIdentifier == upstream.subscription.combineIdentifier)
    #expect(recorder.subscription.map { String(describing: $0) } == String(describing: upstream.subscription))
    #expect(upstream.subscriber?.receive(1) == .max(5))
    #expect(upstream.subscriber?.receive(2) == .max(5))
    #expect(recorder.values == [1, 2])
    recorder.cancel()
    #expect(upstream.subscription.isCancelled)
    #expect(upstream.connections == 0)
  }

  @Test func aSubscriberAttachingDuringTheFirstConnectConnectsAgain() {
    // As in Combine: the reentrant subscriber finds no connection recorded yet.
    let upstream = Connectable()
    let auto = upstream.autoconnect()
    let inner = TestSubscriber<Int, TestError>()
    final class Outer: Subscriber, @unchecked Sendable {
      // Safety: used from one thread.
      typealias Input = Int
      typealias Failure = TestError
      let onSubscription: () -> Void
      init(onSubscription: @escaping () -> Void) { self.onSubscription = onSubscription }
      func receive(subscription: any Subscription) { onSubscription() }
      func receive(_ input: Int) -> Subscribers.Demand { .none }
      func receive(completion: Subscribers.Completion<TestError>) {}
    }
    auto.subscribe(Outer { auto.subscribe(inner) })
    // The outer connect's record replaces the inner one's, which is released (and an
    // `AnyCancellable` cancels when released).
    #expect(upstream.log.withLock { $0 } == ["connect", "connect", "disconnect"])
  }
}
