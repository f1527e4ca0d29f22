// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// `swift run signals-demo`: a short tour of Signals, one scene per scenario, each printing what
/// happens as it happens.
@main
struct SignalsDemo {
  static func main() async {
    print("Signals — a tour. Every line below is printed by the code in Sources/signals-demo/Scenes.")
    for scene in Tour.scenes {
      print("\n== \(scene.title) ==")
      await scene.run()
    }
    print("\nEnd of the tour.")
  }
}

/// One scenario of the tour.
struct Scene: Sendable {
  let title: String
  let run: @Sendable () async -> Void
}

enum Tour {
  /// The scenes, in the order they are shown.
  static let scenes: [Scene] = [
    followerCountScene,
    futureScene,
    operatorsScene,
    combiningScene,
    sequencingScene,
    sharingScene,
    searchScene,
    viewModelScene,
    mainActorScene,
    schedulersScene,
    streamScene,
    asyncSinkScene,
    observationSearchScene,
    asyncFutureScene,
    uploadPostScene,
  ]
}
