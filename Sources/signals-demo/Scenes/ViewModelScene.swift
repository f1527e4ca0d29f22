// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals

/// A command-line "view" redraws a search screen from a view model with two `@Published`
/// properties: it listens to `objectWillChange` and redraws once the change has landed, while a
/// search service feeds results into the model with `assign(to: &$results)`. When the screen
/// closes, the model goes away and so does the pipeline.
let viewModelScene = Scene(title: "A view model drives a command-line screen") {
  // `assign(to: &$property)` is in Apple's Combine from macOS 11 and iOS 14.
  guard #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) else {
    print("  (needs macOS 11, iOS 14, tvOS 14 or watchOS 7)")
    return
  }
  /// What the "search service" answers; the view model does not hold it.
  let service = PassthroughSubject<[String], Never>()
  weak var closedModel: SearchViewModel?

  do {
    let model = SearchViewModel(results: service)
    closedModel = model
    var screen = Set<AnyCancellable>()
    var pendingRedraw = false

    // objectWillChange fires before the change: note it, and redraw after the change has landed.
    model.objectWillChange
      .sink {
        pendingRedraw = true
        print("  (will change: the query still reads \"\(model.query)\")")
      }
      .store(in: &screen)
    func redrawIfNeeded() {
      guard pendingRedraw else { return }
      pendingRedraw = false
      let shown = model.results.isEmpty ? "no results" : model.results.joined(separator: ", ")
      print("  screen: [\(model.query)] -> \(shown)")
    }

    model.$query
      .sink { print("  $query publishes \"\($0)\"") }
      .store(in: &screen)

    print("  the user types \"ca\"")
    model.query = "ca"
    redrawIfNeeded()

    print("  the service answers")
    service.send(["cat", "car"])
    redrawIfNeeded()

    print("  the user types \"cab\" and the service answers")
    model.query = "cab"
    service.send(["cab"])
    redrawIfNeeded()

    print("  objectWillChange is one publisher per model: \(model.objectWillChange === model.objectWillChange)")
    print("  the screen closes")
    screen.removeAll()
  }

  print("  view model released: \(closedModel == nil)")
  print("  the service answers again, and nobody is listening")
  service.send(["late"])
}

/// The view model of the search screen.
@available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
private final class SearchViewModel: ObservableObject {
  @Published var query = ""
  @Published var results: [String] = []

  init(results: PassthroughSubject<[String], Never>) {
    // The model keeps the subscription itself; no cancellable to store, no retain cycle.
    results.assign(to: &$results)
  }
}
