// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Observation
import Signals

/// An `@Observable` model drives a pipeline: `ObservationPublisher` turns its `query` into a
/// publisher (the new value after each change, on the model's queue), and `asyncSink(policy:
/// .latest)` runs the search, each keystroke cancelling the search in flight. Two changes in one
/// turn of the queue make one search.
let observationSearchScene = Scene(title: "Search as you type: an @Observable model and asyncSink(policy: .latest)") {
  guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
    print("  (needs macOS 14, iOS 17, tvOS 17 or watchOS 10)")
    return
  }
  let queue = DispatchQueue(label: "signals-demo.search-model")
  let model = SearchModel()
  let (reports, report) = AsyncStream.makeStream(of: String.self)
  var pending = reports.makeAsyncIterator()
  func showReports(_ count: Int) async {
    for _ in 0..<count {
      if let line = await pending.next() { print("   ", line) }
    }
  }

  let search = ObservationPublisher(scheduler: queue) { model.query }
    .filter { !$0.isEmpty }
    .asyncSink(policy: .latest) { text in
      report.yield("searching \"\(text)\"")
      if text.count < 5 {
        // A slow server: the next keystroke cancels this search.
        try? await Task.sleep(nanoseconds: 60 * 1_000_000_000)
      }
      guard !Task.isCancelled else {
        report.yield("\"\(text)\": cancelled by a newer keystroke")
        return
      }
      let results = ["swift", "swiftui", "swift-format"].filter { $0.hasPrefix(text) }
      report.yield("\"\(text)\" -> \(results)")
      queue.async { model.results = results }
    }
  let screen = ObservationPublisher(scheduler: queue) { model.results.count }
    .dropFirst()
    .sink { report.yield("the screen shows \($0) results") }

  print("  the user types \"s\"")
  queue.async { model.query = "s" }
  await showReports(1)
  print("  then \"sw\": the search for \"s\" is cancelled before the next one starts")
  queue.async { model.query = "sw" }
  await showReports(2)
  print("  then \"swi\" and \"swift\" in one turn of the model's queue: one search, with the new value")
  queue.async {
    model.query = "swi"
    model.query = "swift"
  }
  await showReports(4)
  search.cancel()
  screen.cancel()
}

/// The search screen's state.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
private final class SearchModel: @unchecked Sendable {
  // Safety (of the `@unchecked Sendable`): mutated only on the scene's serial queue, and read there
  // too, except for the first read when each publisher subscribes, before any mutation.
  var query = ""
  var results: [String] = []
}
