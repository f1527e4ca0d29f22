// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

extension Publisher where Failure == Never, Output: Sendable {
  /// The publisher's first value, awaited; the subscription is cancelled once it arrives.
  ///
  /// Asks for one value. Returns `nil` if the publisher finishes without a value, or if the
  /// awaiting task is cancelled (which also cancels the subscription).
  ///
  /// ```swift
  /// let followers = CurrentValueSubject<Int, Never>(120)
  /// print(await followers.firstValue as Any)  // Optional(120)
  /// ```
  nonisolated(nonsending) public var firstValue: Output? {
    get async {
      var iterator = values.makeAsyncIterator()
      return await iterator.next(isolation: #isolation)
    }
  }
}

extension Publisher where Output: Sendable {
  /// The publisher's first value, awaited; the subscription is cancelled once it arrives.
  ///
  /// Asks for one value. Returns `nil` if the publisher finishes without a value, and throws the
  /// publisher's failure if it fails first. If the awaiting task is cancelled, the subscription is
  /// cancelled and the result is `nil`: it does **not** throw `CancellationError` (check
  /// `Task.isCancelled` if you need to tell the two apart).
  ///
  /// ```swift
  /// struct Offline: Error {}
  /// let replies = PassthroughSubject<String, Offline>()
  /// Task { replies.send("pong") }
  /// print(try await replies.firstValue as Any)  // Optional("pong")
  /// ```
  nonisolated(nonsending) public var firstValue: Output? {
    get async throws {
      var iterator = values.makeAsyncIterator()
      return try await iterator.next(isolation: #isolation)
    }
  }
}
