// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// A type whose work can be stopped.
///
/// Cancelling frees what the activity holds; calling ``cancel()`` more than once is harmless.
///
/// ```swift
/// let subject = PassthroughSubject<Int, Never>()
/// let cancellable = subject.sink { print($0) }
/// subject.send(1)        // Prints: 1
/// cancellable.cancel()
/// subject.send(2)        // nothing
/// ```
public protocol Cancellable {
  /// Stops the activity and frees what it holds.
  func cancel()
}
