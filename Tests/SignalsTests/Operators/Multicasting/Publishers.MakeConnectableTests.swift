// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct MakeConnectableTests {
  @Test func keepsTheContractOnceConnected() {
    checkOperatorContract { Publishers.MakeConnectable(upstream: $0).autoconnect() }
  }

  @Test func holdsValuesBackUntilConnect() {
    let upstream = TestPublisher<Int, Never>()
    let connectable = upstream.makeConnectable()
    let first = TestSubscriber<Int, Never>()
    let second = TestSubscriber<Int, Never>()
    connectable.subscribe(first)
    connectable.subscribe(second)
    #expect(upstream.subscriberCount == 0)
    let connection = connectable.connect()
    upstream.send(1)
    upstream.send(completion: .finished)
    #expect(first.events == [.subscription, .value(1), .completion(.finished)])
    #expect(second.events == first.events)
    connection.cancel()
  }

  @Test func connectingBeforeAnySubscriberLosesTheEarlyValues() {
    let upstream = PassthroughSubject<Int, Never>()
    let connectable = upstream.makeConnectable()
    let connection = connectable.connect()
    upstream.send(1)
    let recorder = TestSubscriber<Int, Never>()
    connectable.subscribe(recorder)
    upstream.send(2)
    #expect(recorder.values == [2])
    connection.cancel()
  }

  @Test func cancellingTheConnectionCancelsTheUpstream() {
    let upstream = TestPublisher<Int, Never>()
    let connectable = upstream.makeConnectable()
    connectable.subscribe(TestSubscriber<Int, Never>())
    let connection = connectable.connect()
    connection.cancel()
    #expect(upstream.subscription.isCancelled)
  }

  @Test func synchronousUpstreamDeliversEverythingOnConnect() {
    let connectable = [1, 2, 3].publisher.makeConnectable()
    let recorder = TestSubscriber<Int, Never>()
    connectable.subscribe(recorder)
    #expect(recorder.values.isEmpty)
    let connection = connectable.connect()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
    connection.cancel()
  }
}

extension MakeConnectableTests {
  @Test func cancelAndCompletionReleaseTheSubscriber() {
    let upstream = PassthroughSubject<Int, Never>()
    let connectable = upstream.makeConnectable()
    let connection = connectable.connect()
    weak var cancelled: TestSubscriber<Int, Never>?
    weak var completed: TestSubscriber<Int, Never>?
    do {
      let recorder = TestSubscriber<Int, Never>()
      cancelled = recorder
      connectable.subscribe(recorder)
      recorder.cancel()
    }
    do {
      let recorder = TestSubscriber<Int, Never>()
      completed = recorder
      connectable.subscribe(recorder)
      upstream.send(completion: .finished)
    }
    #expect(cancelled == nil)
    #expect(completed == nil)
    connection.cancel()
  }
}
