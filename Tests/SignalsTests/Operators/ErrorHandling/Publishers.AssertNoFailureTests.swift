// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct AssertNoFailureTests {
  /// On an upstream that keeps the contract (a buffer, whatever the test upstream sends), the
  /// relay keeps it too.
  @Test func assertNoFailureKeepsTheContract() {
    checkOperatorContract {
      $0.buffer(size: 1, prefetch: .byRequest, whenFull: .dropNewest).catch { _ in Empty<Int, Never>() }
        .assertNoFailure()
    }
  }

  @Test func valuesAndFinishedPassThrough() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1))
    upstream.assertNoFailure("numbers").subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.max(1))])
    upstream.send(1)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test func publisherKeepsPrefixFileAndLine() {
    let checked = Just(1).assertNoFailure("tag", file: "here.swift", line: 12)
    #expect(checked.prefix == "tag")
    #expect("\(checked.file)" == "here.swift")
    #expect(checked.line == 12)
  }

  #if compiler(>=6.2)
  @Test func failureTrapsWithThePrefixAndTheError() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let subject = PassthroughSubject<Int, TestError>()
      let cancellable = subject.assertNoFailure("numbers").sink { _ in }
      subject.send(completion: .failure(TestError(id: 5)))
      withExtendedLifetime(cancellable) {}
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("numbers: TestError(id: 5)"))
  }
  #endif

  // MARK: Combine's pass-through

  @Test func assertNoFailureHandsItsSubscriberTheUpstreamsOwnSubscription() {
    expectUpstreamSubscriptionPassedThrough { $0.assertNoFailure() }
  }
}
