// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// Signals its checkpoint when released: captured by a closure, it tells when whatever owns the
/// closure (a sink's storage, a task) has been released.
///
/// ```swift
/// let released = Checkpoint()
/// let probe = ReleaseProbe(released)
/// let cancellable = events.asyncSink { _ in _ = probe }
/// cancellable.cancel()
/// await released.wait(for: 1)
/// ```
final class ReleaseProbe: Sendable {
  let released: Checkpoint

  init(_ released: Checkpoint) {
    self.released = released
  }

  deinit {
    released.signal()
  }
}
