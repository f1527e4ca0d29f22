// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Testing

@testable import SignalsConcurrency

/// `TaskSlots`, the one task-slot scheduler behind `asyncSink(policy:)` and `asyncMap`/
/// `flatMap(maxTasks:)`: each rule once, then a model-based run against a plain reference.
struct TaskSlotsTests {
  private typealias Slots = TaskSlots<Int, String>

  private func text(_ offer: Slots.Offer) -> String {
    switch offer {
    case .none: "none"
    case .start(let id, let value): "start \(id) \(value)"
    case .cancel(let handle): "cancel \(handle)"
    case .drop: "drop"
    }
  }

  private func text(_ next: Slots.Next) -> String {
    switch next {
    case .none: "none"
    case .start(let id, let value): "start \(id) \(value)"
    case .end(let id): "end \(id)"
    }
  }

  private func text(_ after: Slots.AfterWork) -> String {
    switch after {
    case .runNext(let value): "run \(value)"
    case .end(let next): "end, \(text(next))"
    }
  }

  @Test func upToMaxTasksStartThenValuesWaitInArrivalOrder() {
    var slots = Slots(maxTasks: 2, whenBusy: .wait)
    #expect(text(slots.offer(1)) == "start 0 1")
    #expect(text(slots.offer(2)) == "start 1 2")
    #expect(text(slots.offer(3)) == "none")
    #expect(text(slots.offer(4)) == "none")
    #expect(slots.waitingValues == [3, 4])
    #expect(text(slots.finished(1)) == "start 2 3")
    #expect(text(slots.finished(0)) == "start 3 4")
    #expect(slots.waitingValues.isEmpty)
  }

  @Test func aTaskWhoseWorkIsDoneTakesTheOldestWaitingValueUnlessCancelled() {
    var slots = Slots(maxTasks: 1, whenBusy: .replace)
    _ = slots.offer(1)
    #expect(slots.started(0, handle: "t0") == nil)
    #expect(text(slots.offer(2)) == "cancel t0")
    #expect(text(slots.offer(3)) == "none", "already cancelled")
    #expect(slots.waitingValues == [3], "the newest replaces the waiting value")
    #expect(!slots.mayRun(0))
    #expect(text(slots.workDone(0)) == "end, start 1 3")
    _ = slots.offer(4)
    var waiting = Slots(maxTasks: 1, whenBusy: .wait)
    _ = waiting.offer(1)
    _ = waiting.offer(2)
    #expect(text(waiting.workDone(0)) == "run 2", "a task still starting takes it too")
    #expect(text(waiting.workDone(0)) == "end, none")
  }

  @Test func aCancelBeforeRegistrationIsReturnedAtRegistration() {
    var slots = Slots(maxTasks: 1, whenBusy: .replace)
    _ = slots.offer(1)
    #expect(text(slots.offer(2)) == "none")
    #expect(!slots.mayRun(0))
    #expect(slots.started(0, handle: "t0") == "t0")
  }

  @Test func aValueFindingEverySlotTakenIsDroppedUnderTheDropRule() {
    var slots = Slots(maxTasks: 1, whenBusy: .drop)
    #expect(text(slots.offer(1)) == "start 0 1")
    #expect(text(slots.offer(2)) == "drop")
    #expect(text(slots.finished(0)) == "none")
    #expect(text(slots.offer(3)) == "start 1 3")
  }

  @Test func theEndingRunsOnceAfterTheWaitingValuesAndTheLastSlot() {
    var slots = Slots(maxTasks: 1, whenBusy: .wait)
    _ = slots.offer(1)
    _ = slots.offer(2)
    #expect(text(slots.end()) == "none")
    #expect(text(slots.offer(3)) == "none", "no value after the ending")
    #expect(text(slots.finished(0)) == "start 1 2")
    #expect(text(slots.finished(1)) == "end 2")
    #expect(text(slots.finished(2)) == "none")
    #expect(text(slots.end()) == "none")
    var idle = Slots(maxTasks: 3, whenBusy: .wait)
    #expect(text(idle.end()) == "end 0", "nothing runs: the ending starts at once")
  }

  @Test func closeCancelsEverySlotButTheKeptOneAndStartsNothing() {
    var slots = Slots(maxTasks: 3, whenBusy: .wait)
    for value in 1...4 { _ = slots.offer(value) }
    _ = slots.started(0, handle: "t0")
    _ = slots.started(1, handle: "t1")
    #expect(slots.close(keeping: 1) == ["t0"])
    #expect(slots.close().isEmpty, "a second close does nothing")
    #expect(slots.isClosed && slots.waitingValues.isEmpty)
    #expect(!slots.mayRun(0) && slots.mayRun(1) == false && !slots.mayRun(2))
    #expect(slots.started(2, handle: "t2") == "t2", "a task registered after close is cancelled at once")
    #expect(text(slots.workDone(1)) == "end, none")
    #expect(text(slots.offer(5)) == "none")
    #expect(text(slots.end()) == "none")
  }

  /// Random runs of every event, from simulated tasks, against `ReferenceSlots` (the same rules
  /// over plain arrays). Checked besides equal answers: never more than `maxTasks` slots, and with
  /// the wait rule every value starts exactly once, in arrival order, unless closed first.
  @Test(arguments: [(1, TaskSlots<Int, String>.WhenBusy.wait), (3, .wait), (1, .replace), (1, .drop)])
  func behavesAsTheReferenceUnderRandomEvents(maxTasks: Int, whenBusy: TaskSlots<Int, String>.WhenBusy) {
    var random = SplitMix64(seed: 0x5107 &+ UInt64(maxTasks))
    for _ in 0..<500 {
      var slots = Slots(maxTasks: maxTasks, whenBusy: whenBusy)
      var reference = ReferenceSlots(maxTasks: maxTasks, whenBusy: whenBusy)
      var offered: [Int] = []
      var started: [Int] = []
      var tasks: [Int] = []  // ids of slots whose task has not ended
      func note(_ answer: String) {
        let words = answer.split(separator: " ").map(String.init)
        switch (words.first, words.count) {
        case ("start", 3): (tasks, started) = (tasks + [Int(words[1])!], started + [Int(words[2])!])
        case ("end", 2): tasks.append(Int(words[1])!)
        case ("run", 2): started.append(Int(words[1])!)
        default: break
        }
      }
      for step in 0..<40 {
        switch Int.random(in: 0..<8, using: &random) {
        case 0, 1, 2:
          if !reference.ending && !reference.closed { offered.append(step) }
          let answer = text(slots.offer(step))
          #expect(answer == reference.offer(step))
          note(answer)
        case 3:
          guard let id = tasks.randomElement(using: &random) else { continue }
          #expect(slots.started(id, handle: "t\(id)") == reference.started(id, handle: "t\(id)"))
        case 4, 5:
          guard let index = tasks.indices.randomElement(using: &random) else { continue }
          let id = tasks[index]
          #expect(slots.mayRun(id) == reference.mayRun(id))
          let answer = slots.mayRun(id) ? text(slots.workDone(id)) : "end, " + text(slots.finished(id))
          #expect(answer == (reference.mayRun(id) ? reference.workDone(id) : "end, " + reference.finished(id)))
          if answer.hasPrefix("end") { tasks.remove(at: index) }
          note(answer.hasPrefix("end, ") ? String(answer.dropFirst(5)) : answer)
        case 6:
          let answer = text(slots.end())
          #expect(answer == reference.end())
          note(answer)
        default:
          guard Int.random(in: 0..<4, using: &random) == 0 else { continue }
          #expect(slots.close().sorted() == reference.close())
        }
        #expect(slots.occupied <= maxTasks)
        #expect(slots.waitingValues == reference.waiting)
      }
      if whenBusy == .wait && !slots.isClosed {
        #expect(started == Array(offered.prefix(started.count)) && started.count + slots.waitingValues.count == offered.count)
      }
    }
  }
}

/// The slots' rules written plainly, for the model-based test.
private struct ReferenceSlots {
  let maxTasks: Int
  let whenBusy: TaskSlots<Int, String>.WhenBusy
  var live: [Int] = []
  var cancelled: Set<Int> = []
  var handles: [Int: String] = [:]
  var waiting: [Int] = []
  var nextID = 0
  var ending = false
  var endingStarted = false
  var closed = false

  mutating func newSlot() -> Int {
    live.append(nextID)
    nextID += 1
    return nextID - 1
  }

  mutating func offer(_ value: Int) -> String {
    if ending || closed { return "none" }
    if live.count < maxTasks && waiting.isEmpty { return "start \(newSlot()) \(value)" }
    switch whenBusy {
    case .wait:
      waiting.append(value)
      return "none"
    case .drop:
      return "drop"
    case .replace:
      waiting = [value]
      let id = live[0]
      guard !cancelled.contains(id) else { return "none" }
      cancelled.insert(id)
      return handles[id].map { "cancel \($0)" } ?? "none"
    }
  }

  mutating func started(_ id: Int, handle: String) -> String? {
    guard live.contains(id), handles[id] == nil else { return nil }
    handles[id] = handle
    return cancelled.contains(id) ? handle : nil
  }

  func mayRun(_ id: Int) -> Bool { !closed && live.contains(id) && !cancelled.contains(id) }

  mutating func workDone(_ id: Int) -> String {
    if !closed, !endingStarted, !cancelled.contains(id), !waiting.isEmpty { return "run \(waiting.removeFirst())" }
    return "end, " + finished(id)
  }

  mutating func finished(_ id: Int) -> String {
    live.removeAll { $0 == id }
    if closed || endingStarted { return "none" }
    if live.count < maxTasks, !waiting.isEmpty { return "start \(newSlot()) \(waiting.removeFirst())" }
    guard ending, live.isEmpty else { return "none" }
    endingStarted = true
    return "end \(newSlot())"
  }

  mutating func end() -> String {
    guard !ending, !closed else { return "none" }
    ending = true
    return finished(-1)
  }

  mutating func close() -> [String] {
    guard !closed else { return [] }
    closed = true
    waiting = []
    let open = live.filter { !cancelled.contains($0) }
    cancelled.formUnion(open)
    return open.compactMap { handles[$0] }.sorted()
  }
}
