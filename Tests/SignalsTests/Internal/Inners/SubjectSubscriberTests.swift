// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct SubjectSubscriberTests {
  @Test func feedingASubjectDoesNotKeepItAlive() {
    // As in Combine: `publisher.subscribe(subject)` holds the subject weakly; once the subject is
    // gone, the link forwards nothing and its cancel still reaches the upstream.
    let upstream = TestPublisher<Int, Never>()
    weak var weakSubject: PassthroughSubject<Int, Never>?
    let link: AnyCancellable
    do {
      let subject = PassthroughSubject<Int, Never>()
      weakSubject = subject
      link = upstream.subscribe(subject)
    }
    #expect(weakSubject == nil)
    #expect(upstream.send(1) == .none)
    link.cancel()
    #expect(upstream.subscription.isCancelled)
  }

  @Test func aLiveSubjectIsFedUntilTheUpstreamCompletes() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    subject.subscribe(recorder)
    let link = [1, 2].publisher.subscribe(subject)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    withExtendedLifetime(link) {}
  }
}
