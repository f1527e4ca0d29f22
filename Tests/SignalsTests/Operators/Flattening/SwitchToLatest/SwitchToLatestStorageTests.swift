// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

/// The fused path `switchToLatest()` takes when its inners are `Just`s must be indistinguishable
/// from subscribing each `Just`: every scenario runs once with `Just` inners (fused) and once with
/// the same `Just`s behind `eraseToAnyPublisher()` (subscribed), and the two journals — the
/// downstream's events, the requests and cancels that reached the upstream, and the test's own
/// steps, all in one order — must be equal.
struct SwitchToLatestStorageTests {
  // MARK: Layout

  @Test func justAndSetFailureTypeOfJustAreLaidOutExactlyAsTheirOutput() {
    expectSameLayout(Int.self)
    expectSameLayout(Int8.self)
    expectSameLayout(String.self)
    expectSameLayout([Int].self)
    expectSameLayout((Int8, Int64, Int8).self)
    expectSameLayout(Journal.self)
    expectSameLayout(Int?.self)
    expectSameLayout(Void.self)
  }

  private func expectSameLayout<Value>(_: Value.Type, sourceLocation: SourceLocation = #_sourceLocation) {
    typealias Raised = Publishers.SetFailureType<Just<Value>, TestError>
    #expect(MemoryLayout<Just<Value>>.size == MemoryLayout<Value>.size, sourceLocation: sourceLocation)
    #expect(MemoryLayout<Just<Value>>.stride == MemoryLayout<Value>.stride, sourceLocation: sourceLocation)
    #expect(MemoryLayout<Just<Value>>.alignment == MemoryLayout<Value>.alignment, sourceLocation: sourceLocation)
    #expect(MemoryLayout<Raised>.size == MemoryLayout<Value>.size, sourceLocation: sourceLocation)
    #expect(MemoryLayout<Raised>.stride == MemoryLayout<Value>.stride, sourceLocation: sourceLocation)
    #expect(MemoryLayout<Raised>.alignment == MemoryLayout<Value>.alignment, sourceLocation: sourceLocation)
  }

  // MARK: Contract

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func theFusedPathKeepsTheContract() {
    checkOperatorContract { $0.map { Just($0).setFailureType(to: TestError.self) }.switchToLatest() }
    checkOperatorContract { $0.map { Just($0) }.switchToLatest() }
    // An upstream that never fails, behind a buffer that keeps the contract whatever the test
    // upstream sends (`catch`, as Combine's, now passes a broken upstream's values on as sent).
    checkOperatorContract {
      $0.buffer(size: 1, prefetch: .byRequest, whenFull: .dropNewest).catch { _ in Empty<Int, Never>() }
        .map { Just($0) }.switchToLatest()
    }
  }

  // MARK: Differential scenarios

  @Test(arguments: scenarios)
  fileprivate func theFusedPathMatchesSubscribingEachJust(_ scenario: Scenario) {
    let fused = run(scenario, failure: TestError(id: 9)) { Just($0).setFailureType(to: TestError.self) }
    let subscribed = run(scenario, failure: TestError(id: 9)) {
      Just($0).setFailureType(to: TestError.self).eraseToAnyPublisher()
    }
    #expect(fused == subscribed)
    #expect(fused.count > 2, "the scenario did something")
    if !scenario.fails {
      let fusedNever = run(scenario, failure: nil) { Just($0) }
      let subscribedNever = run(scenario, failure: nil) { Just($0).eraseToAnyPublisher() }
      #expect(fusedNever == subscribedNever)
      #expect(fusedNever == fused, "the failure type does not change what happens")
    }
  }

  @Test func aJustWaitsForDemandAndIsDroppedWhenSwitchedAway() {
    let journal = run(scenarios.first { $0.name == "a waiting Just is dropped by the next" }!, failure: nil) {
      Just($0)
    }
    #expect(
      journal == [
        "subscription", "upstream request(unlimited)", "send Just(1)", "send Just(2)", "request(unlimited)",
        "value(2)", "finish", "finished",
      ])
  }

  @Test func aValueSentFromInsideReceiveFollowsTheOneBeingDelivered() {
    let journal = run(scenarios.first { $0.name == "re-entrant send, limited demand" }!, failure: nil) { Just($0) }
    #expect(
      journal == [
        "subscription", "upstream request(unlimited)", "send Just(1)", "value(1)", "send Just(10)", "value(10)",
        "finish", "finished",
      ])
  }

  @Test func anUpstreamFailureDropsTheWaitingJust() {
    let journal = run(scenarios.first { $0.name == "upstream fails while a Just waits" }!, failure: TestError(id: 9)) {
      Just($0).setFailureType(to: TestError.self)
    }
    #expect(
      journal == [
        "subscription", "upstream request(unlimited)", "send Just(1)", "fail", "failure(9)", "request(max(1))",
      ])
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func theOverloadThatRaisesTheInnersFailureTypeTakesTheFusedPath() {
    let upstream = PassthroughSubject<Just<Int>, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(2))
    upstream.switchToLatest().subscribe(recorder)
    upstream.send(Just(1))
    upstream.send(Just(2))
    upstream.send(Just(3))
    upstream.send(Just(4))
    recorder.request(.max(1))
    upstream.send(completion: .failure(TestError(id: 1)))
    #expect(
      recorder.events == [.subscription, .value(1), .value(2), .value(4), .completion(.failure(TestError(id: 1)))])
  }

  @Test func fusedJustsFromManyThreadsNeverOverlapOrExceedDemand() {
    let upstream = PassthroughSubject<Just<Int>, Never>()
    let probe = SerialityProbe()
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(10), onValue: { _ in probe.enterAndLeave() })
    upstream.switchToLatest().subscribe(recorder)
    DispatchQueue.concurrentPerform(iterations: 3) { worker in
      if worker == 0 {
        // One sender: the upstream's calls are serial, as the Publisher contract requires.
        for value in 0..<2_000 { upstream.send(Just(value)) }
      } else {
        for _ in 0..<150 { recorder.request(.max(1)) }
      }
    }
    let values = recorder.values
    #expect(values.count <= 310, "never more than the demand")
    #expect(values == values.sorted(), "the latest Just wins, in order")
    #expect(Set(values).count == values.count, "no value twice")
    #expect(probe.overlaps == 0)
  }
}

// MARK: - Scenarios

/// One way of driving `switchToLatest()`: the downstream's initial demand, what it does with each
/// value, and the steps the test takes after subscribing.
private struct Scenario: Sendable, CustomTestStringConvertible {
  let name: String
  var initialDemand = Subscribers.Demand.unlimited
  /// Whether the scenario makes the upstream fail (run only where the failure type allows it).
  var fails = false
  /// Called with each value the downstream receives; returns the demand it gives back.
  var onValue: @Sendable (Int, Driver) -> Subscribers.Demand = { _, _ in .none }
  /// The test's steps after subscribing.
  var script: @Sendable (Driver) -> Void

  var testDescription: String { name }
}

private let scenarios: [Scenario] = [
  Scenario(name: "unlimited demand") { driver in
    driver.send(1)
    driver.send(2)
    driver.send(3)
    driver.finish()
  },
  Scenario(name: "limited demand, requested later", initialDemand: .max(2)) { driver in
    driver.send(1)
    driver.send(2)
    driver.send(3)
    driver.request(.max(1))
    driver.send(4)
    driver.send(5)
    driver.request(.max(2))
    driver.send(6)
    driver.send(7)
    driver.finish()
  },
  Scenario(name: "no demand, then one at a time", initialDemand: .none) { driver in
    driver.send(1)
    driver.request(.max(1))
    driver.send(2)
    driver.finish()
    driver.request(.max(1))
    driver.request(.max(1))
  },
  Scenario(name: "a waiting Just is dropped by the next", initialDemand: .none) { driver in
    driver.send(1)
    driver.send(2)
    driver.request(.unlimited)
    driver.finish()
  },
  Scenario(name: "upstream finishes while a Just waits", initialDemand: .none) { driver in
    driver.send(1)
    driver.finish()
    driver.request(.max(3))
    driver.send(2)
  },
  Scenario(name: "upstream fails while a Just waits", initialDemand: .none, fails: true) { driver in
    driver.send(1)
    driver.fail()
    driver.request(.max(1))
  },
  Scenario(name: "upstream fails after values", initialDemand: .max(2), fails: true) { driver in
    driver.send(1)
    driver.send(2)
    driver.send(3)
    driver.fail()
    driver.send(4)
    driver.finish()
  },
  Scenario(name: "cancel while a Just waits", initialDemand: .none) { driver in
    driver.send(1)
    driver.cancel()
    driver.request(.max(1))
    driver.send(2)
    driver.finish()
  },
  Scenario(name: "cancel after values") { driver in
    driver.send(1)
    driver.cancel()
    driver.send(2)
    driver.finish()
  },
  Scenario(name: "the subscriber returns demand", initialDemand: .max(1), onValue: { _, _ in .max(1) }) { driver in
    driver.send(1)
    driver.send(2)
    driver.send(3)
    driver.finish()
  },
  Scenario(name: "values after finishing are ignored", initialDemand: .max(1)) { driver in
    driver.send(1)
    driver.finish()
    driver.send(2)
    driver.request(.max(1))
  },
  Scenario(
    name: "re-entrant send, unlimited demand",
    onValue: { value, driver in
      if value < 5 { driver.send(value + 1) }
      return .none
    }
  ) { driver in
    driver.send(1)
    driver.finish()
  },
  Scenario(
    name: "re-entrant send, limited demand", initialDemand: .max(1),
    onValue: { value, driver in
      if value == 1 { driver.send(10) }
      return value == 1 ? .max(1) : .none
    }
  ) { driver in
    driver.send(1)
    driver.finish()
  },
  Scenario(
    name: "re-entrant send and request while a Just waits", initialDemand: .max(1),
    onValue: { value, driver in
      if value == 1 {
        driver.send(2)
        driver.request(.max(1))
      }
      return .none
    }
  ) { driver in
    driver.send(1)
    driver.send(3)
    driver.request(.max(1))
    driver.finish()
  },
  Scenario(
    name: "re-entrant send, request and returned demand", initialDemand: .max(1),
    onValue: { value, driver in
      if value == 1 {
        driver.send(2)
        driver.request(.max(1))
        driver.send(3)
        return .max(2)
      }
      return .none
    }
  ) { driver in
    driver.send(1)
    driver.send(4)
    driver.send(5)
    driver.finish()
  },
  Scenario(
    name: "re-entrant finish", initialDemand: .max(2),
    onValue: { value, driver in
      if value == 1 { driver.finish() }
      return .none
    }
  ) { driver in
    driver.send(1)
    driver.send(2)
  },
  Scenario(
    name: "re-entrant send then finish while the new Just waits", initialDemand: .max(1),
    onValue: { value, driver in
      if value == 1 {
        driver.send(2)
        driver.finish()
      }
      return .none
    }
  ) { driver in
    driver.request(.max(1))
  },
  Scenario(
    name: "re-entrant send, finish and returned demand", initialDemand: .max(1),
    onValue: { value, driver in
      if value == 1 {
        driver.send(2)
        driver.finish()
        return .max(1)
      }
      return .none
    }
  ) { driver in
    driver.send(1)
  },
  Scenario(
    name: "re-entrant fail", initialDemand: .max(3), fails: true,
    onValue: { value, driver in
      if value == 1 {
        driver.send(2)
        driver.fail()
      }
      return .none
    }
  ) { driver in
    driver.send(1)
    driver.send(3)
  },
  Scenario(
    name: "re-entrant cancel",
    onValue: { value, driver in
      if value == 2 { driver.cancel() }
      if value == 1 { driver.send(2) }
      return .none
    }
  ) { driver in
    driver.send(1)
    driver.send(3)
    driver.finish()
  },
  Scenario(
    name: "re-entrant finish from a Just released by a request", initialDemand: .none,
    onValue: { value, driver in
      if value == 1 { driver.finish() }
      return .none
    }
  ) { driver in
    driver.send(1)
    driver.request(.max(1))
  },
  Scenario(
    name: "re-entrant cancel from a Just released by a request", initialDemand: .none,
    onValue: { _, driver in
      driver.cancel()
      return .max(1)
    }
  ) { driver in
    driver.send(1)
    driver.request(.max(1))
    driver.send(2)
  },
  Scenario(
    name: "re-entrant send from a Just released by returned demand", initialDemand: .max(1),
    onValue: { value, driver in
      if value < 4 { driver.send(value + 1) }
      return .max(1)
    }
  ) { driver in
    driver.send(1)
    driver.finish()
  },
  Scenario(
    name: "re-entrant request with nothing waiting", initialDemand: .max(1),
    onValue: { value, driver in
      if value == 1 { driver.request(.max(2)) }
      return .max(1)
    }
  ) { driver in
    driver.send(1)
    driver.send(2)
    driver.send(3)
    driver.send(4)
    driver.send(5)
    driver.finish()
  },
]

// MARK: - Harness

/// Drives one run: the scenario's steps and the downstream's reactions go through it.
private final class Driver: @unchecked Sendable {
  // Safety: the closures are set once, before the scenario runs, on the test's thread; the
  // scenarios are single-threaded.
  var send: (Int) -> Void = { _ in }
  var finish: () -> Void = {}
  var fail: () -> Void = {}
  var request: (Subscribers.Demand) -> Void = { _ in }
  var cancel: () -> Void = {}
}

/// Everything a run did, in one order.
private final class Journal: @unchecked Sendable {
  // Safety: all mutable state is in `entries`, a `LockedState`.
  private let entries = LockedState<[String]>.make([])

  func record(_ entry: String) {
    entries.withLock { $0.append(entry) }
  }

  var all: [String] { entries.withLock { $0 } }
}

/// The upstream's subscription: records what the operator asks of it.
private final class JournalSubscription: Subscription {
  private let journal: Journal

  init(journal: Journal) {
    self.journal = journal
  }

  func request(_ demand: Subscribers.Demand) {
    journal.record("upstream request(\(demand))")
  }

  func cancel() {
    journal.record("upstream cancel")
  }
}

/// The downstream: records its events and runs the scenario's reaction to each value.
private final class JournalSubscriber<Failure: Error>: Subscriber, @unchecked Sendable {
  // Safety: `subscription` is written once, on the test's thread, before any value arrives.
  typealias Input = Int

  let combineIdentifier = CombineIdentifier()
  private let journal: Journal
  private let scenario: Scenario
  private let driver: Driver
  var subscription: (any Subscription)?

  init(journal: Journal, scenario: Scenario, driver: Driver) {
    self.journal = journal
    self.scenario = scenario
    self.driver = driver
  }

  func receive(subscription: any Subscription) {
    journal.record("subscription")
    self.subscription = subscription
    if scenario.initialDemand > 0 { subscription.request(scenario.initialDemand) }
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    journal.record("value(\(input))")
    return scenario.onValue(input, driver)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished: journal.record("finished")
    case .failure(let error as TestError): journal.record("failure(\(error.id))")
    case .failure(let error): journal.record("failure(\(error))")
    }
  }
}

/// Runs `scenario` over `switchToLatest()` with the inners `makeInner` makes, and returns the
/// journal. `failure` is what `fail()` sends (`nil`: the upstream cannot fail).
private func run<Inner: Publisher>(
  _ scenario: Scenario, failure: Inner.Failure?, inner makeInner: @escaping @Sendable (Int) -> Inner
) -> [String] where Inner.Output == Int {
  let journal = Journal()
  let driver = Driver()
  let upstream = TestPublisher<Inner, Inner.Failure>(subscribesImmediately: false)
  let downstream = JournalSubscriber<Inner.Failure>(journal: journal, scenario: scenario, driver: driver)
  driver.send = { value in
    journal.record("send Just(\(value))")
    upstream.send(makeInner(value))
  }
  driver.finish = {
    journal.record("finish")
    upstream.send(completion: .finished)
  }
  driver.fail = {
    journal.record("fail")
    if let failure { upstream.send(completion: .failure(failure)) }
  }
  driver.request = { demand in
    journal.record("request(\(demand))")
    downstream.subscription?.request(demand)
  }
  driver.cancel = {
    journal.record("cancel")
    downstream.subscription?.cancel()
  }
  upstream.switchToLatest().subscribe(downstream)
  upstream.sendSubscription(JournalSubscription(journal: journal))
  scenario.script(driver)
  return journal.all
}
