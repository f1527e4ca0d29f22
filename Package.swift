// swift-tools-version: 6.0
// Signals: Combine's API on every platform Swift runs on, with two-way bridges to Swift Concurrency.
// The library has no package dependencies; `Benchmarks/` is a separate package.

import PackageDescription

let package = Package(
  name: "Signals",
  platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
  products: [
    .library(name: "Signals", targets: ["Signals"]),
    .library(name: "SignalsExt", targets: ["SignalsExt"]),
    .library(name: "SignalsTesting", targets: ["SignalsTesting"]),
    .executable(name: "signals-demo", targets: ["signals-demo"]),
  ],
  targets: [
    .target(name: "Signals"),
    // What Signals adds beyond Combine (withLatestFrom, share(replay:), materialize, create, …), in a
    // module of its own so that `import Signals` declares nothing an extension library could too.
    .target(name: "SignalsExt", dependencies: ["Signals"]),
    .target(name: "SignalsTesting", dependencies: ["Signals"]),
    .executableTarget(name: "signals-demo", dependencies: ["Signals", "SignalsExt"]),
    .testTarget(name: "SignalsTests", dependencies: ["Signals", "SignalsExt", "SignalsTesting"]),
    // Imports Signals alone and declares CombineExt's public names: they must not clash.
    .testTarget(name: "SignalsImportTests", dependencies: ["Signals"]),
    // Many threads at once, with the contract checked on every event; CI runs it under ThreadSanitizer.
    .testTarget(name: "SignalsStressTests", dependencies: ["Signals", "SignalsExt", "SignalsTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
