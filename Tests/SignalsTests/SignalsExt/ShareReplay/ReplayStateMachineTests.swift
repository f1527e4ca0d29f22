// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Testing

@testable import Signals
@testable import SignalsCombine
@testable import SignalsExt

struct ReplayStateMachineTests {
  private final class Probe: DemandBuffer<Int, Never>, @unchecked Sendable {}

  @Test func keepsOnlyTheLastValuesAndEvictsTheOldest() {
    var machine = ReplayStateMachine<Int, Never>(bufferSize: 2)
    _ = machine.send(1)
    _ = machine.send(2)
    guard case .offer(_, let evicted) = machine.send(3) else { Issue.record("expected offer"); return }
    #expect(evicted == 1)
    let replay = machine.subscribe(Probe())
    #expect(replay.values == [2, 3])
    #expect(replay.completion == nil)
  }

  @Test func subscribersAreListedUntilCompletionOrRemoval() {
    var machine = ReplayStateMachine<Int, Never>(bufferSize: 1)
    let first = Probe()
    let second = Probe()
    _ = machine.subscribe(first)
    _ = machine.subscribe(second)
    machine.remove(ObjectIdentifier(first))
    guard case .offer(let subscribers, _) = machine.send(1) else { Issue.record("expected offer"); return }
    #expect(subscribers.count == 1 && subscribers[0] === second)
    #expect(machine.complete(.finished)?.count == 1)
    #expect(machine.complete(.finished) == nil, "only the first completion counts")
    guard case .ignore = machine.send(2) else { Issue.record("ignored after completion"); return }
  }

  @Test func aSubscriberAfterCompletionGetsTheReplayAndIsNotListed() {
    var machine = ReplayStateMachine<Int, Never>(bufferSize: 1)
    _ = machine.send(1)
    _ = machine.complete(.finished)
    let replay = machine.subscribe(Probe())
    #expect(replay.values == [1])
    #expect(replay.completion == .finished)
    #expect(machine.complete(.finished) == nil)
  }

  @Test func upstreamsAreAskedForEverythingUntilCompletion() {
    var machine = ReplayStateMachine<Int, Never>(bufferSize: 0)
    guard case .requestUnlimited = machine.receivedUpstream(TestSubscription()) else {
      Issue.record("expected a request")
      return
    }
    #expect(machine.takeUpstreams().count == 1)
    _ = machine.complete(.finished)
    guard case .cancel = machine.receivedUpstream(TestSubscription()) else { Issue.record("expected cancel"); return }
  }
}
