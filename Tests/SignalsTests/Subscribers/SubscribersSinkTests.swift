// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct SubscribersSinkTests {
  /// An object whose deinit is observable.
  final class Owner {}

  @Test func asksForUnlimitedAndForwardsValuesAndCompletion() {
    let upstream = TestPublisher<Int, TestError>()
    var log: [String] = []
    let cancellable = upstream.sink(
      receiveCompletion: { log.append("completion \($0)") },
      receiveValue: { log.append("value \($0)") })
    #expect(upstream.subscription.events == [.requested(.unlimited)])
    #expect(upstream.send(1) == .none)
    upstream.send(completion: .finished)
    upstream.send(2)
    #expect(log == ["value 1", "completion finished"])
    cancellable.cancel()
    #expect(!upstream.subscription.isCancelled, "cancel after completion does not reach upstream")
  }

  @Test func cancelStopsValuesAndCancelsUpstream() {
    let upstream = TestPublisher<Int, Never>()
    var values: [Int] = []
    let cancellable = upstream.sink { values.append($0) }
    upstream.send(1)
    cancellable.cancel()
    upstream.send(2)
    #expect(values == [1])
    #expect(upstream.subscription.isCancelled)
  }

  @Test func secondSubscriptionIsCancelled() {
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
    let first = TestSubscription()
    let second = TestSubscription()
    sink.receive(subscription: first)
    sink.receive(subscription: second)
    #expect(first.events == [.requested(.unlimited)])
    #expect(second.events == [.cancelled])
  }

  @Test func cancelReleasesTheClosuresAndWhatTheyCaptured() {
    weak var weakOwner: Owner?
    let subject = PassthroughSubject<Int, Never>()
    var cancellable: AnyCancellable?
    do {
      let owner = Owner()
      weakOwner = owner
      cancellable = subject.sink { _ in withExtendedLifetime(owner) {} }
    }
    #expect(weakOwner != nil)
    cancellable?.cancel()
    #expect(weakOwner == nil)
  }

  @Test func completionReleasesTheClosures() {
    weak var weakOwner: Owner?
    let subject = PassthroughSubject<Int, Never>()
    var cancellable: AnyCancellable?
    do {
      let owner = Owner()
      weakOwner = owner
      cancellable = subject.sink { _ in withExtendedLifetime(owner) {} }
    }
    subject.send(completion: .finished)
    #expect(weakOwner == nil)
    withExtendedLifetime(cancellable) {}
  }

  @Test func describesItselfAsSink() {
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
    #expect(sink.description == "Sink")
  }

  @Test func keepsTheContractForValuesBeforeSubscription() {
    var values: [Int] = []
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
    #expect(sink.receive(1) == .none)
    #expect(values == [1], "Combine's Sink forwards a value that arrives before its subscription")
  }

  @Test func cancelBeforeTheSubscriptionKeepsTheClosuresAsInCombine() {
    weak var weakOwner: Owner?
    var values: [Int] = []
    var sink: Subscribers.Sink<Int, Never>?
    do {
      let owner = Owner()
      weakOwner = owner
      sink = Subscribers.Sink(
        receiveCompletion: { _ in },
        receiveValue: {
          withExtendedLifetime(owner) {}; values.append($0)
        })
    }
    sink?.cancel()
    #expect(weakOwner != nil)
    let subscription = TestSubscription()
    sink?.receive(subscription: subscription)
    #expect(subscription.events == [.requested(.unlimited)], "a later subscription is still accepted")
    _ = sink?.receive(3)
    #expect(values == [3])
    sink?.cancel()
    #expect(weakOwner == nil)
    #expect(subscription.events == [.requested(.unlimited), .cancelled])
  }
}

/// A sink attached inside an actor keeps its closures on that actor, or says so.
@Suite(timeLimit(minutes: 1))
struct SinkIsolationTests {
  @MainActor final class Counter {
    var values: [Int] = []
    var subscriptions = Set<AnyCancellable>()

    init(_ events: PassthroughSubject<Int, Never>) {
      // Swift 6 infers this closure to be main-actor isolated.
      events.sink { self.values.append($0) }.store(in: &subscriptions)
    }
  }

  #if compiler(>=6.2)
  @Test func aMainActorSinkReachedFromAnotherThreadStopsTheProgram() async {
    // The compiler's own check (SE-0423), as with Combine on Apple platforms: the closure is
    // handed to a `sink` compiled as Combine is, so it checks its actor each time it runs.
    await #expect(processExitsWith: .failure) {
      let events = PassthroughSubject<Int, Never>()
      let counter = await Counter(events)
      await Task.detached { events.send(1) }.value
      _ = counter
    }
  }

  @Test func aSinkWithBothClosuresChecksTheCompletionToo() async {
    await #expect(processExitsWith: .failure) {
      let events = PassthroughSubject<Int, TestError>()
      // The cancellable only keeps the pipeline alive: no other thread touches it.
      let cancellable = await MainActor.run {
        UnsafeTransfer(events.sink(receiveCompletion: { _ in }, receiveValue: { _ in }))
      }
      await Task.detached { events.send(completion: .finished) }.value
      _ = cancellable
    }
  }

  @Test func aSinkAttachedInsideACustomActorIsCheckedAgainstThatActor() async {
    actor Store {
      var total = 0
      var cancellable: AnyCancellable?
      func attach(_ events: PassthroughSubject<Int, Never>) {
        cancellable = events.sink { self.total += $0 }
      }
    }
    await #expect(processExitsWith: .failure) {
      let events = PassthroughSubject<Int, Never>()
      let store = Store()
      await store.attach(events)
      await Task.detached { events.send(1) }.value
    }
  }
  #endif

  @MainActor @Test func aMainActorSinkFedOnTheMainActorRunsAsBefore() {
    let events = PassthroughSubject<Int, Never>()
    let counter = Counter(events)
    events.send(1)
    events.send(2)
    #expect(counter.values == [1, 2])
  }

  @MainActor @Test func aSendableClosureWrittenOnTheMainActorMayRunAnywhere() async {
    let events = PassthroughSubject<Int, Never>()
    let received = Checkpoint()
    let cancellable = events.sink { @Sendable _ in received.signal() }
    await Task.detached { events.send(1) }.value
    await received.wait(for: 1)
    #expect(received.count == 1)
    cancellable.cancel()
  }

  @Test func aSinkAttachedOutsideAnyActorRunsOnAnyThreadAsInCombine() async {
    let events = PassthroughSubject<Int, Never>()
    let received = Checkpoint()
    let cancellable = events.sink { _ in received.signal() }
    await Task.detached { events.send(1) }.value
    await received.wait(for: 1)
    #expect(received.count == 1)
    cancellable.cancel()
  }

  @MainActor @Test func aSinkMadeDirectlyOnTheMainActorIsCheckedToo() {
    let events = PassthroughSubject<Int, Never>()
    var values: [Int] = []
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
    events.subscribe(sink)
    events.send(3)
    #expect(values == [3])
    sink.cancel()
  }
}
