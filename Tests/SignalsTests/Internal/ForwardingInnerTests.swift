// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

/// A stage whose upstream is another operator skips its own per-value check and counting (the
/// upstream keeps the contract towards it); these chains check that nothing changes for the user.
struct ForwardingInnerTests {
  @Test func chainsOfOperatorsKeepTheContract() {
    checkOperatorContract { $0.map { $0 * 2 }.filter { $0 % 4 == 0 }.map { $0 + 1 } }
    checkOperatorContract { $0.filter { $0 != 3 }.compactMap { $0 == 2 ? nil : $0 }.removeDuplicates() }
    checkOperatorContract { $0.map { $0 }.prefix(while: { $0 < 4 }) }
    checkOperatorContract { $0.dropFirst().map { $0 * 3 }.output(in: 1..<3) }
    checkOperatorContract { $0.handleEvents().scan(0, +).map { $0 } }
    checkOperatorContract { $0.map { $0 }.materialize().dematerialize() }
    checkOperatorContract { $0.map { $0 }.collect(2).map { $0.count } }
  }

  @Test func aFilterBehindAMapReturnsDemandForWhatItDropsAndNothingBeyondDemandGetsThrough() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(2))
    upstream.map { $0 }.filter { $0 % 2 == 0 }.map { $0 * 10 }.subscribe(recorder)
    let returned = (1...6).map { upstream.send($0) }
    #expect(recorder.values == [20, 40])
    #expect(returned == [.max(1), .none, .max(1), .none, .none, .none])
    #expect(upstream.subscription.events == [.requested(.max(2))])
  }

  @Test func cancellingTheLastStageStopsTheWholeChain() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.map { $0 }.filter { _ in true }.map { $0 }.subscribe(recorder)
    upstream.send(1)
    recorder.cancel()
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1)])
    #expect(upstream.subscription.isCancelled)
  }

  @Test func aFinalValueBehindAnotherOperatorStillWaitsForDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Event<Int, TestError>, Never>(initialDemand: .max(1))
    upstream.map { $0 }.materialize().subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(.value(1))], "the completion event waits for demand")
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(.value(1)), .value(.finished), .completion(.finished)])
  }
}
