// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport
import Testing

@testable import SignalsCombine

/// `DeliveryQueue`: events go out in the order they were staged, through one holder, whichever
/// callback runs first; a model-based run checks the rules against a reference over many random
/// interleavings of simulated threads and callbacks.
struct DeliveryQueueTests {
  struct TestError: Error, Equatable {}
  typealias Event = ParkedEvent<Int, TestError>

  let first = ThreadIdentity(rawValue: 1)
  let second = ThreadIdentity(rawValue: 2)

  @Test func aCallbackInTurnWithTheTokenFreeDeliversItsOwnEventAndParksNothing() {
    var queue = DeliveryQueue(.nested)
    let ticket = queue.stage()!
    do {
      let answer = queue.due(ticket, isCompletion: false, on: first)
      #expect(answer == .deliver)
    }
    #expect(queue.parkedCount == 0)
    do {
      let answer = queue.finishDelivery()
      #expect(!answer)
    }
  }

  @Test func aCallbackThatRunsWhileAnotherThreadDeliversIsLeftToTheHolder() {
    var queue = DeliveryQueue(.nested)
    let one = queue.stage()!, two = queue.stage()!
    do {
      let answer = queue.due(one, isCompletion: false, on: first)
      #expect(answer == .deliver)
    }
    do {
      let answer = queue.due(two, isCompletion: false, on: second)
      #expect(answer == .park)
    }
    queue.park(Event.value(2), ticket: two)
    do {
      let answer = queue.finishDelivery()
      #expect(answer)
    }
    guard case .value(2)? = queue.takeParked(Int.self, TestError.self) else { Issue.record("expected 2"); return }
    do {
      let answer = queue.finishDelivery()
      #expect(!answer)
    }
  }

  @Test func aCallbackThatRunsBeforeAnEarlierOneWaitsForItsTurn() {
    var queue = DeliveryQueue(.nested)
    let one = queue.stage()!, two = queue.stage()!
    // The scheduler runs the second action first: its event waits, and the token stays free.
    do {
      let answer = queue.due(two, isCompletion: false, on: second)
      #expect(answer == .park)
    }
    queue.park(Event.value(2), ticket: two)
    do {
      let answer = queue.due(one, isCompletion: false, on: first)
      #expect(answer == .deliver)
    }
    do {
      let answer = queue.finishDelivery()
      #expect(answer)
    }
    guard case .value(2)? = queue.takeParked(Int.self, TestError.self) else { Issue.record("expected 2"); return }
    do {
      let answer = queue.finishDelivery()
      #expect(!answer)
    }
  }

  @Test func aCallbackInsideTheHoldersDeliveryDeliversNested() {
    var queue = DeliveryQueue(.nested)
    do {
      let answer = queue.deliverNow(1, failure: TestError.self, on: first)
      #expect(answer == .deliver)
    }
    do {
      let answer = queue.deliverNow(2, failure: TestError.self, on: first)
      #expect(answer == .deliverNested)
    }
    do {
      let answer = queue.finishDelivery()
      #expect(!answer)
    }
  }

  @Test func nothingIsDeliveredAfterTheCompletion() {
    var queue = DeliveryQueue(.nested)
    do {
      let answer = queue.deliverNow(1, then: Subscribers.Completion<TestError>.finished, on: first)
      #expect(answer == .deliver)
    }
    do {
      let answer = queue.finishDelivery()
      #expect(answer)
    }
    guard case .completion(.finished)? = queue.takeParked(Int.self, TestError.self) else {
      Issue.record("completion")
      return
    }
    #expect(queue.isClosed)
    do {
      let answer = queue.finishDelivery()
      #expect(!answer)
    }
    do {
      let answer = queue.deliverNow(2, failure: TestError.self, on: first)
      #expect(answer == .none)
    }
  }

  @Test func closingDropsParkedEventsAndLaterCallbacksDoNothing() {
    var queue = DeliveryQueue(.nested)
    let one = queue.stage()!, two = queue.stage()!
    do {
      let answer = queue.due(two, isCompletion: false, on: first)
      #expect(answer == .park)
    }
    queue.park(Event.value(2), ticket: two)
    do {
      let answer = queue.close()
      #expect(answer != nil)
    }
    #expect(queue.parkedCount == 0)
    do {
      let answer = queue.due(one, isCompletion: false, on: first)
      #expect(answer == .none)
    }
    do {
      let answer = queue.stage()
      #expect(answer == nil)
    }
  }

  @Test func skippingWaitingEventsLetsTheNextOneGoAfterTheDeliveryInHand() {
    var queue = DeliveryQueue(.nested)
    let one = queue.stage()!, two = queue.stage()!, three = queue.stage()!
    do {
      let answer = queue.due(one, isCompletion: false, on: first)
      #expect(answer == .deliver)
    }
    do {
      let answer = queue.due(three, isCompletion: false, on: second)
      #expect(answer == .park)
    }
    queue.park(Event.value(3), ticket: three)
    do {
      let answer = queue.skipWaiting()
      #expect(answer != nil)
    }
    do {
      let answer = queue.deliverNow(Subscribers.Completion<TestError>.finished, input: Int.self, on: second)
      #expect(answer == .park)
    }
    // The completion waits for the holder; the skipped callback finds nothing to do.
    do {
      let answer = queue.due(two, isCompletion: false, on: second)
      #expect(answer == .none)
    }
    do {
      let answer = queue.finishDelivery()
      #expect(answer)
    }
    guard case .completion(.finished)? = queue.takeParked(Int.self, TestError.self) else {
      Issue.record("completion")
      return
    }
    do {
      let answer = queue.finishDelivery()
      #expect(!answer)
    }
  }

  /// Simulated threads stage events and run their callbacks in random orders, also from inside
  /// their own deliveries, and holders finish deliveries at random points; a reference model says
  /// what must be delivered. Checked: one holder at a time, nested deliveries only inside the
  /// holder's own delivery (nested rule) and never with the queued rule, events out in staging
  /// order and exactly once, nothing deliverable left parked when the holder gives the token back,
  /// every event delivered once all callbacks ran, nothing after the completion or a close.
  @Test(arguments: [SerialDelivery.Reentrancy.nested, .queued])
  func behavesAsTheReferenceModelUnderRandomInterleavings(_ reentrancy: SerialDelivery.Reentrancy) {
    var random = SplitMix(seed: 0x5EED)
    for _ in 0..<2_000 {
      var queue = DeliveryQueue(reentrancy)
      var staged = 0
      // Callbacks not run yet: their tickets and events.
      var callbacks: [(ticket: DeliveryQueue.Ticket, event: Event)] = []
      var delivered: [Int] = []
      var holder: Int?
      var closed = false
      var completed = false
      let threads = 3

      func check(_ event: Event) {
        #expect(!completed && !closed, "an event after the end")
        switch event {
        case .value(let id):
          #expect(id == delivered.count, "out of order: \(id) after \(delivered.count) values")
          delivered.append(id)
        case .completion:
          completed = true
        }
      }

      func finish() {
        while queue.finishDelivery() {
          guard let event = queue.takeParked(Int.self, TestError.self) else { break }
          check(event)
        }
        holder = nil
        // Given back: the event whose turn it is has not run yet (or there is none).
        #expect(closed || completed || !callbacks.isEmpty || delivered.count == staged, "token back, events owed")
      }

      for _ in 0..<60 {
        switch random.next(7) {
        case 0, 1:
          let isCompletion = random.next(12) == 0
          if let ticket = queue.stage() {
            callbacks.append((ticket, isCompletion ? .completion(.finished) : .value(staged)))
            if !isCompletion { staged += 1 }
          }
        case 2, 3, 4:
          guard !callbacks.isEmpty else { continue }
          // A random callback on a random thread: the holder's own thread means a re-entrant one.
          let (ticket, event) = callbacks.remove(at: random.next(callbacks.count))
          let thread = random.next(threads)
          var isCompletion = false
          if case .completion = event { isCompletion = true }
          switch queue.due(ticket, isCompletion: isCompletion, on: ThreadIdentity(rawValue: UInt(thread + 1))) {
          case .none:
            #expect(closed || completed, "an event dropped while the queue is open")
          case .park:
            queue.park(event, ticket: ticket)
            #expect(reentrancy == .queued || holder != thread || ticket > DeliveryQueue.Ticket(delivered.count))
          case .deliver:
            #expect(holder == nil, "two holders")
            holder = thread
            check(event)
          case .deliverNested:
            #expect(reentrancy == .nested && holder == thread, "nested outside the holder's delivery")
            check(event)
          }
        case 5:
          if holder != nil { finish() }
        default:
          if random.next(10) == 0 {
            _ = queue.close()
            closed = true
          }
        }
      }
      // The remaining callbacks run, in order, on a fresh thread after the holder finished.
      if holder != nil { finish() }
      for (ticket, event) in callbacks.sorted(by: { $0.ticket < $1.ticket }) {
        var isCompletion = false
        if case .completion = event { isCompletion = true }
        switch queue.due(ticket, isCompletion: isCompletion, on: ThreadIdentity(rawValue: 99)) {
        case .deliver, .deliverNested:
          check(event)
          finish()
        case .park:
          Issue.record("an event parked with nobody to deliver it")
        case .none:
          #expect(closed || completed)
        }
      }
      #expect(closed || completed || delivered.count == staged)
    }
  }
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
#endif
