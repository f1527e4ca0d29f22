// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import Testing

/// Counts down a number of events and lets one task wait for the last; the stress suite's
/// deterministic wait (no sleeps).
private final class Countdown: Sendable {
  private let state = LockedState.make((count: 0, waiter: CheckedContinuation<Void, Never>?.none))
  private let target: Int

  init(_ target: Int) {
    self.target = target
  }

  func signal() {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      state.count += 1
      guard state.count == target else { return nil }
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  func wait() async {
    await withCheckedContinuation { continuation in
      let isDone = state.withLock { state -> Bool in
        if state.count >= target { return true }
        state.waiter = continuation
        return false
      }
      if isDone { continuation.resume() }
    }
  }
}

/// Signals its countdown when released.
private final class ReleaseProbe: Sendable {
  let released: Countdown

  init(_ released: Countdown) {
    self.released = released
  }

  deinit {
    released.signal()
  }
}

/// What the closures of one sink saw.
private struct Observed {
  var inFlight = 0
  var highest = 0
  var processed: [Int] = []
  var completions = 0
  var inFlightAtCompletion = 0
}

/// `asyncSink(policy:)` with values sent from several threads at once, and cancels racing them.
struct AsyncSinkPolicyStressTests {
  static let producers = 4
  static let perProducer = 300
  static let policies: [(AsyncSinkPolicy, bound: Int)] = [
    (.serial, 1), (.latest, 1), (.dropWhileBusy, 1), (.concurrent(maxTasks: 3), 3),
  ]

  @Test(timeLimit(minutes: 2), arguments: 0..<policies.count)
  func concurrentSendsKeepTheBoundAndCompleteOnceAfterTheLastWork(policyIndex: Int) async {
    let (policy, bound) = Self.policies[policyIndex]
    for _ in 0..<10 {
      let subject = PassthroughSubject<Int, Never>()
      let drops = DropCounter()
      let observed = LockedState.make(Observed())
      let completed = Countdown(1)
      let sinkPolicy = policy.description == "dropWhileBusy" ? .dropWhileBusy(countingDropsIn: drops) : policy
      let cancellable = subject.asyncSink(policy: sinkPolicy) { _ in
        observed.withLock { state in
          state.completions += 1
          state.inFlightAtCompletion = state.inFlight
        }
        completed.signal()
      } receiveValue: { value in
        observed.withLock { state in
          state.inFlight += 1
          state.highest = max(state.highest, state.inFlight)
        }
        await Task.yield()
        observed.withLock { state in
          state.inFlight -= 1
          state.processed.append(value)
        }
      }
      DispatchQueue.global().async {
        DispatchQueue.concurrentPerform(iterations: Self.producers) { producer in
          for index in 0..<Self.perProducer { subject.send(producer * Self.perProducer + index) }
        }
        subject.send(completion: .finished)
      }
      await completed.wait()
      let result = observed.withLock { $0 }
      let total = Self.producers * Self.perProducer
      #expect(result.highest <= bound, "\(policy): more closures at once than the policy allows")
      #expect(result.completions == 1)
      #expect(result.inFlightAtCompletion == 0, "\(policy): the completion ran while work was in flight")
      #expect(Set(result.processed).count == result.processed.count, "\(policy): a value ran twice")
      switch policy.description {
      case "serial", "concurrent(maxTasks: 3)":
        #expect(result.processed.count == total, "\(policy): a value was lost")
      case "dropWhileBusy":
        #expect(result.processed.count + drops.count == total, "\(policy): a value was neither run nor counted")
      default:
        #expect(!result.processed.isEmpty)
      }
      withExtendedLifetime(cancellable) {}
    }
  }

  @Test(timeLimit(minutes: 2), arguments: 0..<policies.count)
  func cancelRacingSendsEndsEveryTaskAndReleasesTheSink(policyIndex: Int) async {
    let (policy, _) = Self.policies[policyIndex]
    let rounds = 30
    let released = Countdown(rounds)
    let completions = LockedState.make(0)
    for round in 0..<rounds {
      let subject = PassthroughSubject<Int, Never>()
      let probe = ReleaseProbe(released)
      let cancellable = subject.asyncSink(policy: policy) { [probe] _ in
        withExtendedLifetime(probe) {}
        completions.withLock { $0 += 1 }
      } receiveValue: { _ in
        await Task.yield()
      }
      let box = LockedState.make(Optional(cancellable))
      DispatchQueue.global().async {
        DispatchQueue.concurrentPerform(iterations: Self.producers + 1) { index in
          guard index < Self.producers else {
            for _ in 0..<(round * 7 % 50) { subject.send(-1) }
            box.withLock { $0 }?.cancel()
            box.withLock { $0 = nil }
            return
          }
          for value in 0..<Self.perProducer / 3 { subject.send(value) }
        }
      }
    }
    // Every storage (which owns the closures and the probe) is released: every task has ended.
    await released.wait()
    #expect(completions.withLock { $0 } == 0, "no completion was sent, none may run")
  }
}
