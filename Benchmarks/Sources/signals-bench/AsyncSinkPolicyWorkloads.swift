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
    ]),
  // The task slots' other user: a burst of values through asyncMap and flatMap(maxTasks: 4), and
  // one value at a time (each waits for the previous result), where a task starts per value.
  Workload(
    name: "AsyncMapSlots", summary: "subject → asyncMap / flatMap(maxTasks:) → sink, per value",
    unit: "value", quick: 20_000, full: 100_000,
    signals: AsyncSinkPolicyWorkloads.transform(burst: true) { $0.asyncMap { $0 }.eraseToAnyPublisher() },
    peers: [
      Contender(
        label: "flatMap(maxTasks: 4) burst",
        body: AsyncSinkPolicyWorkloads.transform(burst: true) { $0.flatMap(maxTasks: 4) { $0 }.eraseToAnyPublisher() }),
      Contender(
        label: "asyncMap one at a time",
        body: AsyncSinkPolicyWorkloads.transform(burst: false) { $0.asyncMap { $0 }.eraseToAnyPublisher() }),
    ]),
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

  /// Values through `make`'s transform into a sink: all at once then the finish (`burst`), or each
  /// sent once the previous result arrived.
  static func transform(
    burst: Bool, _ make: @escaping @Sendable (PassthroughSubject<Int, Never>) -> AnyPublisher<Int, Never>
  ) -> Body {
    { elements, lap in
      let subject = PassthroughSubject<Int, Never>()
      let (results, continuation) = AsyncStream.makeStream(of: Int.self)
      let cancellable = make(subject).sink { _ in continuation.finish() } receiveValue: { continuation.yield($0) }
      var sum = 0
      lap.begin()
      if burst {
        for _ in 0..<elements { subject.send(1) }
        subject.send(completion: .finished)
        for await result in results { sum &+= result }
      } else {
        var iterator = results.makeAsyncIterator()
        for _ in 0..<elements {
          subject.send(1)
          sum &+= await iterator.next() ?? 0
        }
      }
      lap.end()
      withExtendedLifetime(cancellable) {}
      return sum
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
