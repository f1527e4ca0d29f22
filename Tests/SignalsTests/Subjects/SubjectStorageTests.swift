// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

/// The send path shared by both subjects: subscribers with unlimited demand are served in batches
/// of 64 whose tokens are taken before any of them is called, so these tests pin down that what an
/// earlier subscriber does from inside `receive` still reaches the later ones in Combine's order.
struct SubjectStorageTests {
  @Test func completionSentFromInsideReceiveStopsTheValueForLaterSubscribers() {
    let subject = PassthroughSubject<Int, Never>()
    var log: [String] = []
    let first = subject.sink(
      receiveCompletion: { _ in log.append("first finished") },
      receiveValue: { value in
        log.append("first \(value)")
        subject.send(completion: .finished)
      })
    let second = subject.sink(
      receiveCompletion: { _ in log.append("second finished") },
      receiveValue: { log.append("second \($0)") })
    subject.send(1)
    #expect(log == ["first 1", "first finished", "second finished"])
    withExtendedLifetime((first, second)) {}
  }

  // A send to one or two sinks keeps their conduits without retaining them, while it holds their
  // tokens on loan; a conduit taken off the list meanwhile is kept by the subject until that send
  // finishes, then let go.

  @Test(arguments: [1, 2])
  func aSinkCancelledAndDroppedFromInsideItsDeliveryIsReleasedOnceTheSendFinishes(sinks: Int) async {
    await expectNoLeaks {
      let subject = PassthroughSubject<Int, Never>()
      let held = Box<AnyCancellable?>(nil)
      var received: [Int] = []
      held.value = subject.sink { value in
        received.append(value)
        held.value?.cancel()
        held.value = nil
      }
      let other = sinks == 2 ? subject.sink { received.append($0 * 10) } : nil
      subject.send(1)
      subject.send(2)
      #expect(received == (sinks == 2 ? [1, 10, 20] : [1]))
      withExtendedLifetime(other) {}
    }
  }

  @Test func sinksCompletedFromInsideADeliveryAreReleasedOnceTheSendFinishes() async {
    await expectNoLeaks {
      let subject = PassthroughSubject<Int, Never>()
      var log: [String] = []
      var first: AnyCancellable? = subject.sink(
        receiveCompletion: { _ in log.append("first finished") },
        receiveValue: { value in
          log.append("first \(value)")
          subject.send(completion: .finished)
        })
      var second: AnyCancellable? = subject.sink(
        receiveCompletion: { _ in log.append("second finished") }, receiveValue: { log.append("second \($0)") })
      subject.send(1)
      first = nil
      second = nil
      #expect(log == ["first 1", "first finished", "second finished"])
      withExtendedLifetime((first, second)) {}
    }
  }

  @Test func aSinkCancelledTwiceFromInsideItsDeliveryIsReleasedOnce() async {
    await expectNoLeaks {
      let subject = PassthroughSubject<Int, Never>()
      let held = Box<AnyCancellable?>(nil)
      held.value = subject.sink { _ in
        held.value?.cancel()
        held.value?.cancel()
        held.value = nil
      }
      subject.send(1)
    }
  }

  @Test func everyOneOfManySubscribersGetsEveryValueOnceInOrder() {
    let subject = PassthroughSubject<Int, Never>()
    let recorders = (0..<150).map { _ in TestSubscriber<Int, Never>() }
    for recorder in recorders { subject.subscribe(recorder) }
    for value in 1...3 { subject.send(value) }
    subject.send(completion: .finished)
    for recorder in recorders {
      #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
    }
  }

  @Test func cancellingALaterSubscriberInAnotherBatchFromInsideReceiveStopsItsDelivery() {
    let subject = PassthroughSubject<Int, Never>()
    let recorders = (0..<100).map { _ in TestSubscriber<Int, Never>() }
    var cancellables = Set<AnyCancellable>()
    // Subscriber 10 (first batch) cancels subscribers 20 (same batch) and 80 (second batch) when it
    // receives 2.
    for (index, recorder) in recorders.enumerated() {
      if index == 10 {
        let canceller = subject.sink { value in
          if value == 2 {
            recorders[20].cancel()
            recorders[80].cancel()
          }
        }
        cancellables.insert(canceller)
      }
      subject.subscribe(recorder)
    }
    subject.send(1)
    subject.send(2)
    subject.send(3)
    #expect(recorders[20].values == [1])
    #expect(recorders[80].values == [1])
    #expect(recorders[79].values == [1, 2, 3])
    #expect(recorders[99].values == [1, 2, 3])
    withExtendedLifetime(cancellables) {}
  }

  @Test func limitedAndUnlimitedSubscribersKeepTheirOrderAndTheirDemand() {
    let subject = PassthroughSubject<Int, Never>()
    var log: [String] = []
    let first = subject.sink { log.append("first \($0)") }
    subject.subscribe(OneValueLogger { log.append("limited \($0)") })
    let last = subject.sink { log.append("last \($0)") }
    subject.send(1)
    subject.send(2)
    #expect(log == ["first 1", "limited 1", "last 1", "first 2", "last 2"])
    withExtendedLifetime((first, last)) {}
  }

  @Test func nestedSendReachesAReservedSubscriberBeforeTheOuterValue() {
    let subject = PassthroughSubject<Int, Never>()
    var log: [String] = []
    let first = subject.sink { value in
      log.append("first \(value)")
      if value == 1 { subject.send(2) }
    }
    subject.subscribe(OneValueLogger { log.append("limited \($0)") })
    let last = subject.sink { log.append("last \($0)") }
    subject.send(1)
    // Combine's depth-first order: the nested send reaches everyone first; the limited subscriber's
    // one unit of demand goes to the value that reaches it first.
    #expect(log == ["first 1", "first 2", "limited 2", "last 2", "last 1"])
    withExtendedLifetime((first, last)) {}
  }

  // MARK: `sink` on a subject: the closures live in the subject's conduit

  @Test func sinkOnASubjectReleasesItsClosuresWhenCancelledEvenWhileTheCancellableIsKept() {
    let subject = PassthroughSubject<Int, Never>()
    weak var weakCapture: Capture?
    var received: [Int] = []
    let cancellable: AnyCancellable
    do {
      let capture = Capture()
      weakCapture = capture
      cancellable = subject.sink { value in
        capture.values.append(value)
        received = capture.values
      }
    }
    subject.send(1)
    #expect(weakCapture != nil)
    cancellable.cancel()
    #expect(weakCapture == nil)
    subject.send(2)
    #expect(received == [1])
  }

  @Test func sinkOnASubjectReleasesItsClosuresOnCompletion() {
    let subject = CurrentValueSubject<Int, Never>(0)
    weak var weakCapture: Capture?
    var completions = 0
    let cancellable: AnyCancellable
    do {
      let capture = Capture()
      weakCapture = capture
      cancellable = subject.sink(
        receiveCompletion: { _ in completions += 1 }, receiveValue: { capture.values.append($0) })
    }
    #expect(weakCapture?.values == [0])
    subject.send(completion: .finished)
    #expect(weakCapture == nil)
    #expect(completions == 1)
    withExtendedLifetime(cancellable) {}
  }

  @Test func whatReleasingASinksClosuresRunsMayUseTheSubjectAndTheCancellable() {
    let subject = PassthroughSubject<Int, Never>()
    var others: [Int] = []
    let other = subject.sink { others.append($0) }
    var received: [Int] = []
    var cancellable: AnyCancellable?
    do {
      // Released with the closure: sends to the subject and cancels the sink again from its deinit.
      let onRelease = ReleaseAction {
        subject.send(2)
        cancellable?.cancel()
      }
      cancellable = subject.sink { value in
        withExtendedLifetime(onRelease) { received.append(value) }
      }
    }
    subject.send(1)
    cancellable?.cancel()
    subject.send(3)
    #expect(received == [1])
    #expect(others == [1, 2, 3])
    withExtendedLifetime(other) {}
  }

  @Test func aCancelledSinkNoLongerKeepsItsSubjectAlive() {
    weak var weakSubject: PassthroughSubject<Int, Never>?
    let cancellable: AnyCancellable
    do {
      let subject = PassthroughSubject<Int, Never>()
      weakSubject = subject
      cancellable = subject.sink { _ in }
    }
    #expect(weakSubject != nil)
    cancellable.cancel()
    #expect(weakSubject == nil)
  }

  @Test func sinkOnACompletedSubjectReceivesTheCompletionAtOnce() {
    let subject = PassthroughSubject<Int, TestError>()
    subject.send(completion: .failure(TestError(id: 7)))
    var completions: [Subscribers.Completion<TestError>] = []
    var values: [Int] = []
    let cancellable = subject.sink(receiveCompletion: { completions.append($0) }, receiveValue: { values.append($0) })
    subject.send(1)
    #expect(completions == [.failure(TestError(id: 7))])
    #expect(values.isEmpty)
    cancellable.cancel()
  }

  @Test func sinkOnASubjectFedByAPublisherAsksUpstreamForEverything() {
    let upstream = TestPublisher<Int, Never>()
    let subject = PassthroughSubject<Int, Never>()
    let link = upstream.subscribe(subject)
    #expect(upstream.subscription.events.isEmpty)
    var received: [Int] = []
    let cancellable = subject.sink { received.append($0) }
    #expect(upstream.subscription.events == [.requested(.unlimited)])
    upstream.send(7)
    #expect(received == [7])
    cancellable.cancel()
    link.cancel()
  }

  @Test func sinkCancellingItselfInsideReceiveValueGetsNothingMore() {
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    var cancellable: AnyCancellable?
    cancellable = subject.sink { value in
      received.append(value)
      cancellable?.cancel()
      subject.send(value + 1)
    }
    subject.send(1)
    subject.send(10)
    #expect(received == [1])
    withExtendedLifetime(cancellable) {}
  }

  @Test func cancellingASinkTwiceOrFromManyThreadsIsHarmless() {
    let subject = PassthroughSubject<Int, Never>()
    let cancellables = (0..<100).map { _ in subject.sink { _ in } }
    DispatchQueue.concurrentPerform(iterations: 100) { index in
      cancellables[index].cancel()
      cancellables[(index + 1) % 100].cancel()
    }
    var received: [Int] = []
    let last = subject.sink { received.append($0) }
    subject.send(1)
    #expect(received == [1])
    last.cancel()
  }
}

/// Something for a sink's closure to capture, to see when the closure is released.
private final class Capture {
  var values: [Int] = []
}

/// Runs an action when released.
private final class ReleaseAction {
  private let action: () -> Void

  init(_ action: @escaping () -> Void) {
    self.action = action
  }

  deinit {
    action()
  }
}

/// A subscriber that asks for one value and logs it, from a closure that need not be `Sendable`.
private final class OneValueLogger: Subscriber {
  private let log: (Int) -> Void

  init(_ log: @escaping (Int) -> Void) {
    self.log = log
  }

  func receive(subscription: any Subscription) { subscription.request(.max(1)) }
  func receive(_ input: Int) -> Subscribers.Demand {
    log(input)
    return .none
  }
  func receive(completion: Subscribers.Completion<Never>) {}
}

/// A mutable cell a closure can capture, for a sink that lets go of its own cancellable.
private final class Box<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}
