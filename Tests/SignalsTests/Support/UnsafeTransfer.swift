// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// Carries a value the compiler cannot prove `Sendable` into a `@Sendable` closure, for a test
/// that knows no two threads use it at once (as AsyncAlgorithms' `UnsafeTransfer`).
///
/// Apple's Combine marks only `Subscribers.Completion` and `Subscribers.Demand` `Sendable`: its
/// subjects, `AnyCancellable`, `Future` and `Just` are not, where Signals' own are. A portable
/// test that hands one of them to a `@Sendable` closure (a `TestSubscriber`'s `onValue`, a
/// detached task) wraps it in this box, and says beside it why that closure never races the test.
struct UnsafeTransfer<Wrapped>: @unchecked Sendable {
  // Safety: each use states why the wrapped value is not used from two threads at once.
  let wrapped: Wrapped

  init(_ wrapped: Wrapped) { self.wrapped = wrapped }
}
