// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
import SignalsTesting
import Testing

/// A search backend on its own actor, so each call really hops off the caller.
actor SearchBackend {
  private(set) var queries: [String] = []

  func search(_ query: String) async -> [String] {
    queries.append(query)
    await Task.yield()
    return ["\(query)ift", "\(query)ing"]
  }
}

struct TestSchedulerSettlingTests {
  @Test(timeLimit(minutes: 1)) func aDebouncedSearchThroughAnAsyncServiceHasAnsweredWhenSettled() async {
    let scheduler = DispatchQueue.test
    let backend = SearchBackend()
    let query = PassthroughSubject<String, Never>()
    let results = Recorder<[String]>()
    let cancellable =
      query
      .debounce(for: .milliseconds(300), scheduler: scheduler)
      .asyncMap { await backend.search($0) }
      .sink { results.append($0) }
    query.send("s")
    await scheduler.advanceAndSettle(by: .milliseconds(100))
    query.send("sw")
    await scheduler.advanceAndSettle(by: .milliseconds(299))
    #expect(results.elements == [])
    await scheduler.advanceAndSettle(by: .milliseconds(1))
    #expect(results.elements == [["swift", "swing"]])
    #expect(await backend.queries == ["sw"])
    cancellable.cancel()
  }

  @Test(timeLimit(minutes: 1)) func resultsScheduledBackOnTheSchedulerRunAtTheSameInstant() async {
    let scheduler = DispatchQueue.test
    let start = scheduler.now
    let backend = SearchBackend()
    let results = Recorder<[String]>()
    let cancellable = scheduler.publisher(marbles: "-a", tick: .seconds(1))
      .flatMap(maxTasks: 2) { await backend.search($0) }
      .receive(on: scheduler)
      .sink(receiveCompletion: { _ in }, receiveValue: { results.append($0) })
    await scheduler.advanceAndSettle(by: .seconds(1))
    #expect(results.elements == [["aift", "aing"]])
    #expect(start.distance(to: scheduler.now) == .seconds(1))
    cancellable.cancel()
  }

  @Test(timeLimit(minutes: 1)) func anAsyncSinkHasHandledEveryValueWhenSettled() async {
    let scheduler = DispatchQueue.test
    let handled = Recorder<String>()
    let cancellable = scheduler.publisher(marbles: "-a-(bc)|", tick: .seconds(1))
      .asyncSink(
        receiveCompletion: { _ in handled.append("end") },
        receiveValue: { value in
          await Task.yield()
          handled.append(value)
        })
    await scheduler.advanceAndSettle(by: .seconds(1))
    #expect(handled.elements == ["a"])
    await scheduler.advanceAndSettle(by: .seconds(3))
    #expect(handled.elements == ["a", "b", "c", "end"])
    cancellable.cancel()
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test(timeLimit(minutes: 1)) func aFutureStartedByScheduledWorkHasPublishedWhenSettled() async {
    let scheduler = DispatchQueue.test
    let backend = SearchBackend()
    let results = Recorder<[String]>()
    let cancellable = scheduler.publisher(marbles: "--q", tick: .seconds(1))
      .flatMap { query in Future { await backend.search(query) } }
      .sink(receiveCompletion: { _ in }, receiveValue: { results.append($0) })
    await scheduler.advanceAndSettle(by: .seconds(2))
    #expect(results.elements == [["qift", "qing"]])
    cancellable.cancel()
  }

  @Test(timeLimit(minutes: 1)) func workStartedInsideTrackingIsWaitedFor() async {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let handled = Recorder<Int>()
    let cancellable = subject.asyncSink(receiveCompletion: { _ in }, receiveValue: { handled.append($0) })
    scheduler.tracking { subject.send(1) }
    await scheduler.advanceAndSettle()
    #expect(handled.elements == [1])
    cancellable.cancel()
  }

  @Test(timeLimit(minutes: 1)) func valuesDroppedByACancelledSinkDoNotKeepTheSchedulerBusy() async {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let handled = Recorder<Int>()
    let cancellable = subject.asyncSink(receiveCompletion: { _ in }, receiveValue: { handled.append($0) })
    scheduler.tracking {
      subject.send(1)
      subject.send(2)
      cancellable.cancel()
    }
    await scheduler.advanceAndSettle()  // returns: the dropped values' tickets are freed
    #expect(handled.elements.count <= 2)
  }
}
