// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct SetFailureTypeTests {
  @Test func setFailureTypeKeepsTheContract() {
    checkOperatorContract {
      $0.buffer(size: 1, prefetch: .byRequest, whenFull: .dropNewest).catch { _ in Empty<Int, Never>() }.setFailureType(
        to: TestError.self)
    }
  }

  @Test func valuesDemandAndFinishedPassThrough() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    subject.setFailureType(to: TestError.self).subscribe(recorder)
    subject.send(1)
    subject.send(2)
    recorder.request(.max(1))
    subject.send(3)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(3), .completion(.finished)])
  }

  @Test func setFailureTypeTwiceKeepsOneStage() {
    let retyped: Publishers.SetFailureType<Just<Int>, any Error> =
      Just(1).setFailureType(to: TestError.self).setFailureType(to: (any Error).self)
    #expect(retyped.upstream == Just(1))
  }

  @Test func setFailureTypeAfterSetFailureTypeFusesIntoOneSetFailureType() {
    let subject = PassthroughSubject<Int, Never>()
    let fused: Publishers.SetFailureType<PassthroughSubject<Int, Never>, any Error> =
      subject.setFailureType(to: TestError.self).setFailureType(to: (any Error).self)
    let recorder = TestSubscriber<Int, TestError>()
    fused.mapError { $0 as! TestError }.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test func fusedSetFailureTypeKeepsTheContract() {
    checkOperatorContract {
      $0.buffer(size: 1, prefetch: .byRequest, whenFull: .dropNewest).catch { _ in Empty<Int, Never>() }.setFailureType(
        to: CancellationError.self
      ).setFailureType(
        to: TestError.self)
    }
  }

  @Test func setFailureTypeAfterSetFailureTypeBehavesAsOneSetFailureType() {
    // A nested pair cannot be written: `SetFailureType` needs an upstream that cannot fail, and the
    // inner one declares a failure. So the chain is compared with retyping once, to the last type.
    checkFusedMatchesNested(
      inputs: Array(1...6), upstreamFailure: nil as Never?,
      fused: { upstream, log in
        upstream.map(logged(log)).setFailureType(to: CancellationError.self).setFailureType(to: TestError.self)
      },
      nested: { upstream, log in
        Publishers.SetFailureType<Publishers.Map<TestPublisher<Int, Never>, Int>, TestError>(
          upstream: upstream.map(logged(log)))
      })
  }

  // MARK: Combine's pass-through

  @Test func setFailureTypeOnANeverFailingUpstreamPassesItsSubscriptionThrough() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.setFailureType(to: TestError.self).subscribe(recorder)
    #expect((recorder.subscription as? TestSubscription) === upstream.subscription)
  }
}

private func logged(_ log: CallLog) -> (Int) -> Int {
  { value in
    log.record("value(\(value))")
    return value
  }
}
