// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

// This target is built in Swift 5 language mode, as many app targets still are. Such code has no
// actor isolation checking, so Combine runs its closures wherever events are delivered, and so
// does Signals: a sink attached inside a main-actor type and fed from another thread runs there,
// unchecked, instead of stopping the program (a Swift 6 caller's would stop: see
// `SinkIsolationTests`).

import Dispatch
import Signals
import Testing

@MainActor
private final class Feed {
  var subscriptions = Set<AnyCancellable>()
  private(set) var delivered = 0

  func attach(_ events: PassthroughSubject<Int, Never>, _ done: DispatchSemaphore) {
    // In Swift 5 mode this closure is main-actor isolated, but nothing checks it at run time.
    events.sink { _ in
      self.delivered += 1
      done.signal()
    }.store(in: &subscriptions)
  }
}

@Suite(timeLimit(minutes: 1))
struct Swift5CallerTests {
  @Test @MainActor func aMainActorSinkFedFromAnotherThreadRunsAsInCombine() async {
    let events = PassthroughSubject<Int, Never>()
    let done = DispatchSemaphore(value: 0)
    let feed = Feed()
    feed.attach(events, done)
    await Task.detached { events.send(1) }.value
    done.wait()
    #expect(feed.delivered == 1)
  }

  @Test @MainActor func handleEventsClosuresFromAMainActorTypeRunUncheckedToo() async {
    let events = PassthroughSubject<Int, Never>()
    var seen = 0
    let cancellable = events.handleEvents(receiveOutput: { _ in seen += 1 }).sink { _ in }
    await Task.detached { events.send(1) }.value
    #expect(seen == 1)
    cancellable.cancel()
  }
}
