// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

/// Protocol violations have a defined outcome: ignored as Combine ignores them, or stopped by a
/// precondition whose message names the violation. `Documentation/Guides/Reliability.md` lists them.
struct MisuseTests {
  // MARK: Ignored, as in Combine

  @Test func valuesAndCompletionsSentAfterCompletionAreIgnored() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    subject.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    subject.send(2)
    subject.send(completion: .failure(TestError()))
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test func settingTheValueOfAFinishedCurrentValueSubjectStoresItButSendsNothing() {
    let subject = CurrentValueSubject<Int, Never>(1)
    let recorder = TestSubscriber<Int, Never>()
    subject.subscribe(recorder)
    subject.send(completion: .finished)
    subject.value = 2
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
    #expect(subject.value == 2, "as in Combine, the value of a finished subject is still stored")
  }

  @Test func subscribingToAFinishedSubjectGetsTheCompletionAtOnce() {
    let subject = PassthroughSubject<Int, TestError>()
    subject.send(completion: .failure(TestError(id: 7)))
    let recorder = TestSubscriber<Int, TestError>()
    subject.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.failure(TestError(id: 7)))])
  }

  @Test func aPromiseFulfilledTwiceKeepsTheFirstResult() {
    nonisolated(unsafe) var fulfil: Future<Int, TestError>.Promise?
    let future = Future<Int, TestError> { fulfil = $0 }
    fulfil?(.success(1))
    fulfil?(.success(2))
    fulfil?(.failure(TestError()))
    let recorder = TestSubscriber<Int, TestError>()
    future.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test func aSinkGivenASecondSubscriptionCancelsIt() {
    let first = TestPublisher<Int, Never>()
    let second = PassthroughSubject<Int, Never>()
    let probe = TestPublisher<Int, Never>()
    let values = Recorder<Int>()
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
    first.subscribe(sink)
    probe.subscribe(sink)
    #expect(probe.subscription.isCancelled, "a second subscription is cancelled")
    #expect(!first.subscription.isCancelled, "the first one stays")
    second.subscribe(sink)
    first.send(1)
    second.send(2)
    #expect(values.elements == [1], "a subject whose subscription was cancelled sends nothing")
  }

  @Test func anAssignGivenASecondSubscriptionCancelsIt() {
    final class Target { var value = 0 }
    let target = Target()
    let first = TestPublisher<Int, Never>()
    let probe = TestPublisher<Int, Never>()
    let second = PassthroughSubject<Int, Never>()
    let assign = Subscribers.Assign(object: target, keyPath: \.value)
    first.subscribe(assign)
    probe.subscribe(assign)
    #expect(probe.subscription.isCancelled)
    second.subscribe(assign)
    first.send(1)
    second.send(2)
    #expect(target.value == 1)
  }

  @Test func oneSubscriberAttachedTwiceToASubjectIsTwoSubscriptions() {
    // As in Combine: each `subscribe` makes its own subscription; a recorder that accepts both
    // receives every value twice, and a sink would cancel the second.
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    subject.subscribe(recorder)
    subject.subscribe(recorder)
    subject.send(1)
    #expect(recorder.events == [.subscription, .subscription, .value(1), .value(1)])
  }

  @Test func cancellingTwiceOrAfterCompletionDoesNothing() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    subject.subscribe(recorder)
    subject.send(completion: .finished)
    recorder.cancel()
    recorder.cancel()
    let cancellable = subject.sink { _ in }
    cancellable.cancel()
    cancellable.cancel()
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  /// An operator with a subscription of its own ignores what its upstream sends after the
  /// completion, as Combine's `removeDuplicates` does.
  @Test func anOperatorWithItsOwnSubscriptionIgnoresValuesItsUpstreamSendsAfterCompletion() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>()
    upstream.removeDuplicates().subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .finished)
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  /// A pass-through operator forwards what its upstream sends, as Combine's does: keeping the
  /// demand is the upstream's part of the contract.
  @Test func aPassThroughOperatorForwardsAValueBeyondTheDemandAsCombineDoes() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    upstream.map { $0 * 10 }.subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    #expect(recorder.values == [10, 20])
  }

  // MARK: Stopped, with a message naming the violation

  @Test func negativeDemandStops() async {
    await #expect(processExitsWith: .failure) {
      _ = Subscribers.Demand.max(-1)
    }
  }

  @Test func requestingZeroFromASubjectStops() async {
    await #expect(processExitsWith: .failure) {
      let subject = PassthroughSubject<Int, Never>()
      let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
      subject.subscribe(recorder)
      recorder.request(.none)
    }
  }

  @Test func requestingZeroFromJustStops() async {
    await #expect(processExitsWith: .failure) {
      let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
      Just(1).subscribe(recorder)
      recorder.request(.none)
    }
  }

  @Test func requestingZeroThroughAnOperatorStops() async {
    await #expect(processExitsWith: .failure) {
      let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
      Deferred { Just(1) }.map { $0 + 1 }.subscribe(recorder)
      recorder.request(.none)
    }
  }

  @Test func recordingAValueAfterTheCompletionStops() async {
    await #expect(processExitsWith: .failure) {
      _ = Record<Int, Never> { recording in
        recording.receive(completion: .finished)
        recording.receive(1)
      }
    }
  }
}
