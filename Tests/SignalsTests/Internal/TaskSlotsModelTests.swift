// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Testing

@testable import SignalsConcurrency

/// `TaskSlots` under random events from simulated tasks and a simulated owner's queue, against
/// `ReferenceSlots` (the same rules over plain arrays). Checked besides equal answers: never more
/// than `maxTasks` tasks working; once every task has run as far as it can, each value ran at most
/// once (with the wait rule, every value, in arrival order for one slot, unless closed); the
/// ending ran at most once; and after the ending or a close no task is left, parked or not.
struct TaskSlotsModelTests {
  typealias Slots = TaskSlots<String, String>

  /// Where a simulated slot task is.
  private enum Sim: Equatable {
    /// Created with its first step ("run", with its value in `firstValues`, or "ending"); asks
    /// `mayRun` first.
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
    /// The owner's queue, and the values new tasks start with.
    var queue: [Int] = []
    var firstValues: [Int: Int] = [:]
    var ran: [Int] = []
    var endings = 0

    /// Follows what `offer()` answered for `value`.
    mutating func follow(offer answer: String, of value: Int) {
      let words = answer.split(separator: " ").map(String.init)
      switch words.first {
      case "start":
        tasks[Int(words[1])!] = .fresh("run")
        firstValues[Int(words[1])!] = value
      case "wait":
        queue.append(value)
      case "wake":
        queue.append(value)
        if words[1] != "parking" { tasks[Int(words[1].dropFirst())!] = .woken }
      case "replace,":
        queue = [value]
      default:
        break
      }
    }

    /// Follows a ``TaskSlots/Next`` that creates a task.
    mutating func note(_ next: String) {
      let words = next.split(separator: " ").map(String.init)
      switch (words.first, words.count) {
      case ("start", 2):
        tasks[Int(words[1])!] = .fresh("run")
        firstValues[Int(words[1])!] = queue.removeFirst()
      case ("end", 2):
        tasks[Int(words[1])!] = .fresh("ending")
      default:
        break
      }
    }

    mutating func noteRelease(_ release: Slots.Release) {
      if let id = release.ending { tasks[id] = .fresh("ending") }
      for parked in release.resume { tasks[Int(parked.dropFirst())!] = .woken }
    }

    /// Slot `id`'s task takes `step`; `value` is the one it was started with, if any.
    mutating func follow(_ id: Int, _ step: String, startingWith value: Int? = nil) {
      if step == "run" {
        ran.append(value ?? queue.removeFirst())
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
        follow(id, step, startingWith: firstValues.removeValue(forKey: id))
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
          let answer = TaskSlotsTests.text(run.slots.offer())
          #expect(answer == run.reference.offer())
          run.follow(offer: answer, of: step)
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
          run.queue = []
          run.noteRelease(release)
        }
        #expect(run.tasks.values.filter { $0 == .working || $0 == .runningEnding }.count <= maxTasks)
        #expect(run.slots.occupied <= maxTasks)
        #expect(run.slots.waiting == run.queue.count && run.queue.count == run.reference.waiting)
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

/// The slots' rules written plainly, for the model-based test: answers as text, values counted.
private struct ReferenceSlots {
  enum Work { case value, ending }

  let maxTasks: Int
  let whenBusy: TaskSlotsTests.Slots.WhenBusy
  var live: [Int] = []
  var cancelled: Set<Int> = []
  var handles: [Int: String] = [:]
  /// Slots with no work, most recently parked last, and what wakes those that parked.
  var idle: [Int] = []
  var parked: [Int: String] = [:]
  /// Work handed to slots that were idle (a value kept in the owner's queue, or the ending).
  var handed: [Int: Work] = [:]
  /// Values in the owner's queue, and how many of them are kept for slots handed one.
  var waiting = 0
  var kept = 0
  var nextID = 0
  var ending = false
  var endingHandedOut = false
  var closed = false

  static let nothing = "ending none; resume []; cancel []"

  mutating func newSlot() -> Int {
    live.append(nextID)
    nextID += 1
    return nextID - 1
  }

  mutating func letGo(_ id: Int) -> String? {
    live.removeAll { $0 == id }
    idle.removeAll { $0 == id }
    if case .value = handed.removeValue(forKey: id) { kept -= 1 }
    return parked.removeValue(forKey: id)
  }

  mutating func offer() -> String {
    if ending || closed { return "ignore" }
    if waiting == kept, let id = idle.popLast() {
      handed[id] = .value
      waiting += 1
      kept += 1
      return "wake \(parked.removeValue(forKey: id) ?? "parking")"
    }
    if waiting == kept && live.count < maxTasks { return "start \(newSlot())" }
    switch whenBusy {
    case .wait:
      waiting += 1
      return "wait"
    case .drop:
      return "drop"
    case .replace:
      let id = live[0]
      waiting = 1
      if handed[id] != nil || cancelled.contains(id) { return "replace, cancel none" }
      cancelled.insert(id)
      return "replace, cancel \(handles[id] ?? "none")"
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
      if waiting > kept {
        waiting -= 1
        return "run"
      }
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
    case .value:
      waiting -= 1
      kept -= 1
      return "run"
    case .ending:
      return "ending"
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
    if live.count < maxTasks, waiting > kept {
      waiting -= 1
      return "start \(newSlot())"
    }
    guard ending, live.isEmpty else { return "none" }
    endingHandedOut = true
    return "end \(newSlot())"
  }

  mutating func end() -> String {
    guard !ending, !closed else { return Self.nothing }
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
    let next = next()
    let ending = next.hasPrefix("end ") ? String(next.dropFirst(4)) : "none"
    return "ending \(ending); resume \(resume.sorted()); cancel []"
  }

  mutating func close() -> String {
    guard !closed else { return Self.nothing }
    closed = true
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
    waiting = 0
    kept = 0
    return "ending none; resume \(resume.sorted()); cancel \(cancel.sorted())"
  }
}
