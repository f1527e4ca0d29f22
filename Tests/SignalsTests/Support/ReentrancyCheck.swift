// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

/// Something to do from inside the first `receive(_:)` of a pipeline's output.
///
/// Its action is not `@Sendable`: it captures the check's subject or pipeline, which Apple's
/// Combine does not mark `Sendable`.
private final class ReentrantAction: @unchecked Sendable {
  // Safety: the action runs only from inside a delivery that the check starts on its own thread (a
  // send from outside, a `TestScheduler`'s run), so never on another thread; `fired` is a lock.
  private let fired = LockedState.make(false)
  private let action: () -> Void

  init(_ action: @escaping () -> Void) { self.action = action }

  /// Runs the action the first time; returns whether it ran.
  @discardableResult
  func fireOnce() -> Bool {
    let first = fired.withLock { fired in
      defer { fired = true }
      return !fired
    }
    if first { action() }
    return first
  }

  var hasFired: Bool { fired.withLock { $0 } }
}

/// Holds a subscriber so a closure given to its initializer can reach it.
private final class ReentrantSubscriberBox<Input, Failure: Error>: Sendable {
  nonisolated(unsafe) var subscriber: TestSubscriber<Input, Failure>?
}

/// Checks that calls made from inside a subscriber's `receive(_:)` — `send`, `send(completion:)`,
/// `request`, `cancel`, and a new `subscribe` — neither deadlock nor reorder events: each run must
/// record exactly what the same calls made one after another from outside record (Combine delivers
/// nested sends depth-first, so the histories match).
///
/// ```swift
/// @Test func mapIsReentrant() {
///   checkReentrancy { $0.map { $0 * 2 } }
/// }
/// ```
///
/// - Parameters:
///   - inputs: The values sent; the first from outside, the rest from inside the first delivery.
///   - checksNestedSends: Whether to compare the nested-send history with the reference. Turn it
///     off for time-based operators: values sent from inside a delivery arrive at the same instant
///     of virtual time, where the reference spaces them out, so the histories differ by design.
///   - checksRequestsFromInside: Whether to compare a request made from inside each delivery with
///     the same demand returned from it. Turn it off for an operator that, as Combine's does,
///     tells them apart: `collect(.byTimeOrCount)` asks its upstream for more values on a request,
///     but not for demand returned for an array that ended a window.
///   - settle: Runs pending scheduled work (a `TestScheduler`'s `run()`) after each call from
///     outside.
///   - makePipeline: Builds the pipeline on the given upstream.
func checkReentrancy<P: Publisher>(
  inputs: [Int] = [1, 2, 3, 4],
  checksNestedSends: Bool = true,
  checksRequestsFromInside: Bool = true,
  settle: @escaping () -> Void = {},
  sourceLocation: SourceLocation = #_sourceLocation,
  _ makePipeline: (PassthroughSubject<Int, TestError>) -> P
) where P.Output: Equatable & Sendable, P.Failure: Equatable {
  typealias Recorder = TestSubscriber<P.Output, P.Failure>

  /// Sends `values` and then `completion` from outside, settling after each.
  func sendFromOutside(_ values: ArraySlice<Int>, to subject: PassthroughSubject<Int, TestError>, finish: Bool) {
    for value in values {
      subject.send(value)
      settle()
    }
    if finish {
      subject.send(completion: .finished)
      settle()
    }
  }

  // The reference: every input and the completion sent one after another from outside.
  let reference: [Recorder.Event] = {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    makePipeline(subject).subscribe(recorder)
    sendFromOutside(inputs[...], to: subject, finish: true)
    return recorder.events
  }()
  let firstValue = reference.firstIndex { if case .value = $0 { true } else { false } }

  // Nested send: the first output's delivery sends the remaining inputs and the completion.
  if checksNestedSends {
    let subject = PassthroughSubject<Int, TestError>()
    let nextInput = LockedState.make(0)
    let action = ReentrantAction {
      let rest = nextInput.withLock { next in
        defer { next = inputs.count }
        return inputs[next...]
      }
      for value in rest { subject.send(value) }
      subject.send(completion: .finished)
    }
    let recorder = Recorder(onValue: { _ in action.fireOnce() })
    makePipeline(subject).subscribe(recorder)
    while !action.hasFired,
      let value = nextInput.withLock({ next -> Int? in
        guard next < inputs.count else { return nil }
        defer { next += 1 }
        return inputs[next]
      })
    {
      subject.send(value)
      settle()
    }
    if !action.hasFired {
      subject.send(completion: .finished)
    }
    settle()
    #expect(recorder.events == reference, "send from inside receive(_:)", sourceLocation: sourceLocation)
  }

  guard let firstValue else { return }
  let throughFirstValue = Array(reference[...firstValue])

  // Cancel from inside the first delivery: nothing more arrives, whatever is sent afterwards. An
  // operator that emits its last value and its completion in one step (`collect()`, `first()`)
  // may still deliver that completion, as Combine's do.
  do {
    let subject = PassthroughSubject<Int, TestError>()
    let box = ReentrantSubscriberBox<P.Output, P.Failure>()
    let action = ReentrantAction { box.subscriber?.cancel() }
    box.subscriber = Recorder(onValue: { _ in action.fireOnce() })
    makePipeline(subject).subscribe(box.subscriber!)
    sendFromOutside(inputs[...], to: subject, finish: true)
    let events = box.subscriber!.events
    var allowed = [throughFirstValue]
    if firstValue + 1 < reference.count, case .completion = reference[firstValue + 1] {
      allowed.append(Array(reference[...(firstValue + 1)]))
    }
    #expect(allowed.contains(events), "cancel from inside receive(_:): \(events)", sourceLocation: sourceLocation)
  }

  // Request from inside each delivery instead of returning demand: the same history as unlimited.
  if checksRequestsFromInside {
    let subject = PassthroughSubject<Int, TestError>()
    let box = ReentrantSubscriberBox<P.Output, P.Failure>()
    box.subscriber = Recorder(initialDemand: .max(1), onValue: { _ in box.subscriber?.request(.max(1)) })
    makePipeline(subject).subscribe(box.subscriber!)
    sendFromOutside(inputs[...], to: subject, finish: true)
    let oneAtATime: [Recorder.Event] = {
      let subject = PassthroughSubject<Int, TestError>()
      let recorder = Recorder(initialDemand: .max(1), demandPerValue: .max(1))
      makePipeline(subject).subscribe(recorder)
      sendFromOutside(inputs[...], to: subject, finish: true)
      return recorder.events
    }()
    #expect(box.subscriber!.events == oneAtATime, "request from inside receive(_:)", sourceLocation: sourceLocation)
  }

  // Completion from inside the first delivery: as if the upstream had finished right after the
  // inputs that produced it.
  do {
    let subject = PassthroughSubject<Int, TestError>()
    let action = ReentrantAction { subject.send(completion: .finished) }
    let recorder = Recorder(onValue: { _ in action.fireOnce() })
    makePipeline(subject).subscribe(recorder)
    var sent = 0
    while !action.hasFired, sent < inputs.count {
      subject.send(inputs[sent])
      settle()
      sent += 1
    }
    if !action.hasFired {
      // The first output comes with the completion (a reducer): finish from outside.
      subject.send(completion: .finished)
      settle()
    }
    let expected: [Recorder.Event] = {
      let subject = PassthroughSubject<Int, TestError>()
      let recorder = Recorder()
      makePipeline(subject).subscribe(recorder)
      sendFromOutside(inputs[..<sent], to: subject, finish: true)
      return recorder.events
    }()
    #expect(recorder.events == expected, "send(completion:) from inside receive(_:)", sourceLocation: sourceLocation)
  }

  // Subscribe from inside the first delivery: no deadlock, and the newcomer is subscribed.
  do {
    let subject = PassthroughSubject<Int, TestError>()
    let pipeline = makePipeline(subject)
    let newcomer = Recorder()
    let action = ReentrantAction { pipeline.subscribe(newcomer) }
    let recorder = Recorder(onValue: { _ in action.fireOnce() })
    pipeline.subscribe(recorder)
    sendFromOutside(inputs[...], to: subject, finish: true)
    #expect(newcomer.subscriptionCount == 1, "subscribe from inside receive(_:)", sourceLocation: sourceLocation)
    #expect(recorder.events == reference, "a newcomer does not disturb the others", sourceLocation: sourceLocation)
  }
}
