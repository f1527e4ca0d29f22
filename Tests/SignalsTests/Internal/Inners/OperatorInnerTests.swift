// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
import Signals
@testable import SignalsCombine
import SignalsTesting
import Testing

/// Each of the one inner's rules (`InnerRules`), tested once on a probe that forwards every value
/// and ends with 99. The operators' own tests and the conformance run cover the presets.
struct OperatorInnerTests {
  private final class Probe: OperatorInner<Int, TestError, TestSubscriber<Int, TestError>> {
    override func step(_ input: Int, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
      send(input, admission)
    }

    override func finalValue() -> Int? { 99 }
  }

  private func probe(
    _ rules: InnerRules, demand: Subscribers.Demand = .unlimited
  ) -> (Probe, TestSubscriber<Int, TestError>) {
    let recorder = TestSubscriber<Int, TestError>(initialDemand: demand)
    return (Probe(downstream: recorder, rules: rules), recorder)
  }

  @Test func uncheckedValuesPassBeforeTheSubscriptionAndAfterTheEnd() {
    let (inner, recorder) = probe(.passing)
    _ = inner.receive(1)
    inner.receive(subscription: TestSubscription())
    inner.receive(completion: .finished)
    _ = inner.receive(2)
    #expect(recorder.events == [.value(1), .subscription, .completion(.finished), .value(2)])
  }

  @Test func checkedValuesAndCompletionsBeforeTheSubscriptionAreIgnored() {
    let (inner, recorder) = probe(.dropping)
    _ = inner.receive(1)
    inner.receive(completion: .finished)
    let subscription = TestSubscription()
    inner.receive(subscription: subscription)
    _ = inner.receive(2)
    #expect(recorder.events == [.subscription, .value(2)])
    #expect(subscription.events == [.requested(.unlimited)], "the link stayed open to the subscription")
  }

  @Test func countedValuesBeyondTheDemandAreDropped() {
    let (inner, recorder) = probe(.replacing, demand: .max(1))
    inner.receive(subscription: TestSubscription())
    #expect(inner.receive(1) == .none)
    #expect(inner.receive(2) == .none)
    #expect(recorder.values == [1])
  }

  @Test func aCancelBeforeTheSubscriptionIsRememberedOnlyUnderTrappingRules() {
    for (rules, remembered) in [(InnerRules.filtering, true), (.dropping, false), (.reducing, false)] {
      let (inner, _) = probe(rules)
      inner.cancel()
      let subscription = TestSubscription()
      inner.receive(subscription: subscription)
      #expect(subscription.isCancelled == remembered)
    }
  }

  @Test func eventsBeforeTheSubscriptionStopTheProcessUnderTrappingRules() async {
    await #expect(processExitsWith: .failure) {
      let recorder = TestSubscriber<Int, TestError>()
      _ = OperatorInner<Int, TestError, TestSubscriber<Int, TestError>>(downstream: recorder, rules: .filtering)
        .receive(1)
    }
    await #expect(processExitsWith: .failure) {
      let recorder = TestSubscriber<Int, TestError>()
      OperatorInner<Int, TestError, TestSubscriber<Int, TestError>>(downstream: recorder, rules: .filtering)
        .receive(completion: .finished)
    }
    await #expect(processExitsWith: .failure) {
      let recorder = TestSubscriber<Int, TestError>()
      OperatorInner<Int, TestError, TestSubscriber<Int, TestError>>(downstream: recorder, rules: .filtering)
        .request(.max(1))
    }
    await #expect(processExitsWith: .failure) {
      let recorder = TestSubscriber<Int, TestError>()
      let inner = OperatorInner<Int, TestError, TestSubscriber<Int, TestError>>(downstream: recorder, rules: .dropping)
      inner.receive(subscription: TestSubscription())
      inner.request(.none)
    }
  }

  @Test func aLaterSubscriptionIsCancelled() {
    let (inner, recorder) = probe(.filtering)
    inner.receive(subscription: TestSubscription())
    let second = TestSubscription()
    inner.receive(subscription: second)
    #expect(second.events == [.cancelled])
    #expect(recorder.subscriptionCount == 1)
  }

  @Test func aCompletionThatDoesNotEndLeavesTheLinkOpen() {
    var rules = InnerRules.passing
    rules.completionEnds = false
    let (inner, recorder) = probe(rules)
    let subscription = TestSubscription()
    inner.receive(subscription: subscription)
    inner.receive(completion: .failure(TestError()))
    inner.request(.max(1))
    #expect(recorder.completion == .failure(TestError()))
    #expect(subscription.events == [.requested(.unlimited), .requested(.max(1))], "still subscribed")
  }

  @Test func aThrowAfterTheEndFailsDownstreamOnlyIfTheRulesSaySo() {
    for rules in [InnerRules.passing, .filtering] {
      let (inner, recorder) = probe(rules)
      inner.receive(subscription: TestSubscription())
      inner.receive(completion: .finished)
      inner.fail(throwing: TestError())
      let failed = recorder.events.last == .completion(.failure(TestError()))
      #expect(failed == rules.throwAfterEndFails)
    }
  }

  @Test func anAnswerWaitsForDemandAndACancelDropsIt() {
    let (inner, recorder) = probe(.reducing, demand: .none)
    let subscription = TestSubscription()
    inner.receive(subscription: subscription)
    #expect(subscription.events == [.requested(.unlimited)])
    inner.receive(completion: .finished)
    #expect(recorder.events == [.subscription], "no demand yet")
    inner.request(.max(1))
    #expect(recorder.events == [.subscription, .value(99), .completion(.finished)])
    #expect(subscription.events == [.requested(.unlimited)], "a request only releases the answer")

    let (cancelled, onCancelled) = probe(.reducing, demand: .none)
    cancelled.receive(subscription: TestSubscription())
    cancelled.receive(completion: .finished)
    cancelled.cancel()
    cancelled.request(.max(1))
    #expect(onCancelled.events == [.subscription])
  }

  @Test func settlingCancelsUpstreamAndAnswersWithDemand() {
    let (inner, recorder) = probe(.reducing)
    let subscription = TestSubscription()
    inner.receive(subscription: subscription)
    inner.settle()
    inner.receive(completion: .finished)
    #expect(subscription.events == [.requested(.unlimited), .cancelled])
    #expect(recorder.events == [.subscription, .value(99), .completion(.finished)])
  }

  @Test func onlyCountingForwardingRulesKeepTheContract() {
    var unlimited = InnerRules.replacing
    unlimited.upstreamDemand = .unlimitedAndForwarded
    #expect(InnerRules.replacing.keepsContract)
    #expect(![InnerRules.passing, .filtering, .dropping, .reducing, unlimited].contains { $0.keepsContract })
  }
}
#endif
