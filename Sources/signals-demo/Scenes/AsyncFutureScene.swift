// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals

/// An async function becomes a `Future`: it starts at once, runs once, and its one result reaches
/// a Combine subscriber and an `await` alike; a failing operation fails the future with its typed
/// error.
let asyncFutureScene = Scene(title: "An async function as a Future, awaited and subscribed") {
  // `Future.value` is in Apple's Combine from macOS 12 and iOS 15.
  guard #available(macOS 12, iOS 15, tvOS 15, watchOS 8, *) else {
    print("  (needs macOS 12, iOS 15, tvOS 15 or watchOS 8)")
    return
  }
  struct ProfileMissing: Error {}
  let (reports, report) = AsyncStream.makeStream(of: String.self)
  var pending = reports.makeAsyncIterator()

  let profile = Future<String, Never>(priority: .userInitiated) {
    report.yield("fetching the profile (runs once)")
    await Task.yield()
    return "Ada Lovelace"
  }
  if let line = await pending.next() { print("   ", line) }

  let screen = profile.sink { print("    Combine subscriber got:", $0) }
  print("    await future.value:", await profile.value)
  print("    a second await:", await profile.value)
  withExtendedLifetime(screen) {}

  let missing = Future<String, ProfileMissing>(priority: .utility) { () async throws(ProfileMissing) -> String in
    throw ProfileMissing()
  }
  do {
    _ = try await missing.value
  } catch {
    print("    the failing future threw:", error)
  }
}
