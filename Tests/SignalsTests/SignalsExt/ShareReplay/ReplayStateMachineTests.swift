// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import Testing

@testable import SignalsExt

struct ReplayStateMachineTests {
  @Test func onlyTheFirstCompletionCountsAndValuesAreRefusedAfterIt() {
    var machine = ReplayStateMachine()
    #expect(machine.isAccepting)
    #expect(machine.complete(.failure) == true)
    #expect(machine.complete(.finished) == false, "only the first completion counts")
    #expect(machine.ending == .failure)
    #expect(!machine.isAccepting)
  }

  @Test func upstreamsAreAskedForEverythingUntilCompletion() {
    var machine = ReplayStateMachine()
    guard case .requestUnlimited = machine.receivedUpstream(TestSubscription()) else {
      Issue.record("expected a request")
      return
    }
    #expect(machine.takeUpstreams().count == 1)
    #expect(machine.takeUpstreams().isEmpty)
    _ = machine.complete(.finished)
    guard case .cancel = machine.receivedUpstream(TestSubscription()) else { Issue.record("expected cancel"); return }
  }
}
