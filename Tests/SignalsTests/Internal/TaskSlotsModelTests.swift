// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Testing

@testable import SignalsConcurrency

/// `TaskSlots` under random events from simulated tasks, against `ReferenceSlots` (the same rules
/// over plain arrays). Checked besides equal answers: never more than `maxTasks` tasks working;
/// once every task has run as far as it can, each value that got a slot ran exactly once (with
/// the wait rule, every value, in arrival order for one slot, unless closed); the ending ran at
/// most once; and after the ending or a close no task is left, parked or not.
struct TaskSlotsModelTests {
  typealias Slots = TaskSlots<Int, String, String>

  /// Where a simulated slot task is.
  private enum Sim: Equatable {
    /// Created with its first step ("run 3" or "ending"); asks `mayRun` first.
    case fresh(String)
    case working
    case runningEnding
    case parking
    case parked
    case woken
  }

  private struct Run {
    var slots: Slots
    var reference: ReferenceSlots
    var tasks: [Int: Sim] = [:]
    var ran: [Int] = []
    var endings = 0

    /// Follows an answer that creates tasks or wakes them.
    mutating func note(_ answer: String) {
      let words = answer.split(separator: " ").map(String.init)
      switch (words.first, words.count) {
      case ("start", 3): tasks[Int(words[1])!] = .fresh("run \(words[2])")
      case ("end", 2): tasks[Int(words[1])!] = .fresh("ending")
      case ("resume", 2): tasks[Int(words[1].dropFirst())!] = .woken
      default: break
      }
    }

    mutating func noteRelease(_ release: Slots.Release) {
      note(TaskSlotsTests.text(release.next))
      for parked in release.resume { note("resume \(parked)") }
    }

    /// Slot `id`'s task takes `step`.
    mutating func follow(_ id: Int, _ step: String) {
      if step.hasPrefix("run ") {
        ran.append(Int(step.dropFirst(4))!)
        tasks[id] = .working
      } else if step == "ending" {
        endings += 1
        tasks[id] = .runningEnding
      } else if step == "park" {
        tasks[id] = .parking
      } else {
        #expect(step.hasPrefix("end, "), "unknown step \(step)")
        tasks[id] = nil
        note(String(step.dropFirst(5)))
      }
    }

    /// Moves slot `id`'s task one step on, unless it is parked.
    mutating func advance(_ id: Int) {
      switch tasks[id] {
      case .fresh(let first):
        let mayRun = slots.mayRun(id)
        #expect(mayRun == reference.mayRun(id))
        let step = mayRun ? first : "end, " + TaskSlotsTests.text(slots.finished(id))
        #expect(step == (mayRun ? first : "end, " + reference.finished(id)))
        follow(id, step)
      case .working:
        let step = TaskSlotsTests.text(slots.workDone(id))
        #expect(step == reference.workDone(id))
        follow(id, step)
      case .runningEnding:
        let next = TaskSlotsTests.text(slots.finished(id))
        #expect(next == reference.finished(id))
        follow(id, "end, " + next)
      case .parking:
        let parked = slots.park(id, "p\(id)")
        #expect(parked == reference.park(id, "p\(id)"))
        tasks[id] = parked ? .parked : .woken
      case .woken:
        let step = TaskSlotsTests.text(slots.resumed(id))
        #expect(step == reference.resumed(id))
        follow(id, step)
      case .parked, nil:
        break
      }
    }
  }

  @Test(arguments: [(1, Slots.WhenBusy.wait), (3, .wait), (1, .replace), (1, .drop)])
  func behavesAsTheReferenceUnderRandomEvents(maxTasks: Int, whenBusy: Slots.WhenBusy) {
    var random = SplitMix64(seed: 0x5107 &+ UInt64(maxTasks))
    for _ in 0..<500 {
      var run = Run(
        slots: Slots(maxTasks: maxTasks, whenBusy: whenBusy),
        reference: ReferenceSlots(maxTasks: maxTasks, whenBusy: whenBusy))
      var offered: [Int] = []
      for step in 0..<40 {
        switch Int.random(in: 0..<10, using: &random) {
        case 0, 1, 2:
          if !run.reference.ending && !run.reference.closed { offered.append(step) }
          let answer = TaskSlotsTests.text(run.slots.offer(step))
          #expect(answer == run.reference.offer(step))
          run.note(answer)
        case 3:
          guard let id = run.tasks.keys.randomElement(using: &random) else { continue }
          #expect(run.slots.started(id, handle: "t\(id)") == run.reference.started(id, handle: "t\(id)"))
        case 4, 5, 6:
          guard let id = run.tasks.keys.randomElement(using: &random) else { continue }
          run.advance(id)
        case 7:
          let opened = run.slots.open()
          #expect(opened == run.reference.open())
          if let opened { run.tasks[opened] = .parking }
        case 8:
          guard Int.random(in: 0..<3, using: &random) == 0 else { continue }
          let release = run.slots.end()
          #expect(TaskSlotsTests.text(release) == run.reference.end())
          run.noteRelease(release)
        default:
          if let id = run.tasks.keys.randomElement(using: &random), Int.random(in: 0..<4, using: &random) == 0 {
            let parked = run.slots.cancelParked(id)
            #expect(parked == run.reference.cancelParked(id))
            if parked != nil { run.tasks[id] = .woken }
            continue
          }
          guard Int.random(in: 0..<6, using: &random) == 0 else { continue }
          let release = run.slots.close()
          #expect(TaskSlotsTests.text(release) == run.reference.close())
          run.noteRelease(release)
        }
        #expect(run.tasks.values.filter { $0 == .working || $0 == .runningEnding }.count <= maxTasks)
        #expect(run.slots.occupied <= maxTasks)
        #expect(run.slots.waitingValues == run.reference.waiting)
      }
      // Every task runs as far as it can.
      while let id = run.tasks.first(where: { $0.value != .parked })?.key { run.advance(id) }
      #expect(Set(run.ran).count == run.ran.count, "a value ran twice: \(run.ran)")
      #expect(run.endings <= 1)
      if run.reference.ending || run.reference.closed {
        #expect(run.tasks.isEmpty, "tasks left behind: \(run.tasks)")
      }
      if whenBusy == .wait && !run.slots.isClosed {
        #expect(run.ran.sorted() == offered)
        if maxTasks == 1 { #expect(run.ran == offered) }
        #expect(run.endings == (run.reference.ending ? 1 : 0))
      }
    }
  }
}

/// The slots' rules written plainly, for the model-based test.
private struct ReferenceSlots {
  enum Work { case value(Int), ending }

  let maxTasks: Int
  let whenBusy: TaskSlots<Int, String, String>.WhenBusy
  var live: [Int] = []
  var cancelled: Set<Int> = []
  var handles: [Int: String] = [:]
  /// Slots with no work, most recently parked last, and what wakes those that parked.
  var idle: [Int] = []
  var parked: [Int: String] = [:]
  /// Work handed to slots that were idle.
  var handed: [Int: Work] = [:]
  var waiting: [Int] = []
  var nextID = 0
  var ending = false
  var endingHandedOut = false
  var closed = false

  mutating func newSlot() -> Int {
    live.append(nextID)
    nextID += 1
    return nextID - 1
  }

  mutating func letGo(_ id: Int) -> String? {
    live.removeAll { $0 == id }
    idle.removeAll { $0 == id }
    handed[id] = nil
    return parked.removeValue(forKey: id)
  }

  mutating func offer(_ value: Int) -> String {
    if ending || closed { return "none" }
    if waiting.isEmpty, let id = idle.popLast() {
      handed[id] = .value(value)
      return parked.removeValue(forKey: id).map { "resume \($0)" } ?? "none"
    }
    if live.count < maxTasks && waiting.isEmpty { return "start \(newSlot()) \(value)" }
    switch whenBusy {
    case .wait:
      waiting.append(value)
      return "none"
    case .drop:
      return "drop"
    case .replace:
      let id = live[0]
      if case .value = handed[id] {
        handed[id] = .value(value)
        return "none"
      }
      waiting = [value]
      guard !cancelled.contains(id) else { return "none" }
      cancelled.insert(id)
      return handles[id].map { "cancel \($0)" } ?? "none"
    }
  }

  mutating func open() -> Int? {
    guard !ending, !closed, live.isEmpty else { return nil }
    let id = newSlot()
    idle.append(id)
    return id
  }

  mutating func started(_ id: Int, handle: String) -> String? {
    guard live.contains(id), handles[id] == nil else { return nil }
    handles[id] = handle
    return cancelled.contains(id) ? handle : nil
  }

  func mayRun(_ id: Int) -> Bool { !closed && live.contains(id) && !cancelled.contains(id) }

  mutating func workDone(_ id: Int) -> String {
    if !cancelled.contains(id) && !closed && !endingHandedOut {
      if !waiting.isEmpty { return "run \(waiting.removeFirst())" }
      if !ending {
        idle.append(id)
        return "park"
      }
      if live == [id] {
        endingHandedOut = true
        return "ending"
      }
    }
    return "end, " + finished(id)
  }

  mutating func park(_ id: Int, _ wakeUp: String) -> Bool {
    guard live.contains(id), handed[id] == nil else { return false }
    parked[id] = wakeUp
    return true
  }

  mutating func resumed(_ id: Int) -> String {
    guard live.contains(id), let work = handed.removeValue(forKey: id) else { return "end, none" }
    switch work {
    case .value(let value): return "run \(value)"
    case .ending: return "ending"
    }
  }

  mutating func cancelParked(_ id: Int) -> String? {
    guard idle.contains(id) else { return nil }
    return letGo(id)
  }

  mutating func finished(_ id: Int) -> String {
    guard live.contains(id) else { return "none" }
    _ = letGo(id)
    return next()
  }

  mutating func next() -> String {
    if closed || endingHandedOut { return "none" }
    if live.count < maxTasks, !waiting.isEmpty { return "start \(newSlot()) \(waiting.removeFirst())" }
    guard ending, live.isEmpty else { return "none" }
    endingHandedOut = true
    return "end \(newSlot())"
  }

  mutating func end() -> String {
    guard !ending, !closed else { return "next none; resume []; cancel []" }
    ending = true
    var resume: [String] = []
    let runsEnding = live.count == idle.count ? idle.last : nil
    for id in idle {
      if id == runsEnding {
        handed[id] = .ending
        endingHandedOut = true
        if let wakeUp = parked.removeValue(forKey: id) { resume.append(wakeUp) }
      } else if let wakeUp = letGo(id) {
        resume.append(wakeUp)
      }
    }
    idle = []
    return "next \(next()); resume \(resume.sorted()); cancel []"
  }

  mutating func close() -> String {
    guard !closed else { return "next none; resume []; cancel []" }
    closed = true
    waiting = []
    var resume: [String] = []
    var cancel: [String] = []
    for id in live {
      if idle.contains(id) || handed[id] != nil {
        if let wakeUp = letGo(id) { resume.append(wakeUp) }
      } else if !cancelled.contains(id) {
        cancelled.insert(id)
        if let handle = handles[id] { cancel.append(handle) }
      }
    }
    return "next none; resume \(resume.sorted()); cancel \(cancel.sorted())"
  }
}
