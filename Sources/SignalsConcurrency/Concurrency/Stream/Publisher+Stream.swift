// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

extension Publisher where Failure == Never, Output: Sendable {
  /// Subscribes now, with unlimited demand, and returns an `AsyncStream` of every value from here on.
  ///
  /// Unlike `values`, nothing is dropped for lack of demand: values
  /// sent before the first `next()`, or while the loop body is busy, wait in the stream's buffer
  /// (as `bufferingPolicy` allows). Each call is an independent consumer with its own
  /// subscription and buffer, so one subject feeds any number of `for await` loops and each loop
  /// sees every value.
  ///
  /// - A consumer that stops (its task is cancelled, its loop exits, or the stream is dropped)
  ///   cancels its own subscription and is released; the other consumers go on.
  /// - The publisher's completion ends the stream after the buffered values.
  /// - A `CurrentValueSubject` stream begins with the current value; a finished subject gives an
  ///   already-finished stream.
  /// - Per value: one `yield` into the stream, with no allocation of Signals' own. A
  ///   `PassthroughSubject` yields into its streams directly, in the one lock round trip that its
  ///   send takes anyway; other publishers deliver through a subscriber that takes no lock per value.
  ///
  /// ```swift
  /// let prices = PassthroughSubject<Int, Never>()
  /// let chart = prices.stream()
  /// let alerts = prices.stream()
  /// prices.send(101)  // buffered in both streams
  /// prices.send(completion: .finished)
  /// for await price in chart { print("chart", price) }
  /// for await price in alerts { print("alert", price) }
  /// // Prints: chart 101
  /// //         alert 101
  /// ```
  ///
  /// - Parameter bufferingPolicy: How many unread values the stream keeps; `.unbounded` keeps all.
  /// - Returns: A stream of this publisher's values that ends when the publisher finishes.
  @inlinable
  public func stream(
    bufferingPolicy: AsyncStream<Output>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Output> {
    let (stream, continuation) = AsyncStream.makeStream(of: Output.self, bufferingPolicy: bufferingPolicy)
    // Made here, in the caller's code, so the closure is specialised for the caller's `Output`.
    attachStream(continuation) { continuation.yield($0) }
    return stream
  }

  /// Subscribes `continuation` (``stream(bufferingPolicy:)``'s body outside the caller's code).
  /// A `PassthroughSubject` calls `yield` per value: a `yield` call of the library's own, compiled
  /// for any `Output`, would look up the metadata of the continuation's `YieldResult` on every
  /// value.
  @usableFromInline
  func attachStream(
    _ continuation: AsyncStream<Output>.Continuation, yield: @escaping @Sendable (Output) -> Void
  ) {
    #if !canImport(Combine)
    if let conduit = SubjectAttaching.attachStream(to: self, yield: yield, finish: { _ in continuation.finish() }) {
      continuation.onTermination = { _ in conduit.cancel() }
      return
    }
    #endif
    let subscriber = StreamSubscriber<Output, Never>(yield: yield) { _ in continuation.finish() }
    continuation.onTermination = { _ in subscriber.cancel() }
    subscribe(subscriber)
  }
}

extension Publisher where Output: Sendable {
  /// Subscribes now, with unlimited demand, and returns an `AsyncThrowingStream` of every value
  /// from here on; the publisher's failure is thrown at the end.
  ///
  /// The failing twin of the `AsyncStream` form of `stream(bufferingPolicy:)`: one independent,
  /// buffered consumer per call; a consumer that stops detaches only itself; the publisher's
  /// completion ends the stream after the buffered values, throwing its error if it failed.
  ///
  /// ```swift
  /// struct Disconnected: Error {}
  /// let feed = PassthroughSubject<String, Disconnected>()
  /// let lines = feed.stream()
  /// feed.send("hello")
  /// feed.send(completion: .failure(Disconnected()))
  /// do {
  ///   for try await line in lines { print(line) }
  /// } catch {
  ///   print("error:", error)
  /// }
  /// // Prints: hello
  /// //         error: Disconnected()
  /// ```
  ///
  /// - Parameter bufferingPolicy: How many unread values the stream keeps; `.unbounded` keeps all.
  /// - Returns: A stream of this publisher's values that ends when the publisher completes.
  @inlinable
  public func stream(
    bufferingPolicy: AsyncThrowingStream<Output, any Error>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncThrowingStream<Output, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(
      of: Output.self, throwing: (any Error).self, bufferingPolicy: bufferingPolicy)
    // Made here, in the caller's code, so the closure is specialised for the caller's `Output`.
    attachStream(continuation) { continuation.yield($0) }
    return stream
  }

  /// Subscribes `continuation`, as the `AsyncStream` form's ``attachStream(_:yield:)`` does.
  @usableFromInline
  func attachStream(
    _ continuation: AsyncThrowingStream<Output, any Error>.Continuation,
    yield: @escaping @Sendable (Output) -> Void
  ) {
    #if !canImport(Combine)
    if let conduit = SubjectAttaching.attachStream(to: self, yield: yield, finish: { continuation.finish(with: $0) }) {
      continuation.onTermination = { _ in conduit.cancel() }
      return
    }
    #endif
    let subscriber = StreamSubscriber<Output, Failure>(yield: yield) { continuation.finish(with: $0) }
    continuation.onTermination = { _ in subscriber.cancel() }
    subscribe(subscriber)
  }
}
