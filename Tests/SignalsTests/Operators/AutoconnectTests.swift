// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
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
}
