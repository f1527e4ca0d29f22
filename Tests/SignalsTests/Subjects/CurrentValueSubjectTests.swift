// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct CurrentValueSubjectTests {
  @Test func newSubscriberStartsWithTheCurrentValue() {
    let subject = CurrentValueSubject<Int, Never>(1)
    let recorder = TestSubscriber<Int, Never>()
    subject.subscribe(recorder)
    subject.send(2)
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func settingValueSendsIt() {
    let subject = CurrentValueSubject<String, Never>("a")
    let recorder = TestSubscriber<String, Never>()
    subject.subscribe(recorder)
    subject.value = "b"
    #expect(subject.value == "b")
    #expect(recorder.values == ["a", "b"])
  }

  @Test func subscriberWithoutDemandGetsTheCurrentValueWhenItAsks() {
    let subject = CurrentValueSubject<Int, Never>(1)
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    subject.subscribe(recorder)
    subject.send(2)
    subject.send(3)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(3)])
  }

  @Test func subscriberThatMissedValuesGetsOnlyTheLatestWhenItAsksAgain() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1))
    subject.subscribe(recorder)
    subject.send(1)
    subject.send(2)
    recorder.request(.max(5))
    subject.send(3)
    #expect(recorder.values == [0, 2, 3])
  }

  /// As in Combine: a value held back for lack of demand comes with a request only, never with
  /// the demand a subscriber returns from `receive(_:)`.
  @Test func demandReturnedFromReceiveDoesNotResendTheHeldBackValue() {
    let subject = CurrentValueSubject<Int, Never>(0)
    // Sent to only from inside receive(_:), which this test's own send runs on its thread.
    let subjectInside = UnsafeTransfer(subject)
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1)) { value in
      if value == 0 { subjectInside.wrapped.send(1) }  // sent from inside `receive(_:)`, with no demand left
    }
    subject.subscribe(recorder)
    #expect(recorder.values == [0], "the returned demand does not bring 1")
    subject.send(2)
    #expect(recorder.values == [0, 2], "it counts towards the next send")
  }

  @Test func heldBackValueComesWithTheNextRequest() {
    let subject = CurrentValueSubject<Int, Never>(0)
    // Sent to only from inside receive(_:), which this test's own send runs on its thread.
    let subjectInside = UnsafeTransfer(subject)
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none, demandPerValue: .max(1)) { value in
      if value == 0 { subjectInside.wrapped.send(1) }
    }
    subject.subscribe(recorder)
    recorder.request(.max(1))
    #expect(recorder.values == [0], "the demand returned for 0 does not bring 1")
    recorder.request(.max(1))
    #expect(recorder.values == [0, 1])
  }

  @Test func currentValueIsDeliveredInsideTheRequestAsInCombine() {
    let subject = CurrentValueSubject<Int, Never>(7)
    var log: [String] = []
    let subscriber = AnySubscriber<Int, Never>(
      receiveSubscription: { subscription in
        log.append("subscribed")
        subscription.request(.max(1))
        log.append("requested")
      },
      receiveValue: { value in
        log.append("value \(value)")
        return .none
      })
    subject.subscribe(subscriber)
    #expect(log == ["subscribed", "value 7", "requested"])
  }

  @Test func sendsAfterCompletionAreIgnoredAndValueStays() {
    let subject = CurrentValueSubject<Int, TestError>(1)
    let recorder = TestSubscriber<Int, TestError>()
    subject.subscribe(recorder)
    subject.send(completion: .finished)
    subject.send(2)
    #expect(subject.value == 1)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test func laterSubscriberAfterCompletionGetsOnlyTheCompletion() {
    let subject = CurrentValueSubject<Int, TestError>(1)
    subject.send(completion: .failure(TestError(id: 3)))
    let late = TestSubscriber<Int, TestError>()
    subject.subscribe(late)
    #expect(late.events == [.subscription, .completion(.failure(TestError(id: 3)))])
  }

  @Test func sinkSeesCurrentValueThenChanges() {
    let followers = CurrentValueSubject<Int, Never>(120)
    var shown: [Int] = []
    let screen = followers.sink { shown.append($0) }
    followers.value += 1
    #expect(shown == [120, 121])
    screen.cancel()
    followers.value += 1
    #expect(shown == [120, 121])
    #expect(followers.value == 122)
  }

  @Test func concurrentSetsLeaveOneOfTheSentValuesAndDeliverEachOnce() {
    let subject = CurrentValueSubject<Int, Never>(-1)
    let recorder = TestSubscriber<Int, Never>()
    subject.subscribe(recorder)
    DispatchQueue.concurrentPerform(iterations: 4) { sender in
      for index in 0..<1_000 { subject.value = sender * 1_000 + index }
    }
    let values = recorder.values
    #expect(values.count == 4_001)
    #expect(Set(values).count == 4_001)
    #expect((0..<4_000).contains(subject.value))
  }

  /// `sink` through generic code reaches `Publisher.sink`; on the subject itself it reaches the
  /// subject's own `sink`. Both must behave the same.
  private static func genericSink<P: Publisher>(
    _ publisher: P, log: @escaping (String) -> Void
  ) -> AnyCancellable where P.Output == Int {
    publisher.sink(receiveCompletion: { log("end \($0)") }, receiveValue: { log("value \($0)") })
  }

  @Test func sinkOnTheSubjectBehavesAsSinkThroughGenericCode() {
    final class Log: @unchecked Sendable {
      // Safety: touched only on the test's thread.
      var entries: [String] = []
    }
    let direct = Log()
    let generic = Log()
    let subject = CurrentValueSubject<Int, TestError>(0)
    let directSink = subject.sink(
      receiveCompletion: { direct.entries.append("end \($0)") }, receiveValue: { direct.entries.append("value \($0)") })
    let genericSink = Self.genericSink(subject) { generic.entries.append($0) }
    subject.send(1)
    subject.send(2)
    directSink.cancel()
    subject.send(3)
    #expect(direct.entries == ["value 0", "value 1", "value 2"])
    subject.send(completion: .failure(TestError(id: 1)))
    #expect(
      generic.entries == [
        "value 0", "value 1", "value 2", "value 3", "end failure(SignalsTests.TestError(id: 1))",
      ])
    withExtendedLifetime(genericSink) {}

    let neverFailing = CurrentValueSubject<Int, Never>(0)
    var received: [Int] = []
    let valueSink = neverFailing.sink { received.append($0) }
    neverFailing.send(4)
    valueSink.cancel()
    neverFailing.send(5)
    #expect(received == [0, 4])
  }

  @Test func asksItsUpstreamsForEverythingAtOnceSoItsValueStaysCurrent() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let cancellable = [1, 2, 3].publisher.subscribe(subject)
    #expect(subject.value == 3)
    withExtendedLifetime(cancellable) {}

    let open = CurrentValueSubject<Int, Never>(0)
    let upstream = TestSubscription()
    open.send(subscription: upstream)
    open.subscribe(TestSubscriber<Int, Never>(initialDemand: .max(1)))
    #expect(upstream.events == [.requested(.unlimited)], "asked once, not again when a subscriber asks")
  }

  @Test func settingValueAfterCompletionStoresItAsInCombine() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let recorder = TestSubscriber<Int, Never>()
    subject.subscribe(recorder)
    subject.send(completion: .finished)
    subject.value = 42
    #expect(subject.value == 42)
    subject.send(7)
    #expect(subject.value == 42, "send after completion is still ignored")
    #expect(recorder.events == [.subscription, .value(0), .completion(.finished)])
  }

  @Test func subscriptionMirrorShowsSubjectSubscriberAndDemand() throws {
    let subject = CurrentValueSubject<Int, Never>(0)
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(5))
    subject.subscribe(recorder)
    subject.send(1)
    let subscription = try #require(recorder.subscription)
    func children() -> [String] {
      Mirror(reflecting: subscription).children.map { "\($0.label ?? ""): \($0.value)" }
    }
    #expect(children().map { $0.prefix { $0 != ":" } } == ["parent", "downstream", "demand", "subject"])
    #expect(children()[0].contains("CurrentValueSubject"))
    #expect(children()[2] == "demand: max(3)")
    subscription.cancel()
    #expect(children() == ["parent: nil", "downstream: nil", "demand: max(3)", "subject: nil"])
  }
}
