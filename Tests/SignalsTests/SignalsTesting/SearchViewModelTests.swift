// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
import SignalsTesting
import Testing

/// The view model of Documentation/Guides/Testing.md: a search field that queries an async service
/// once the user pauses, with every SignalsTesting helper applied to it.
struct SearchViewModel {
  /// What the user types.
  let query = PassthroughSubject<String, Never>()
  /// The results of the latest search, delivered on `scheduler`.
  let results: AnyPublisher<[String], Never>

  init<S: Scheduler>(search: @escaping @Sendable (String) async -> [String], scheduler: S) {
    results =
      query
      .removeDuplicates()
      .debounce(for: .milliseconds(300), scheduler: scheduler)
      .asyncMap { await search($0) }
      .receive(on: scheduler)
      .eraseToAnyPublisher()
  }
}

/// A fake service on its own actor, as a real one would be.
actor FakeSearchService {
  private(set) var queries: [String] = []

  func search(_ query: String) async -> [String] {
    queries.append(query)
    return [query.uppercased()]
  }
}

struct SearchViewModelTests {
  @Test(timeLimit(minutes: 1)) func typingIsDebouncedAndEachPauseSearchesOnce() async {
    let scheduler = DispatchQueue.test
    let service = FakeSearchService()
    let model = SearchViewModel(search: { await service.search($0) }, scheduler: scheduler)
    // One tick is 100 ms. The user types a, then b 200 ms later, pauses, then types c.
    let typing = scheduler.publisher(marbles: "a-b----c", tick: .milliseconds(100))
    let output = scheduler.record(model.results, tick: .milliseconds(100), symbol: { $0.first?.first ?? "?" })
    let feeding = typing.assertNoFailure().subscribe(model.query)
    await scheduler.advanceAndSettle(by: .seconds(2))
    #expect(output.diagram == "-----B----C")
    #expect(await service.queries == ["b", "c"])
    feeding.cancel()
  }

  @Test(timeLimit(minutes: 1)) func theRecorderAwaitsTheAnswer() async throws {
    let scheduler = DispatchQueue.test
    let service = FakeSearchService()
    let model = SearchViewModel(search: { await service.search($0) }, scheduler: scheduler)
    let recorder = SignalsTesting.Recorder(model.results)
    model.query.send("swift")
    #expect(try await recorder.next(1, on: scheduler, within: .seconds(1)) == [["SWIFT"]])
    await #expect(throws: RecordingError.self) {
      try await recorder.next(1, on: scheduler, within: .seconds(1))
    }
  }

  @Test(timeLimit(minutes: 1)) func closingTheScreenLeavesNothingAlive() async {
    let scheduler = DispatchQueue.test
    let service = FakeSearchService()
    await expectNoLeaks {
      let model = SearchViewModel(search: { await service.search($0) }, scheduler: scheduler)
      let recorder = SignalsTesting.Recorder(model.results)
      model.query.send("swift")
      _ = try? await recorder.next(1, on: scheduler, within: .seconds(1))
      recorder.cancel()
      await scheduler.advanceAndSettle()
    }
  }

  #if DEBUG
  @Test(timeLimit(minutes: 1)) func forgettingToCancelIsReported() async {
    let scheduler = DispatchQueue.test
    var kept: SignalsTesting.Recorder<[String], Never>?
    await withKnownIssue {
      await expectNoLeaks {
        let model = SearchViewModel(search: { [$0.uppercased()] }, scheduler: scheduler)
        let recorder = SignalsTesting.Recorder(model.results)
        model.query.send("swift")
        _ = try? await recorder.next(1, on: scheduler, within: .seconds(1))
        kept = recorder
      }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "Leak check: 3 of 3 objects created are still alive: DebounceStorage, Publishers.RemoveDuplicates.Inner, "
          + "SubscriberConduit"
      ]
    }
    kept?.cancel()
  }
  #endif
}
