// swift-tools-version: 6.1
// signals-bench: Signals against OpenCombine, swift-async-algorithms and hand-written floors.
// A separate package so that the library itself keeps no package dependencies.

import PackageDescription

let package = Package(
  name: "SignalsBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "Signals", path: ".."),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    .package(url: "https://github.com/apple/swift-async-algorithms", exact: "1.1.4"),
    .package(url: "https://github.com/ordo-one/malloc-interposer", exact: "1.6.1"),
  ],
  targets: [
    .executableTarget(
      name: "signals-bench",
      dependencies: [
        .product(name: "Signals", package: "Signals"),
        .product(name: "SignalsExt", package: "Signals"),
        .product(name: "OpenCombine", package: "OpenCombine"),
        // For the operator matrix's DispatchQueue rows (`DispatchQueue.OCombine`).
        .product(name: "OpenCombineDispatch", package: "OpenCombine"),
        .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
        .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
      ],
      swiftSettings: [
        // Each define turns on the Signals side of a family of workloads (see README.md); every
        // family is on main now.
        .define("SIGNALS_OPERATORS"),
        .define("SIGNALS_FLATMAP"),
        .define("SIGNALS_SWITCH_TO_LATEST"),
        .define("SIGNALS_COMBINING"),
        .define("SIGNALS_STREAM"),
        .define("SIGNALS_CONCURRENCY"),
        // Signals and OpenCombineDispatch both extend DispatchQueue with a `SchedulerTimeType`:
        // each file sees only the members of the modules it imports.
        .enableUpcomingFeature("MemberImportVisibility"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
