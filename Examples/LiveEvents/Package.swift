// swift-tools-version: 6.2
// live-events: Signals inside an HTTP service. A separate package so that the library itself keeps no
// package dependencies; see README.md.

import PackageDescription

let package = Package(
  name: "LiveEvents",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "Signals", path: "../.."),
    // No default traits: swift-configuration support and full Foundation are not used here, and
    // leaving them out shortens the first build.
    .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
    .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
    .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
  ],
  targets: [
    // The service: routes, the event hub on a Signals subject, the statistics pipeline, the
    // PostgreSQL bridge and the hand-written broadcaster used as the load peer.
    .target(
      name: "LiveEventsServer",
      dependencies: [
        .product(name: "Signals", package: "Signals"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
      ]
    ),
    // A small HTTP/1.1 client on SwiftNIO (which the server brings anyway): posts and SSE streams.
    .target(
      name: "LiveEventsClient",
      dependencies: [
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ]
    ),
    .executableTarget(
      name: "live-events",
      dependencies: [
        "LiveEventsServer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "live-events-e2e",
      dependencies: [
        "LiveEventsServer",
        "LiveEventsClient",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "live-events-load",
      dependencies: [
        "LiveEventsServer",
        "LiveEventsClient",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(
      name: "LiveEventsTests",
      dependencies: [
        "LiveEventsServer",
        "LiveEventsClient",
        .product(name: "NIOCore", package: "swift-nio"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
