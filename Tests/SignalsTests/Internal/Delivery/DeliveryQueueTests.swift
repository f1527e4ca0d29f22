// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport
import Testing

@testable import SignalsCombine

/// `DeliveryQueue`: due events go out oldest first through one holder, and a model-based run
/// checks the rules against a reference over many random interleavings of simulated threads.
struct DeliveryQueueTests {
  typealias Queue = DeliveryQueue<Int, TestError>
  struct TestError: Error, Equatable {}

  let first = ThreadIdentity(rawValue: 1)
  let second = ThreadIdentity(rawValue: 2)

  @Test func aDueEventIsTheOldestStagedOneWhicheverCallbackMadeItDue() {
    var queue = Queue(.nested)
    queue.stage(.value(1))
    queue.stage(.value(2))
    guard case .deliver(.value(1)) = queue.due(on: first) else { Issue.record("expected 1"); return }
    // The second callback runs on another thread while the first delivers: left to the holder.
    guard case .none = queue.due(on: second) else { Issue.record("expected the holder to deliver"); return }
    guard case .value(2)? = queue.finishDelivery() else { Issue.record("expected 2"); return }
    #expect(queue.finishDelivery().isNone)
  }

  @Test func aCallbackInsideTheHoldersDeliveryDeliversNested() {
    var queue = Queue(.nested)
    guard case .deliver(.value(1)) = queue.deliverNow(.value(1), on: first) else { Issue.record("1"); return }
    guard case .deliverNested(.value(2)) = queue.deliverNow(.value(2), on: first) else { Issue.record("2"); return }
    #expect(queue.finishDelivery().isNone)
  }

  @Test func nothingIsDeliveredAfterTheCompletion() {
    var queue = Queue(.nested)
    guard case .deliver(.value(1)) = queue.deliverNow(1, then: .finished, on: first) else {
      Issue.record("expected the value first")
      return
    }
    guard case .completion(.finished)? = queue.finishDelivery() else { Issue.record("completion"); return }
    #expect(queue.isClosed)
    #expect(queue.finishDelivery().isNone)
    guard case .none = queue.deliverNow(.value(2), on: first) else { Issue.record("closed"); return }
  }

  @Test func closingDropsStagedEventsAndLaterCallbacksDoNothing() {
    var queue = Queue(.nested)
    queue.stage(.value(1))
    queue.stage(.value(2))
    #expect(queue.close().count == 2)
    guard case .none = queue.due(on: first) else { Issue.record("closed"); return }
  }

  @Test func deliveringInsteadDropsWhatWaitsAndGoesAfterTheDeliveryInHand() {
    var queue = Queue(.nested)
    guard case .deliver(.value(1)) = queue.deliverNow(.value(1), on: first) else { Issue.record("1"); return }
    queue.stage(.value(2))
    _ = queue.due(on: second)
    let (dropped, step) = queue.deliverInstead(.completion(.finished), on: second)
    #expect(dropped.compactMap { $0 }.count == 1)
    guard case .none = step else { Issue.record("left to the holder"); return }
    guard case .completion(.finished)? = queue.finishDelivery() else { Issue.record("completion"); return }
    #expect(queue.finishDelivery().isNone)
  }

  /// Simulated threads stage events, run callbacks (also from inside their own deliveries) and
  /// finish deliveries in random orders; a reference model says what must be delivered. Checked:
  /// one holder at a time, nested deliveries only inside the holder's own delivery (nested rule)
  /// and never with the queued rule, events out oldest first and exactly once, every due event
  /// delivered by the time the holder gives the token back, nothing after the completion or a
  /// close.
  @Test(arguments: [SerialDelivery.Reentrancy.nested, .queued])
  func behavesAsTheReferenceModelUnderRandomInterleavings(_ reentrancy: SerialDelivery.Reentrancy) {
    var random = SplitMix(seed: 0x5EED)
    for _ in 0..<2_000 {
      var queue = Queue(reentrancy)
      // Reference: events staged (ids), how many are due, what was delivered, who holds.
      var staged: [Int] = []
      var dueCount = 0
      var delivered: [Int] = []
      var holder: Int?
      var closed = false
      var completed = false
      let threads = 3

      func check(_ event: Queue.Event) {
        switch event {
        case .value(let id):
          #expect(!completed && !closed, "value \(id) after the end")
          #expect(delivered.count < staged.count && staged[delivered.count] == id, "out of order: \(id)")
          delivered.append(id)
        case .completion:
          #expect(!completed, "second completion")
          completed = true
        }
      }

      for step in 0..<60 {
        switch random.next(6) {
        case 0, 1:
          if !closed, !completed {
            staged.append(step)
            queue.stage(.value(step))
          }
        case 2, 3:
          // A callback on a random thread: the holder's own thread means a re-entrant callback.
          let thread = random.next(threads)
          let staleCallback = dueCount >= staged.count || closed || completed
          if !staleCallback { dueCount += 1 }
          switch queue.due(on: ThreadIdentity(rawValue: UInt(thread + 1))) {
          case .none:
            #expect(staleCallback || holder != nil, "a due event with nobody to deliver it")
            #expect(staleCallback || reentrancy == .queued || holder != thread, "the holder's own callback queued")
          case .deliver(let event):
            #expect(holder == nil, "two holders")
            holder = thread
            check(event)
          case .deliverNested(let event):
            #expect(reentrancy == .nested && holder == thread, "nested outside the holder's delivery")
            check(event)
          }
        case 4:
          if let current = holder {
            if let event = queue.finishDelivery() {
              check(event)
            } else {
              #expect(closed || completed || delivered.count == dueCount, "token given back with events owed")
              holder = nil
            }
            _ = current
          }
        default:
          if random.next(8) == 0 {
            _ = queue.close()
            closed = true
          }
        }
      }
      // The holder finishes what it owes.
      if holder != nil {
        while let event = queue.finishDelivery() { check(event) }
      }
      #expect(closed || completed || delivered.count == min(dueCount, staged.count))
    }
  }
}

extension Optional {
  fileprivate var isNone: Bool { self == nil }
}

/// A small deterministic random source for the model-based test.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}
