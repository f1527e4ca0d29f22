// swift-tools-version: 6.2
// Signals: Combine's API on every platform Swift runs on, with two-way bridges to Swift Concurrency.
// The library has no package dependencies; `Benchmarks/` is a separate package.
//
// One set of Combine types per platform (Documentation/Proposals/0009-platform-model.md):
// - on Apple platforms `import Signals` re-exports Apple's Combine and adds what Combine lacks;
// - everywhere else it re-exports Signals' own implementation of Combine (`SignalsCombine`),
//   which Apple builds never compile or link.

import PackageDescription

/// Where Apple's Combine does not exist, and Signals' own implementation stands in for it.
let withoutCombine: [Platform] = [.linux, .windows, .android, .wasi, .openbsd]

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
    // The C11 atomics behind SignalsSupport's one atomic type: a header of `static inline`
    // functions over one word, the same code on every platform with no raise of the floor
    // (`Synchronization.Atomic` needs macOS 15 / iOS 18). Nothing else may include it.
    .target(name: "CSignalsAtomics"),
    // What every module of the package builds on: the lock, the atomic, a value queue, work and
    // object counting for SignalsTesting. No public API, and nothing that names Combine's protocols.
    .target(name: "SignalsSupport", dependencies: ["CSignalsAtomics"]),
    // Signals' implementation of Combine, for platforms without it. Never compiled on Apple
    // platforms (every file sits inside `#if !canImport(Combine)` as well, for `swift build`
    // on a Mac, which compiles every target of a package).
    .target(name: "SignalsCombine", dependencies: ["SignalsSupport"]),
    // What Signals adds to Combine on every platform: the bridges to Swift Concurrency, the
    // main-actor scheduler, the Observation bridge. Swift 6, written against Combine's protocols.
    .target(
      name: "SignalsConcurrency",
      dependencies: [
        "SignalsSupport",
        .target(name: "SignalsCombine", condition: .when(platforms: withoutCombine)),
      ]
    ),
    // `import Signals`: re-exports only — Combine (Apple's or Signals' own) and SignalsConcurrency.
    // Swift 5 mode, as Apple's Combine is compiled: a Swift 6 caller's actor-isolated closure
    // handed to `sink`, `map` or any other API that comes through this module then gets the
    // compiler's dynamic isolation check (SE-0423), and a Swift 5 caller's does not — Combine's
    // behaviour on Apple platforms (Proposal 0009).
    .target(
      name: "Signals",
      dependencies: [
        "SignalsConcurrency",
        .target(name: "SignalsCombine", condition: .when(platforms: withoutCombine)),
      ],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    // What Signals adds beyond Combine (withLatestFrom, share(replay:), materialize, create, …), in a
    // module of its own so that `import Signals` declares nothing an extension library could too.
    .target(name: "SignalsExt", dependencies: ["Signals", "SignalsSupport"]),
    .target(name: "SignalsTesting", dependencies: ["Signals", "SignalsSupport"]),
    .executableTarget(name: "signals-demo", dependencies: ["Signals", "SignalsExt", "SignalsSupport"]),
    .testTarget(
      name: "SignalsTests",
      dependencies: [
        "Signals", "SignalsExt", "SignalsTesting", "SignalsSupport", "SignalsCombine", "SignalsConcurrency",
      ]
    ),
    // Imports Signals alone and declares CombineExt's public names: they must not clash.
    .testTarget(name: "SignalsImportTests", dependencies: ["Signals"]),
    // Swift 5 language mode, as an older app target: Combine's behaviour for code that has no
    // actor isolation checking (an actor-isolated sink fed from another thread runs, unchecked).
    .testTarget(
      name: "SignalsSwift5Tests",
      dependencies: ["Signals"],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    // Many threads at once, with the contract checked on every event; CI runs it under ThreadSanitizer.
    .testTarget(
      name: "SignalsStressTests",
      dependencies: [
        "Signals", "SignalsExt", "SignalsTesting", "SignalsSupport", "SignalsCombine", "SignalsConcurrency",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
