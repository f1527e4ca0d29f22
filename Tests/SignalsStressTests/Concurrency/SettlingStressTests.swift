// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

/// `TestScheduler.advanceAndSettle` must make a test of async work deterministic: the same
/// debounced search through an async service, run 10,000 times, must see the answer every time.
struct SettlingStressTests {
  /// A search service on its own actor, so every call hops executors.
  actor Service {
    func search(_ query: String) async -> [String] {
      await Task.yield()
      return [query.uppercased()]
    }
  }

  /// A thread-safe list of what the pipeline delivered.
  final class Results: Sendable {
    private let state = LockedState.make([[String]]())
    var all: [[String]] { state.withLock { $0 } }
    func append(_ value: [String]) { state.withLock { $0.append(value) } }
  }

  @Test(timeLimit(minutes: 2))
  func aDebouncedSearchThroughAnAsyncServiceSettlesTheSameWay10000Times() async {
    let service = Service()
    var failures = 0
    for _ in 0..<10_000 {
      let scheduler = DispatchQueue.test
      let query = PassthroughSubject<String, Never>()
      let results = Results()
      let cancellable =
        query
        .debounce(for: .milliseconds(300), scheduler: scheduler)
        .asyncMap { await service.search($0) }
        .receive(on: scheduler)
        .asyncSink(receiveCompletion: { _ in }, receiveValue: { results.append($0) })
      query.send("sw")
      await scheduler.advanceAndSettle(by: .milliseconds(200))
      query.send("swift")
      await scheduler.advanceAndSettle(by: .milliseconds(300))
      if results.all != [["SWIFT"]] { failures += 1 }
      cancellable.cancel()
    }
    #expect(failures == 0)
  }
}
