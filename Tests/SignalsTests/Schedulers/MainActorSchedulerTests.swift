// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
@_spi(Signals) import SignalsSupport
import Testing

@testable import Signals
@testable import SignalsConcurrency

/// A view model as apps write it: main-actor state, published, fed by a service's events.
@MainActor final class FeedViewModel: ObservableObject {
  @Published var items: [String] = []
  private var subscriptions = Set<AnyCancellable>()

  init(events: PassthroughSubject<String, Never>) {
    events
      .receive(on: .mainActor)
      .sink { [weak self] in self?.items.append($0) }  // a @MainActor closure: it type-checks as is
      .store(in: &subscriptions)
  }
}

/// Runs `body` on a new thread and blocks the caller until it returns: the caller's actor is held,
/// so nothing queued on it can run meanwhile.
private func sendOnAnotherThreadAndWait(_ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  Thread {
    body()
    done.signal()
  }.start()
  done.wait()
}

@Suite(timeLimit(minutes: 1))
struct MainActorSchedulerTests {

  @MainActor @Test func aValueSentOnTheMainActorIsDeliveredInTheSameTurn() {
    let events = PassthroughSubject<String, Never>()
    let model = FeedViewModel(events: events)
    events.send("first")
    // No hop: the view model has changed before `send` returns.
    #expect(model.items == ["first"])
  }

  @MainActor @Test func valuesSentOffTheMainActorArriveOnItInOrder() async {
    let events = PassthroughSubject<Int, Never>()
    let delivered = Checkpoint()
    var received: [Int] = []
    var allOnMainActor = true
    let cancellable =
      events
      .receive(on: .mainActor)
      .sink { value in
        allOnMainActor = allOnMainActor && MainActorContext.isCurrent
        received.append(value)
        delivered.signal()
      }
    await Task.detached {
      for value in 1...100 { events.send(value) }
    }.value
    await delivered.wait(for: 100)
    #expect(received == Array(1...100))
    #expect(allOnMainActor)
    cancellable.cancel()
  }

  @MainActor @Test func aValueSentOnTheMainActorWaitsBehindEarlierOnesStillQueued() async {
    let events = PassthroughSubject<String, Never>()
    let delivered = Checkpoint()
    var received: [String] = []
    let cancellable = events.receive(on: .mainActor).sink {
      received.append($0)
      delivered.signal()
    }
    // Sent off the main actor while this test holds it (blocked, not suspended): queued. The
    // test waits for that send, so the subject is never used from two threads at once.
    let eventsElsewhere = UnsafeTransfer(events)
    sendOnAnotherThreadAndWait { eventsElsewhere.wrapped.send("from a background task") }
    events.send("from the main actor")
    #expect(received.isEmpty)
    await delivered.wait(for: 2)
    #expect(received == ["from a background task", "from the main actor"])
    cancellable.cancel()
  }

  @MainActor @Test func aViewModelFedFromBackgroundThreadsSeesEveryEvent() async {
    let events = PassthroughSubject<String, Never>()
    let model = FeedViewModel(events: events)
    let changed = Checkpoint()
    let observation = model.objectWillChange.sink { changed.signal() }
    await withTaskGroup(of: Void.self) { group in
      for producer in 0..<4 {
        group.addTask { for index in 0..<25 { events.send("\(producer)-\(index)") } }
      }
    }
    await changed.wait(for: 100)
    #expect(model.items.count == 100)
    for producer in 0..<4 {
      let own = model.items.filter { $0.hasPrefix("\(producer)-") }
      #expect(own == (0..<25).map { "\(producer)-\($0)" })
    }
    observation.cancel()
  }

  @MainActor @Test func completionAndValuesReachMainActorClosures() async {
    let upstream = PassthroughSubject<Int, TestError>()
    let ended = Checkpoint()
    var log: [String] = []
    let cancellable =
      upstream
      .receive(on: .mainActor)
      .sink { completion in
        log.append("\(completion)")
        ended.signal()
      } receiveValue: {
        log.append("\($0)")
      }
    await Task.detached {
      upstream.send(1)
      upstream.send(completion: .failure(TestError()))
    }.value
    await ended.wait(for: 1)
    #expect(log == ["1", "\(Subscribers.Completion<TestError>.failure(TestError()))"])
    cancellable.cancel()
  }

  // Direct `schedule` calls share one lane, so both cases are in one test, one after the other.
  @MainActor @Test func scheduledWorkRunsOnTheMainActorInlineWhenAlreadyThere() async {
    let ran = Checkpoint()
    let onMainActor = LockedState.make(false)
    await Task.detached {
      MainActorScheduler.shared.schedule {
        onMainActor.withLock { $0 = MainActorContext.isCurrent }
        ran.signal()
      }
    }.value
    await ran.wait(for: 1)
    #expect(onMainActor.withLock { $0 })

    var ranInline = false
    MainActorScheduler.shared.schedule { ranInline = true }
    #expect(ranInline)
  }

  @Test func timeIsTheMainQueuesTime() {
    let before = DispatchQueue.main.now
    let now = MainActorScheduler.shared.now
    #expect(now >= before)
    #expect(MainActorScheduler.shared.minimumTolerance == DispatchQueue.main.minimumTolerance)
  }

  // MARK: The queue's rules, directly

  @Test func workRunsInlineOnlyOnTheMainActorWithNothingWaiting() {
    var queue = MainActorQueue()
    let work = ScheduledAction {}
    #expect(queue.schedule(work, onMainActor: true) == .runInline)
    #expect(queue.schedule(work, onMainActor: false) == .startDrain)
    #expect(queue.schedule(work, onMainActor: true) == .none)
    #expect(queue.nextBatch()?.count == 2)
    // While a batch runs, work from the main actor waits behind it.
    #expect(queue.schedule(work, onMainActor: true) == .none)
    #expect(queue.nextBatch()?.count == 1)
    #expect(queue.nextBatch() == nil)
    #expect(queue.schedule(work, onMainActor: true) == .runInline)
  }
}
