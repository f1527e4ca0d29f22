// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

@testable import SignalsConcurrency

/// The loop every slot's task runs (`TaskSlotOwner`), through both owners: a task parks between
/// values, the next value wakes it instead of creating a task, and a parked task ends, releasing
/// its owner and the owner's closures, when the subscription ends: no suspended task is left.
struct TaskSlotOwnerTests {
  enum Ending: CaseIterable { case cancel, finish }

  static let sinkSlots: [@Sendable () -> SlotScheduler] = [
    { TaskSlots(maxTasks: 1, whenBusy: .replace) },
    { TaskSlots(maxTasks: 1, whenBusy: .drop) },
    { TaskSlots(maxTasks: 3, whenBusy: .wait) },
  ]

  /// Parking is no event a test can await: yields until `condition` holds (the time limit is the
  /// backstop).
  private func yield(until condition: () -> Bool) async {
    while !condition() { await Task.yield() }
  }

  /// Sends 1, 2 and 3, each after the last was handled and `owner`'s task parked again.
  private func sendThreeValues<Failure: Error, SlotValue>(
    to subject: PassthroughSubject<Int, Failure>, done: Checkpoint, parkingIn owner: TaskSlotOwner<SlotValue>
  ) async {
    for value in 1...3 {
      subject.send(value)
      await done.wait(for: value)
      await yield { owner.parkedSlots == 1 }
    }
  }

  /// The current task, to tell tasks apart.
  private static func currentTask() -> Int { withUnsafeCurrentTask { $0?.hashValue ?? 0 } }

  @Test(timeLimit(minutes: 1), arguments: 0..<3, Ending.allCases)
  func aSinksParkedTaskEndsWithTheSubscription(slots: Int, ending: Ending) async {
    let subject = PassthroughSubject<Int, Never>()
    let released = Checkpoint()
    let done = Checkpoint()
    let tasks = Recorder<Int>()
    do {
      let probe = ReleaseProbe(released)
      let storage = AsyncSinkPolicyStorage<Int, Never>(
        slots: Self.sinkSlots[slots](), drops: nil, priority: nil,
        receiveCompletion: { _ in
          _ = probe
          tasks.append(Self.currentTask())
          done.signal()
        },
        receiveValue: { _ in
          tasks.append(Self.currentTask())
          done.signal()
        })
      subject.subscribe(storage)
      await sendThreeValues(to: subject, done: done, parkingIn: storage)
      #expect(Set(tasks.elements).count == 1, "one task, parked between values")
      switch ending {
      case .cancel:
        storage.cancel()
      case .finish:
        subject.send(completion: .finished)
        await done.wait(for: 4)
        #expect(Set(tasks.elements).count == 1, "the parked task runs the completion")
      }
    }
    // The parked task holds the storage, and the storage the probe.
    await released.wait(for: 1)
    withExtendedLifetime(subject) {}
  }

  @Test(timeLimit(minutes: 1), arguments: [1, 3], Ending.allCases)
  func aTransformsParkedTaskEndsWithTheSubscription(maxTasks: Int, ending: Ending) async {
    let subject = PassthroughSubject<Int, TestError>()
    let released = Checkpoint()
    let done = Checkpoint()
    let tasks = Recorder<Int>()
    do {
      let probe = ReleaseProbe(released)
      let downstream = TestSubscriber<Int, TestError>(onValue: { _ in
        tasks.append(Self.currentTask())
        done.signal()
      })
      let storage = AsyncTransformStorage<Int, TestError, Int, TestError>(
        downstream: AnySubscriber(downstream), name: "AsyncMap", maxTasks: maxTasks, priority: nil,
        transform: { value in
          _ = probe
          return .success(value)
        },
        mapFailure: { $0 })
      subject.subscribe(storage)
      await yield { storage.parkedSlots == 1 }
      await sendThreeValues(to: subject, done: done, parkingIn: storage)
      #expect(Set(tasks.elements).count == 1, "the task opened at the request runs every value")
      switch ending {
      case .cancel:
        downstream.cancel()
      case .finish:
        subject.send(completion: .finished)
        await yield { downstream.completion != nil }
        #expect(storage.parkedSlots == 0)
      }
    }
    await released.wait(for: 1)
    withExtendedLifetime(subject) {}
  }
}
