// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import Testing

// The bridges to Swift Concurrency, each driven by a publisher, a subscription and (where one is
// needed) a subscriber written in this file: none of them is one of Signals' own types, so every
// bridge takes its general path, the one it always takes on Apple platforms, where the publishers
// it sees are Combine's or the app's. Signals' subjects take fast paths of their own (their tests
// are beside each bridge's).

// MARK: - A publisher driven by the test

/// A publisher written by hand, as an app might write one, and driven by the test: it keeps one
/// subscriber until that subscriber cancels or the test completes it, records every request and
/// cancel, and sends what the test sends (the tests send only what was asked for). With
/// `subscribesAtOnce: false` it hands the subscription over only when the test says so, as a
/// publisher behind `subscribe(on:)` does.
private final class HandDrivenPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
  // Safety: all mutable state is in `state`, a `LockedState`; the rest is immutable and `Sendable`.
  private struct State {
    var subscriber: AnySubscriber<Output, Failure>?
    var events: [TestSubscription.Event] = []
  }

  private let state = LockedState.make(State())
  private let subscribesAtOnce: Bool
  /// Signalled when a subscriber attaches.
  private let attached = Checkpoint()
  /// Signalled once per request.
  private let requested = Checkpoint()

  init(subscribesAtOnce: Bool = true) {
    self.subscribesAtOnce = subscribesAtOnce
  }

  /// Every request and cancel the subscriber made, in order.
  var events: [TestSubscription.Event] { state.withLock { $0.events } }

  /// The demands the subscriber asked for, in order.
  var requests: [Subscribers.Demand] {
    events.compactMap { event in
      if case .requested(let demand) = event { return demand }
      return nil
    }
  }

  /// Whether the publisher still holds its subscriber: it lets go on cancel and on completion.
  var isAttached: Bool { state.withLock { $0.subscriber != nil } }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let erased = AnySubscriber(subscriber)
    state.withLock { $0.subscriber = erased }
    attached.signal()
    if subscribesAtOnce { erased.receive(subscription: Link(self)) }
  }

  /// Waits until a subscriber has attached.
  func waitForSubscriber() async {
    await attached.wait(for: 1)
  }

  /// Hands the subscription to the subscriber, when it was not handed over at once.
  func sendSubscription() {
    state.withLock { $0.subscriber }?.receive(subscription: Link(self))
  }

  /// Waits until the subscriber has made `count` requests in all.
  func waitForRequests(_ count: Int) async {
    await requested.wait(for: count)
  }

  /// Sends `value` to the subscriber, if one is attached; returns the demand it added.
  @discardableResult
  func send(_ value: Output) -> Subscribers.Demand {
    state.withLock { $0.subscriber }?.receive(value) ?? .none
  }

  /// Lets go of the subscriber, then sends it `completion`.
  func send(completion: Subscribers.Completion<Failure>) {
    let subscriber = state.withLock { state in
      defer { state.subscriber = nil }
      return state.subscriber
    }
    subscriber?.receive(completion: completion)
  }

  func record(request demand: Subscribers.Demand) {
    state.withLock { $0.events.append(.requested(demand)) }
    requested.signal()
  }

  func recordCancel() {
    let released = state.withLock { state in
      defer { state.subscriber = nil }
      state.events.append(.cancelled)
      return state.subscriber
    }
    // The subscriber is released here, outside the lock.
    withExtendedLifetime(released) {}
  }

  /// The subscription: passes requests and cancels to the publisher.
  private final class Link: Subscription, Sendable {
    let publisher: HandDrivenPublisher

    init(_ publisher: HandDrivenPublisher) {
      self.publisher = publisher
    }

    func request(_ demand: Subscribers.Demand) {
      publisher.record(request: demand)
    }

    func cancel() {
      publisher.recordCancel()
    }
  }
}

// MARK: - A synchronous publisher that honours demand

/// A publisher of a fixed list written by hand, as a synchronous publisher is: inside `request`
/// it sends as many values as were asked for (more if the subscriber asks for more as it
/// receives), then its completion once the list is exhausted. Records every request and cancel.
private final class ListPublisher<Failure: Error>: Publisher, @unchecked Sendable {
  // Safety: all mutable state is in `events`, a `LockedState`; the rest is immutable.
  typealias Output = Int

  let values: [Int]
  let completion: Subscribers.Completion<Failure>
  private let events = LockedState.make([TestSubscription.Event]())

  init(_ values: [Int], then completion: Subscribers.Completion<Failure>) {
    self.values = values
    self.completion = completion
  }

  /// Every request and cancel the subscriber made, in order.
  var subscriptionEvents: [TestSubscription.Event] { events.withLock { $0 } }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Failure {
    subscriber.receive(subscription: ListSubscription(downstream: AnySubscriber(subscriber), publisher: self))
  }

  func record(_ event: TestSubscription.Event) {
    events.withLock { $0.append(event) }
  }
}

/// The subscription of a ``ListPublisher``: sends while there is demand, one call at a time (a
/// request made from inside the subscriber adds demand to the loop in progress).
private final class ListSubscription<Failure: Error>: Subscription, @unchecked Sendable {
  // Safety: all mutable state is in `state`, a `LockedState`; the rest is immutable.
  private struct State {
    var downstream: AnySubscriber<Int, Failure>?
    var remaining: ArraySlice<Int>
    var demand = Subscribers.Demand.none
    var isSending = false
  }

  private enum Step {
    case send(AnySubscriber<Int, Failure>, Int)
    case complete(AnySubscriber<Int, Failure>)
    case stop
  }

  private let state: LockedState<State>
  private let publisher: ListPublisher<Failure>

  init(downstream: AnySubscriber<Int, Failure>, publisher: ListPublisher<Failure>) {
    state = .make(State(downstream: downstream, remaining: publisher.values[...]))
    self.publisher = publisher
  }

  func request(_ demand: Subscribers.Demand) {
    publisher.record(.requested(demand))
    let startsSending = state.withLock { state -> Bool in
      state.demand += demand
      guard !state.isSending else { return false }
      state.isSending = true
      return true
    }
    if startsSending { sendWhileDemanded() }
  }

  func cancel() {
    publisher.record(.cancelled)
    let released = state.withLock { state in
      defer { state.downstream = nil }
      return state.downstream
    }
    withExtendedLifetime(released) {}
  }

  private func sendWhileDemanded() {
    while true {
      let step = state.withLock { state -> Step in
        guard let downstream = state.downstream else {
          state.isSending = false
          return .stop
        }
        guard let value = state.remaining.first else {
          state.downstream = nil
          return .complete(downstream)
        }
        guard state.demand > 0 else {
          state.isSending = false
          return .stop
        }
        state.demand -= 1
        state.remaining.removeFirst()
        return .send(downstream, value)
      }
      switch step {
      case .send(let downstream, let value):
        let more = downstream.receive(value)
        state.withLock { $0.demand += more }
      case .complete(let downstream):
        downstream.receive(completion: publisher.completion)
        return
      case .stop:
        return
      }
    }
  }
}

// MARK: - A subscriber written by hand

/// A subscriber written by hand, as an app might write one: it asks for `initialDemand` when it
/// gets its subscription and for what `demandPerValue` says with each value, and cancels from
/// inside `receive` on `cancelsOn`. Records every event; `received` counts values and `completed`
/// the completion.
private final class PlainSubscriber<Input: Equatable & Sendable, Failure: Error & Equatable>: Subscriber,
  Cancellable, @unchecked Sendable
{
  // Safety: all mutable state is in `state`, a `LockedState`; the rest is immutable and `Sendable`.
  enum Event: Equatable {
    case subscription
    case value(Input)
    case completion(Subscribers.Completion<Failure>)
  }

  private struct State {
    var events: [Event] = []
    var subscription: (any Subscription)?
  }

  private let state = LockedState.make(State())
  private let initialDemand: Subscribers.Demand
  private let demandPerValue: @Sendable (Input) -> Subscribers.Demand
  private let cancelsOn: Input?
  let received = Checkpoint()
  let completed = Checkpoint()

  init(
    initialDemand: Subscribers.Demand,
    cancelsOn: Input? = nil,
    demandPerValue: @escaping @Sendable (Input) -> Subscribers.Demand = { _ in .none }
  ) {
    self.initialDemand = initialDemand
    self.cancelsOn = cancelsOn
    self.demandPerValue = demandPerValue
  }

  var events: [Event] { state.withLock { $0.events } }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { $0.subscription }?.request(demand)
  }

  func cancel() {
    state.withLock { $0.subscription }?.cancel()
  }

  func receive(subscription: any Subscription) {
    state.withLock { state in
      state.events.append(.subscription)
      state.subscription = subscription
    }
    if initialDemand > 0 { subscription.request(initialDemand) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    state.withLock { $0.events.append(.value(input)) }
    if input == cancelsOn { cancel() }
    let more = demandPerValue(input)
    received.signal()
    return more
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    state.withLock { $0.events.append(.completion(completion)) }
    completed.signal()
  }
}

// MARK: - An async sequence

/// The numbers 1 through `last`, counting the calls to `next()`; `iteratorReleased` is signalled
/// when whoever iterates lets go of the iterator.
private struct NumberSequence: AsyncSequence, Sendable {
  typealias Element = Int
  typealias Failure = Never

  let last: Int
  let pulls = LockedState.make(0)
  let iteratorReleased = Checkpoint()

  struct AsyncIterator: AsyncIteratorProtocol {
    typealias Failure = Never

    let last: Int
    let pulls: LockedState<Int>
    let probe: ReleaseProbe

    mutating func next() async -> Int? {
      let pull = pulls.withLock { count in
        count += 1
        return count
      }
      return pull <= last ? pull : nil
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(last: last, pulls: pulls, probe: ReleaseProbe(iteratorReleased))
  }
}

/// Suspends until `release` reaches `target`, signalling `cancelled` if the task is cancelled
/// meanwhile; returns whether the task was cancelled.
private func hold(until release: Checkpoint, reaches target: Int, cancelled: Checkpoint) async -> Bool {
  await withTaskCancellationHandler {
    await release.wait(for: target)
  } onCancel: {
    cancelled.signal()
  }
  return Task.isCancelled
}

/// Every value of `stream`, and the error it threw at the end (`nil` when it finished).
private func valuesAndFailure(of stream: AsyncThrowingStream<Int, any Error>) async -> ([Int], (any Error)?) {
  var values: [Int] = []
  do {
    for try await value in stream { values.append(value) }
    return (values, nil)
  } catch {
    return (values, error)
  }
}

// MARK: - Tests

@Suite(timeLimit(minutes: 1))
struct GenericPublisherBridgeTests {
  static let policies: [AsyncSinkPolicy] = [.serial, .latest, .dropWhileBusy, .concurrent(maxTasks: 2)]

  // MARK: stream()

  @Test func streamBuffersValuesSentBeforeTheFirstNextAndEndsAtCompletion() async {
    let publisher = HandDrivenPublisher<Int, Never>()
    let stream = publisher.stream()
    #expect(publisher.events == [.requested(.unlimited)])
    for value in 1...3 { publisher.send(value) }
    publisher.send(completion: .finished)
    var received: [Int] = []
    for await value in stream { received.append(value) }
    #expect(received == [1, 2, 3])
  }

  @Test func streamKeepsWhatASynchronousPublisherSendsWhileBeingSubscribed() async {
    let publisher = ListPublisher<Never>([1, 2, 3], then: .finished)
    let stream = publisher.stream()
    var received: [Int] = []
    for await value in stream { received.append(value) }
    #expect(received == [1, 2, 3])
    #expect(publisher.subscriptionEvents == [.requested(.unlimited)])
  }

  @Test func cancellingTheConsumingTaskCancelsTheSubscriptionAndReleasesTheSubscriber() async {
    let publisher = HandDrivenPublisher<Int, Never>()
    let spy = SubscriberSpy(upstream: publisher)
    let stream = spy.stream()
    let received = Checkpoint()
    let consumer = Task {
      for await _ in stream { received.signal() }
    }
    publisher.send(1)
    await received.wait(for: 1)
    consumer.cancel()
    await consumer.value
    #expect(publisher.events == [.requested(.unlimited), .cancelled])
    #expect(spy.box.object == nil, "the stopped consumer's subscriber must be released")
  }

  @Test func leavingTheLoopCancelsTheSubscription() async {
    let publisher = HandDrivenPublisher<Int, Never>()
    let consumer = Task {
      for await value in publisher.stream() where value == 2 {
        break
      }
    }
    await publisher.waitForRequests(1)
    publisher.send(1)
    publisher.send(2)
    await consumer.value
    #expect(publisher.events == [.requested(.unlimited), .cancelled])
  }

  @Test func droppingTheStreamCancelsTheSubscription() {
    let publisher = HandDrivenPublisher<Int, Never>()
    do {
      let stream = publisher.stream()
      publisher.send(1)
      withExtendedLifetime(stream) {}
    }
    #expect(publisher.events == [.requested(.unlimited), .cancelled])
    #expect(!publisher.isAttached)
  }

  @Test func aSubscriptionThatArrivesAfterTheStreamWasDroppedIsCancelled() {
    let publisher = HandDrivenPublisher<Int, Never>(subscribesAtOnce: false)
    do {
      let stream = publisher.stream()
      withExtendedLifetime(stream) {}
    }
    publisher.sendSubscription()
    #expect(publisher.events == [.cancelled], "no demand, and the late subscription cancelled")
    #expect(!publisher.isAttached)
  }

  @Test func throwingStreamThrowsTheFailureAfterTheBufferedValues() async {
    let publisher = HandDrivenPublisher<Int, TestError>()
    let stream: AsyncThrowingStream<Int, any Error> = publisher.stream()
    publisher.send(1)
    publisher.send(2)
    publisher.send(completion: .failure(TestError(id: 3)))
    let (received, failure) = await valuesAndFailure(of: stream)
    #expect(received == [1, 2])
    #expect(failure as? TestError == TestError(id: 3), "the stream must throw the publisher's failure")
  }

  @Test func streamCountsWhatItsBoundedBufferDrops() async {
    let publisher = HandDrivenPublisher<Int, Never>()
    let drops = DropCounter()
    let stream = publisher.stream(bufferingPolicy: .bufferingNewest(1), countingDropsIn: drops)
    for value in 1...3 { publisher.send(value) }
    publisher.send(completion: .finished)
    var received: [Int] = []
    for await value in stream { received.append(value) }
    #expect(received == [3])
    #expect(drops.count == 2)
  }

  // MARK: asyncSink

  @Test func asyncSinkProcessesValuesInOrderOneAtATime() async {
    let publisher = HandDrivenPublisher<Int, Never>()
    let processed = Recorder<Int>()
    let done = Checkpoint()
    let inFlight = LockedState.make((current: 0, highest: 0))
    let cancellable = publisher.asyncSink { value in
      inFlight.withLock { state in
        state.current += 1
        state.highest = max(state.highest, state.current)
      }
      await Task.yield()
      processed.append(value)
      inFlight.withLock { $0.current -= 1 }
      done.signal()
    }
    #expect(publisher.events == [.requested(.unlimited)])
    for value in 1...100 { publisher.send(value) }
    await done.wait(for: 100)
    #expect(processed.elements == Array(1...100))
    #expect(inFlight.withLock { $0.highest } == 1, "the closure must never run concurrently with itself")
    withExtendedLifetime(cancellable) {}
  }

  @Test func asyncSinkRunsReceiveCompletionAfterTheLastValue() async {
    let publisher = HandDrivenPublisher<Int, TestError>()
    let events = Recorder<String>()
    let done = Checkpoint()
    let cancellable = publisher.asyncSink { completion in
      events.append("\(completion)")
      done.signal()
    } receiveValue: { value in
      await Task.yield()
      events.append("\(value)")
    }
    publisher.send(1)
    publisher.send(2)
    publisher.send(completion: .failure(TestError(id: 4)))
    await done.wait(for: 1)
    #expect(events.elements == ["1", "2", "failure(SignalsTests.TestError(id: 4))"])
    withExtendedLifetime(cancellable) {}
  }

  @Test func asyncSinkProcessesWhatASynchronousPublisherSendsWhileBeingSubscribed() async {
    let publisher = ListPublisher<TestError>([1, 2, 3], then: .failure(TestError(id: 5)))
    let events = Recorder<String>()
    let done = Checkpoint()
    let cancellable = publisher.asyncSink { completion in
      events.append("\(completion)")
      done.signal()
    } receiveValue: { value in
      events.append("\(value)")
    }
    await done.wait(for: 1)
    #expect(events.elements == ["1", "2", "3", "failure(SignalsTests.TestError(id: 5))"])
    #expect(publisher.subscriptionEvents == [.requested(.unlimited)])
    withExtendedLifetime(cancellable) {}
  }

  @Test func cancellingAnAsyncSinkCancelsTheSubscriptionAndTheTask() async {
    let publisher = HandDrivenPublisher<Int, Never>()
    let started = Checkpoint()
    let release = Checkpoint()
    let released = Checkpoint()
    let processed = Recorder<Int>()
    let sawCancellation = Recorder<Bool>()
    let probe = ReleaseProbe(released)
    var cancellable: AnyCancellable? = publisher.asyncSink { [probe] value in
      withExtendedLifetime(probe) {}
      processed.append(value)
      started.signal()
      await release.wait(for: 1)
      sawCancellation.append(Task.isCancelled)
    }
    _ = consume probe
    publisher.send(1)
    await started.wait(for: 1)
    publisher.send(2)  // waits behind 1
    cancellable?.cancel()
    #expect(publisher.events == [.requested(.unlimited), .cancelled])
    #expect(!publisher.isAttached)
    cancellable = nil
    release.signal()
    // The task ends (and releases its closure) only after the closure in flight returned.
    await released.wait(for: 1)
    #expect(processed.elements == [1], "no value may be processed after cancel")
    #expect(sawCancellation.elements == [true], "the closure in flight must see the cancellation")
  }

  // MARK: asyncSink(policy:)

  @Test func asyncSinkLatestCancelsTheWorkInFlightAndRunsTheNewestValueAfterIt() async {
    let publisher = HandDrivenPublisher<Int, Never>()
    let started = Recorder<Int>()
    let startedCount = Checkpoint()
    let release = Checkpoint()
    let cancelled = Checkpoint()
    let sawCancellation = Recorder<Bool>()
    let done = Checkpoint()
    let cancellable = publisher.asyncSink(policy: .latest) { value in
      started.append(value)
      startedCount.signal()
      if value == 1 {
        sawCancellation.append(await hold(until: release, reaches: 1, cancelled: cancelled))
      }
      done.signal()
    }
    #expect(publisher.events == [.requested(.unlimited)])
    publisher.send(1)
    await startedCount.wait(for: 1)
    publisher.send(2)  // cancels 1; waits for 1 to return
    await cancelled.wait(for: 1)
    publisher.send(3)  // replaces 2
    release.signal()
    await done.wait(for: 2)
    #expect(started.elements == [1, 3])
    #expect(sawCancellation.elements == [true])
    withExtendedLifetime(cancellable) {}
  }

  @Test(arguments: policies)
  func asyncSinkWithAPolicyRunsReceiveCompletionAfterTheLastWork(policy: AsyncSinkPolicy) async {
    let publisher = HandDrivenPublisher<Int, TestError>()
    let events = Recorder<String>()
    let startedCount = Checkpoint()
    let release = Checkpoint()
    let cancelled = Checkpoint()
    let done = Checkpoint()
    let cancellable = publisher.asyncSink(policy: policy) { completion in
      events.append("\(completion)")
      done.signal()
    } receiveValue: { value in
      startedCount.signal()
      _ = await hold(until: release, reaches: 1, cancelled: cancelled)
      events.append("\(value)")
    }
    publisher.send(1)
    await startedCount.wait(for: 1)
    publisher.send(completion: .failure(TestError(id: 4)))
    release.signal()
    await done.wait(for: 1)
    #expect(events.elements == ["1", "failure(SignalsTests.TestError(id: 4))"])
    #expect(cancelled.count == 0, "the upstream's completion must not cancel the work in flight")
    withExtendedLifetime(cancellable) {}
  }

  @Test(arguments: policies)
  func cancellingAnAsyncSinkWithAPolicyCancelsTheSubscriptionAndEveryTask(policy: AsyncSinkPolicy) async {
    let publisher = HandDrivenPublisher<Int, Never>()
    let processed = Recorder<Int>()
    let startedCount = Checkpoint()
    let release = Checkpoint()
    let cancelled = Checkpoint()
    let released = Checkpoint()
    let sawCancellation = Recorder<Bool>()
    let completions = Recorder<String>()
    let probe = ReleaseProbe(released)
    var cancellable: AnyCancellable? = publisher.asyncSink(policy: policy) { [probe] completion in
      withExtendedLifetime(probe) {}
      completions.append("\(completion)")
    } receiveValue: { value in
      processed.append(value)
      startedCount.signal()
      sawCancellation.append(await hold(until: release, reaches: 1, cancelled: cancelled))
    }
    _ = consume probe
    publisher.send(1)
    await startedCount.wait(for: 1)
    cancellable?.cancel()
    #expect(publisher.events == [.requested(.unlimited), .cancelled])
    #expect(!publisher.isAttached)
    await cancelled.wait(for: 1)
    cancellable = nil
    release.signal()
    // The storage, which owns the closures, is released once the last task has ended.
    await released.wait(for: 1)
    #expect(processed.elements == [1])
    #expect(sawCancellation.elements == [true])
    #expect(completions.elements.isEmpty)
  }

  @Test(arguments: policies)
  func aSubscriptionThatArrivesAfterAnAsyncSinkWasCancelledIsCancelled(policy: AsyncSinkPolicy) {
    let publisher = HandDrivenPublisher<Int, Never>(subscribesAtOnce: false)
    let cancellable = publisher.asyncSink(policy: policy) { _ in }
    cancellable.cancel()
    publisher.sendSubscription()
    #expect(publisher.events == [.cancelled], "no demand, and the late subscription cancelled")
    #expect(!publisher.isAttached)
  }

  // MARK: asyncMap, flatMap(maxTasks:)

  @Test func asyncMapDeliversTheResultsInTheUpstreamsOrder() async {
    let publisher = HandDrivenPublisher<Int, Never>()
    let subscriber = PlainSubscriber<Int, Never>(initialDemand: .unlimited)
    publisher.asyncMap { value in
      for _ in 0..<(value % 3) { await Task.yield() }
      return value * 10
    }.subscribe(subscriber)
    #expect(publisher.events == [.requested(.unlimited)])
    for value in 1...100 { publisher.send(value) }
    publisher.send(completion: .finished)
    await subscriber.completed.wait(for: 1)
    #expect(subscriber.events == [.subscription] + (1...100).map { .value($0 * 10) } + [.completion(.finished)])
  }

  @Test func asyncMapAsksASynchronousPublisherForWhatItsSubscriberAsksFor() async {
    let publisher = ListPublisher<Never>([1, 2, 3, 4, 5], then: .finished)
    let subscriber = PlainSubscriber<Int, Never>(initialDemand: .max(2))
    publisher.asyncMap { $0 * 10 }.subscribe(subscriber)
    await subscriber.received.wait(for: 2)
    #expect(subscriber.events == [.subscription, .value(10), .value(20)])
    #expect(publisher.subscriptionEvents == [.requested(.max(2))])
    subscriber.request(.max(10))
    await subscriber.completed.wait(for: 1)
    #expect(subscriber.events == [.subscription] + (1...5).map { .value($0 * 10) } + [.completion(.finished)])
    #expect(publisher.subscriptionEvents == [.requested(.max(2)), .requested(.max(10))])
  }

  @Test func flatMapWithMaxTasksDeliversEveryResultThenFinishes() async {
    let publisher = HandDrivenPublisher<Int, Never>()
    let subscriber = PlainSubscriber<Int, Never>(initialDemand: .unlimited)
    publisher.flatMap(maxTasks: 2) { $0 * 10 }.subscribe(subscriber)
    #expect(publisher.events == [.requested(.unlimited)])
    for value in 1...20 { publisher.send(value) }
    publisher.send(completion: .finished)
    await subscriber.completed.wait(for: 1)
    let events = subscriber.events
    #expect(events.first == .subscription)
    #expect(events.last == .completion(.finished))
    let results = events.compactMap { event -> Int? in
      if case .value(let value) = event { return value }
      return nil
    }
    #expect(results.sorted() == (1...20).map { $0 * 10 }, "every result, each once, in the order tasks finish")
  }

  // MARK: firstValue

  @Test func firstValueReturnsTheFirstValueAfterRequestingOneAndCancels() async {
    let publisher = HandDrivenPublisher<Int, Never>()
    let waiter = Task { await publisher.firstValue }
    await publisher.waitForRequests(1)
    publisher.send(5)
    #expect(await waiter.value == 5)
    #expect(publisher.events == [.requested(.max(1)), .cancelled])
    #expect(!publisher.isAttached)
  }

  @Test func firstValueOfASynchronousPublisherTakesOneValueAndCancels() async {
    let publisher = ListPublisher<Never>([5, 6, 7], then: .finished)
    #expect(await publisher.firstValue == 5)
    #expect(publisher.subscriptionEvents == [.requested(.max(1)), .cancelled])
  }

  @Test func firstValueIsNilWhenThePublisherFinishesFirst() async {
    let publisher = HandDrivenPublisher<Int, Never>()
    let waiter = Task { await publisher.firstValue }
    await publisher.waitForRequests(1)
    publisher.send(completion: .finished)
    #expect(await waiter.value == nil)
    #expect(publisher.events == [.requested(.max(1))], "no cancel after the publisher finished")
  }

  @Test func firstValueOfAnEmptySynchronousPublisherIsNil() async {
    let publisher = ListPublisher<Never>([], then: .finished)
    #expect(await publisher.firstValue == nil)
    #expect(publisher.subscriptionEvents == [.requested(.max(1))], "no cancel after the publisher finished")
  }

  @Test func firstValueCancelsASubscriptionThatArrivesAfterTheWaitingTaskWasCancelled() async {
    let publisher = HandDrivenPublisher<Int, Never>(subscribesAtOnce: false)
    let waiter = Task { await publisher.firstValue }
    await publisher.waitForSubscriber()
    waiter.cancel()
    #expect(await waiter.value == nil)
    publisher.sendSubscription()
    #expect(publisher.events == [.cancelled], "no demand, and the late subscription cancelled")
    #expect(!publisher.isAttached)
  }

  @Test func throwingFirstValueThrowsThePublishersFailure() async {
    let publisher = HandDrivenPublisher<Int, TestError>()
    let waiter = Task { try await publisher.firstValue }
    await publisher.waitForRequests(1)
    publisher.send(completion: .failure(TestError(id: 2)))
    await #expect(throws: TestError(id: 2)) { try await waiter.value }
    #expect(publisher.requests == [.max(1)])
  }

  @Test func throwingFirstValueReturnsAValueSentBeforeTheFailure() async throws {
    let publisher = ListPublisher<TestError>([8], then: .failure(TestError(id: 2)))
    #expect(try await publisher.firstValue == 8)
    #expect(publisher.subscriptionEvents == [.requested(.max(1)), .cancelled])
  }

  // MARK: Future(priority:operation:)

  @Test func futureDeliversToAPlainSubscriberWhenTheOperationReturns() async {
    let gate = Checkpoint()
    let future = Future<Int, Never>(priority: .medium) {
      await gate.wait(for: 1)
      return 7
    }
    let subscriber = PlainSubscriber<Int, Never>(initialDemand: .max(1))
    future.subscribe(subscriber)
    #expect(subscriber.events == [.subscription])
    gate.signal()
    await subscriber.completed.wait(for: 1)
    #expect(subscriber.events == [.subscription, .value(7), .completion(.finished)])
  }

  @Test func futureWaitsForAPlainSubscribersDemand() async {
    let future = Future<Int, Never>(priority: nil) { 4 }
    let patient = PlainSubscriber<Int, Never>(initialDemand: .none)
    let eager = PlainSubscriber<Int, Never>(initialDemand: .unlimited)
    future.subscribe(patient)
    future.subscribe(eager)
    await eager.completed.wait(for: 1)
    #expect(eager.events == [.subscription, .value(4), .completion(.finished)])
    #expect(patient.events == [.subscription], "nothing is delivered without demand")
    patient.request(.max(1))
    #expect(patient.events == [.subscription, .value(4), .completion(.finished)])
  }

  @Test func throwingFutureFailsAPlainSubscriber() async {
    let future = Future<Int, TestError>(priority: nil) { () async throws(TestError) -> Int in
      throw TestError(id: 6)
    }
    let subscriber = PlainSubscriber<Int, TestError>(initialDemand: .unlimited)
    future.subscribe(subscriber)
    await subscriber.completed.wait(for: 1)
    #expect(subscriber.events == [.subscription, .completion(.failure(TestError(id: 6)))])
  }

  @Test func aPlainSubscriberThatCancelsBeforeTheFutureResolvesGetsNothing() async {
    let gate = Checkpoint()
    let future = Future<Int, Never>(priority: nil) {
      await gate.wait(for: 1)
      return 1
    }
    let leaving = PlainSubscriber<Int, Never>(initialDemand: .unlimited)
    let staying = PlainSubscriber<Int, Never>(initialDemand: .unlimited)
    future.subscribe(leaving)
    future.subscribe(staying)
    leaving.cancel()
    gate.signal()
    await staying.completed.wait(for: 1)
    #expect(staying.events == [.subscription, .value(1), .completion(.finished)])
    #expect(leaving.events == [.subscription])
  }

  // MARK: AsyncSequence.publisher

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  @Test func asyncSequencePublisherPullsOnlyWhatAPlainSubscriberAsksFor() async {
    let source = NumberSequence(last: 5)
    // One value at first, and one more with the first value: two in all, until the test asks.
    let subscriber = PlainSubscriber<Int, Never>(initialDemand: .max(1)) { $0 == 1 ? .max(1) : .none }
    source.publisher.subscribe(subscriber)
    await subscriber.received.wait(for: 2)
    #expect(subscriber.events == [.subscription, .value(1), .value(2)])
    #expect(source.pulls.withLock { $0 } == 2, "nothing is read ahead of demand")
    subscriber.request(.max(10))
    await subscriber.completed.wait(for: 1)
    #expect(subscriber.events == [.subscription] + (1...5).map { .value($0) } + [.completion(.finished)])
    #expect(source.pulls.withLock { $0 } == 6)
    await source.iteratorReleased.wait(for: 1)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  @Test func asyncSequencePublisherSendsNothingWithoutDemand() {
    let source = NumberSequence(last: 5)
    let subscriber = PlainSubscriber<Int, Never>(initialDemand: .none)
    source.publisher.subscribe(subscriber)
    #expect(subscriber.events == [.subscription])
    #expect(source.pulls.withLock { $0 } == 0)
    subscriber.cancel()
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  @Test func cancellingFromInsideReceiveStopsTheAsyncSequencePublisher() async {
    let source = NumberSequence(last: 1_000)
    let subscriber = PlainSubscriber<Int, Never>(initialDemand: .unlimited, cancelsOn: 3)
    source.publisher.subscribe(subscriber)
    // The iterating task lets go of the iterator when it stops.
    await source.iteratorReleased.wait(for: 1)
    #expect(subscriber.events == [.subscription, .value(1), .value(2), .value(3)])
    #expect(source.pulls.withLock { $0 } == 3, "nothing is read after the cancel")
  }

  // MARK: receive(on: .mainActor)

  @MainActor @Test func receiveOnMainActorDeliversEveryEventOnTheMainActorInOrder() async {
    let publisher = HandDrivenPublisher<Int, TestError>()
    let ended = Checkpoint()
    var log: [String] = []
    var allOnMainActor = true
    let cancellable =
      publisher
      .receive(on: .mainActor)
      .sink { completion in
        allOnMainActor = allOnMainActor && MainActorContext.isCurrent
        log.append("\(completion)")
        ended.signal()
      } receiveValue: { value in
        allOnMainActor = allOnMainActor && MainActorContext.isCurrent
        log.append("\(value)")
      }
    #expect(publisher.events == [.requested(.unlimited)])
    await Task.detached {
      for value in 1...50 { publisher.send(value) }
      publisher.send(completion: .failure(TestError(id: 1)))
    }.value
    await ended.wait(for: 1)
    #expect(log == (1...50).map { "\($0)" } + ["failure(SignalsTests.TestError(id: 1))"])
    #expect(allOnMainActor)
    cancellable.cancel()
  }

  @MainActor @Test func receiveOnMainActorDeliversAValueSentOnTheMainActorBeforeSendReturns() {
    let publisher = HandDrivenPublisher<Int, Never>()
    var received: [Int] = []
    let cancellable = publisher.receive(on: .mainActor).sink { received.append($0) }
    publisher.send(1)
    #expect(received == [1])
    cancellable.cancel()
    #expect(publisher.events == [.requested(.unlimited), .cancelled])
  }
}
