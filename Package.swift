// swift-tools-version: 6.0
// Signals: Combine's API on every platform Swift runs on, with two-way bridges to Swift Concurrency.
// The library has no package dependencies; `Benchmarks/` is a separate package.

import PackageDescription

let package = Package(
  name: "Signals",
  platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
  products: [
    .library(name: "Signals", targets: ["Signals"]),
    .library(name: "SignalsTesting", targets: ["SignalsTesting"]),
    .executable(name: "signals-demo", targets: ["signals-demo"]),
  ],
  targets: [
    .target(name: "Signals"),
    .target(name: "SignalsTesting", dependencies: ["Signals"]),
    .executableTarget(name: "signals-demo", dependencies: ["Signals"]),
    .testTarget(name: "SignalsTests", dependencies: ["Signals", "SignalsTesting"]),
    // Many threads at once, with the contract checked on every event; CI runs it under ThreadSanitizer.
    .testTarget(name: "SignalsStressTests", dependencies: ["Signals", "SignalsTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
