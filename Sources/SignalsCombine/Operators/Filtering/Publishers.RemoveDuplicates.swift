// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport

extension Publisher where Output: Equatable {
  /// Republishes a value only when it differs from the value just before it.
  ///
  /// Each value is compared with the one upstream sent just before it (dropped or not); the first
  /// value always passes. A dropped duplicate asks upstream for one more (`.max(1)`), so
  /// downstream's demand is not lost. Completion and failure pass through.
  ///
  /// ```swift
  /// let cancellable = [1, 1, 2, 2, 2, 1].publisher.removeDuplicates().sink { print($0) }
  /// // Prints: 1, 2, 1 (one per line)
  /// ```
  ///
  /// - Returns: A ``Publishers/RemoveDuplicates`` publisher.
  public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: ==)
  }
}

extension Publisher {
  /// Republishes a value only when a predicate says it differs from the value just before it.
  ///
  /// `predicate(previous, current)` returns `true` when `current` counts as a duplicate of the
  /// value upstream sent just before it; duplicates are dropped and replaced by asking upstream
  /// for one more. The predicate runs on the thread that delivers the value.
  ///
  /// ```swift
  /// let cancellable = ["a", "A", "b"].publisher
  ///   .removeDuplicates { $0.lowercased() == $1.lowercased() }
  ///   .sink { print($0) }
  /// // Prints: a, b (one per line)
  /// ```
  ///
  /// - Parameter predicate: Returns `true` when the second value duplicates the first.
  /// - Returns: A ``Publishers/RemoveDuplicates`` publisher.
  public func removeDuplicates(
    by predicate: @escaping (Output, Output) -> Bool
  ) -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
  }

  /// Republishes a value only when a throwing predicate says it differs from the one before it.
  ///
  /// As ``removeDuplicates(by:)``; when the predicate throws, upstream is cancelled and
  /// downstream fails with the error.
  ///
  /// ```swift
  /// struct Incomparable: Error {}
  /// let cancellable = [1, 1, -1].publisher
  ///   .tryRemoveDuplicates { old, new in if new < 0 { throw Incomparable() }; return old == new }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // Prints: 1
  /// //         failure(Incomparable())
  /// ```
  ///
  /// - Parameter predicate: Returns `true` when the second value duplicates the first, or throws.
  /// - Returns: A ``Publishers/TryRemoveDuplicates`` publisher.
  public func tryRemoveDuplicates(
    by predicate: @escaping (Output, Output) throws -> Bool
  ) -> Publishers.TryRemoveDuplicates<Self> {
    Publishers.TryRemoveDuplicates(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that drops a value when it duplicates the value just before it.
  ///
  /// Made by ``Publisher/removeDuplicates()`` and ``Publisher/removeDuplicates(by:)``.
  ///
  /// ```swift
  /// let distinct = Publishers.RemoveDuplicates(upstream: [3, 3, 4].publisher, predicate: ==)
  /// let cancellable = distinct.sink { print($0) }
  /// // Prints: 3, 4 (one per line)
  /// ```
  public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose duplicates are removed.
    public let upstream: Upstream

    /// Returns `true` when the second value duplicates the first.
    public let predicate: (Upstream.Output, Upstream.Output) -> Bool

    /// Creates a publisher that drops the values of `upstream` that duplicate their predecessor.
    ///
    /// ```swift
    /// let distinct = Publishers.RemoveDuplicates(upstream: [1, 1].publisher, predicate: ==)
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose duplicates are removed.
    ///   - predicate: Returns `true` when the second value duplicates the first.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output, Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` through an inner that compares each value with the previous one.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, predicate: predicate))
    }
  }

  /// A publisher that drops a value when a throwing predicate says it duplicates its predecessor.
  ///
  /// Made by ``Publisher/tryRemoveDuplicates(by:)``. A thrown error cancels upstream and fails
  /// downstream, so the failure type is `any Error`.
  ///
  /// ```swift
  /// let distinct = Publishers.TryRemoveDuplicates(upstream: [3, 3, 4].publisher) { $0 == $1 }
  /// let cancellable = distinct.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: 3, 4 (one per line)
  /// ```
  public struct TryRemoveDuplicates<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// Any error: the upstream's or the one the predicate threw.
    public typealias Failure = any Error

    /// The publisher whose duplicates are removed.
    public let upstream: Upstream

    /// Returns `true` when the second value duplicates the first, or throws.
    public let predicate: (Upstream.Output, Upstream.Output) throws -> Bool

    /// Creates a publisher that drops the values of `upstream` that duplicate their predecessor.
    ///
    /// ```swift
    /// let distinct = Publishers.TryRemoveDuplicates(upstream: [1, 1].publisher) { $0 == $1 }
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose duplicates are removed.
    ///   - predicate: Returns `true` when the second value duplicates the first, or throws.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output, Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` through an inner that compares each value with the previous one.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(TryInner(downstream: subscriber, predicate: predicate))
    }
  }
}

extension Publishers.RemoveDuplicates {
  private final class Inner<Downstream: Subscriber>: OperatorInner<Output, Upstream.Failure, Downstream>
  where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
    private let predicate: (Input, Input) -> Bool
    /// The value upstream sent last, behind a lock because the mirror shows it to any thread; the
    /// value path exchanges it for the new value in one round trip, and compares after unlocking.
    private let previous = LockedState.make(ValueSlot<Input>())

    init(downstream: Downstream, predicate: @escaping (Input, Input) -> Bool) {
      self.predicate = predicate
      super.init(downstream: downstream, rules: .filtering)
    }

    deinit {
      // Taken out first, so that the value is destroyed after unlocking.
      previous.withLock { $0 }.release()
    }

    override var description: String { "RemoveDuplicates" }

    /// As Combine shows it: the subscriber, and the last value (`nil` before the first).
    override var customMirror: Mirror {
      let last = previous.withLock { $0.isFilled ? Optional($0.value) : nil }
      return Mirror(self, children: ["downstream": downstream, "last": last as Any])
    }

    override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
      var replaced = input
      let isDuplicate = previous.withLock { $0.exchange(&replaced) } && predicate(replaced, input)
      return isDuplicate ? skip() : send(input)
    }
  }
}

extension Publishers.TryRemoveDuplicates {
  private final class TryInner<Downstream: Subscriber>: OperatorInner<Output, Upstream.Failure, Downstream>
  where Downstream.Input == Output, Downstream.Failure == any Error {
    private let predicate: (Input, Input) throws -> Bool
    /// The value upstream sent last, behind a lock because the mirror shows it to any thread; the
    /// value path exchanges it for the new value in one round trip, and compares after unlocking.
    private let previous = LockedState.make(ValueSlot<Input>())

    init(downstream: Downstream, predicate: @escaping (Input, Input) throws -> Bool) {
      self.predicate = predicate
      super.init(downstream: downstream, rules: .filtering)
    }

    deinit {
      // Taken out first, so that the value is destroyed after unlocking.
      previous.withLock { $0 }.release()
    }

    override var description: String { "TryRemoveDuplicates" }

    /// As Combine shows it: the subscriber, and the last value (`nil` before the first).
    override var customMirror: Mirror {
      let last = previous.withLock { $0.isFilled ? Optional($0.value) : nil }
      return Mirror(self, children: ["downstream": downstream, "last": last as Any])
    }

    override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
      var replaced = input
      let isDuplicate: Bool
      do {
        isDuplicate = try previous.withLock { $0.exchange(&replaced) } && predicate(replaced, input)
      } catch {
        return fail(throwing: error)
      }
      return isDuplicate ? skip() : send(input)
    }

    override func mapFailure(_ failure: Failure) -> any Error { failure }
  }
}
#endif
