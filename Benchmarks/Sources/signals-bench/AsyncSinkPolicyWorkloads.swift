// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import Synchronization

// The per-value cost of `asyncSink(policy:)`, each policy against today's serial `asyncSink` (the
// Signals column) and the hand-written `sink { Task { … } }` it replaces, in the same run. A value
// is sent into a subject and the closure adds it to a sum; the lap ends when the completion has
// run (after the last work). `latest` and `dropWhileBusy` run only some of the values: their cost
// is per value *sent*, most of which are cancelled or dropped, so their checksums (the sum of the
// values run) are smaller than the others' and vary between runs, by design.

let asyncSinkPolicyCatalog: [Workload] = [
  Workload(
    name: "AsyncSinkPolicies", summary: "subject → asyncSink(policy:) → trivial async closure, per value sent",
    unit: "value", quick: 20_000, full: 100_000,
    signals: AsyncSinkPolicyWorkloads.run(nil),
    peers: [
      Contender(label: "policy .serial", body: AsyncSinkPolicyWorkloads.run(.serial)),
      Contender(label: "policy .latest", body: AsyncSinkPolicyWorkloads.run(.latest)),
      Contender(label: "policy .dropWhileBusy", body: AsyncSinkPolicyWorkloads.run(.dropWhileBusy)),
      Contender(label: "policy .concurrent(4)", body: AsyncSinkPolicyWorkloads.run(.concurrent(maxTasks: 4))),
      Contender(label: "sink { Task { … } }", body: AsyncSinkPolicyWorkloads.sinkTask),
    ])
]

enum AsyncSinkPolicyWorkloads {
  /// A sum the closures add to from any task.
  final class Sum: Sendable {
    let value = Mutex(0)

    func add(_ amount: Int) {
      value.withLock { $0 &+= amount }
    }
  }

  /// The tasks the hand-written helper made.
  final class Tasks: Sendable {
    let list = Mutex<[Task<Void, Never>]>([])
  }

  /// `asyncSink(policy:)`, or today's `asyncSink` when `policy` is `nil`.
  static func run(_ policy: AsyncSinkPolicy?) -> Body {
    { elements, lap in
      let subject = PassthroughSubject<Int, Never>()
      let sum = Sum()
      var cancellable: AnyCancellable?
      lap.begin()
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        let receiveCompletion: @Sendable (Subscribers.Completion<Never>) async -> Void = { _ in done.resume() }
        let receiveValue: @Sendable (Int) async -> Void = { sum.add($0) }
        cancellable =
          if let policy {
            subject.asyncSink(policy: policy, receiveCompletion: receiveCompletion, receiveValue: receiveValue)
          } else {
            subject.asyncSink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
          }
        for _ in 0..<elements { subject.send(1) }
        subject.send(completion: .finished)
      }
      lap.end()
      withExtendedLifetime(cancellable) {}
      return sum.value.withLock { $0 }
    }
  }

  /// The hand-written helper: `sink { value in Task { await work(value) } }`, with the tasks kept
  /// so that the lap can wait for them (no order, nothing cancelled).
  static let sinkTask: Body = { elements, lap in
    let subject = PassthroughSubject<Int, Never>()
    let sum = Sum()
    let tasks = Tasks()
    lap.begin()
    let cancellable = subject.sink { value in
      let task = Task { sum.add(value) }
      tasks.list.withLock { $0.append(task) }
    }
    for _ in 0..<elements { subject.send(1) }
    for task in tasks.list.withLock({ $0 }) { await task.value }
    lap.end()
    withExtendedLifetime(cancellable) {}
    return sum.value.withLock { $0 }
  }
}
