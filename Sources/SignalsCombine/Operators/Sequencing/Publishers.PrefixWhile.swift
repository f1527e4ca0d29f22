// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Republishes values while a predicate holds, and finishes at the first value that fails it.
  ///
  /// Demand passes through. The first value that fails the predicate is not published: upstream
  /// is cancelled and downstream receives `.finished`. Completion and failure before that pass
  /// through.
  ///
  /// ```swift
  /// let cancellable = [1, 2, 5, 1].publisher.prefix(while: { $0 < 3 }).sink { print($0) }
  /// // Prints: 1, 2 (one per line)
  /// ```
  ///
  /// - Parameter predicate: Returns `true` for values to publish.
  /// - Returns: A ``Publishers/PrefixWhile`` publisher.
  public func prefix(while predicate: @escaping (Output) -> Bool) -> Publishers.PrefixWhile<Self> {
    Publishers.PrefixWhile(upstream: self, predicate: predicate)
  }

  /// Republishes values while a throwing predicate holds, then finishes.
  ///
  /// As ``prefix(while:)``; when the predicate throws, upstream is cancelled and downstream
  /// fails with the error.
  ///
  /// ```swift
  /// struct Unreadable: Error {}
  /// let cancellable = [1, 2, 5].publisher
  ///   .tryPrefix(while: { value in if value == 2 { throw Unreadable() }; return value < 3 })
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // Prints: 1
  /// //         failure(Unreadable())
  /// ```
  ///
  /// - Parameter predicate: Returns `true` for values to publish. It may throw.
  /// - Returns: A ``Publishers/TryPrefixWhile`` publisher.
  public func tryPrefix(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryPrefixWhile<Self> {
    Publishers.TryPrefixWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that republishes values while a predicate holds.
  ///
  /// Made by ``Publisher/prefix(while:)``.
  ///
  /// ```swift
  /// let values = Publishers.PrefixWhile(upstream: [1, 4, 2].publisher) { $0 < 3 }
  /// let cancellable = values.sink { print($0) }
  /// // Prints: 1
  /// ```
  public struct PrefixWhile<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are tested.
    public let upstream: Upstream

    /// Returns `true` for values to publish.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates a publisher that republishes the values of `upstream` while `predicate` holds.
    ///
    /// ```swift
    /// let values = Publishers.PrefixWhile(upstream: [1, 4].publisher) { $0 < 3 }
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are tested.
    ///   - predicate: Returns `true` for values to publish.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` through an inner that applies the predicate.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, predicate: predicate))
    }
  }

  /// A publisher that republishes values while a predicate holds. The predicate may throw.
  ///
  /// Made by ``Publisher/tryPrefix(while:)``. A thrown error cancels upstream and fails
  /// downstream, so the failure type is `any Error`.
  ///
  /// ```swift
  /// let values = Publishers.TryPrefixWhile(upstream: [1, 4, 2].publisher) { $0 < 3 }
  /// let cancellable = values.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: 1
  /// ```
  public struct TryPrefixWhile<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// Any error: the upstream's or the one the predicate threw.
    public typealias Failure = any Error

    /// The publisher whose values are tested.
    public let upstream: Upstream

    /// Returns `true` for values to publish. It may throw.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher that republishes the values of `upstream` while a throwing `predicate` holds.
    ///
    /// ```swift
    /// let values = Publishers.TryPrefixWhile(upstream: [1, 4].publisher) { $0 < 3 }
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are tested.
    ///   - predicate: Returns `true` for values to publish. It may throw.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` through an inner that applies the predicate.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(TryInner(downstream: subscriber, predicate: predicate))
    }
  }
}

extension Publishers.PrefixWhile {
  private final class Inner<Downstream: Subscriber>: OperatorInner<Output, Upstream.Failure, Downstream>
  where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
    private let predicate: (Input) -> Bool

    init(downstream: Downstream, predicate: @escaping (Input) -> Bool) {
      self.predicate = predicate
      super.init(downstream: downstream, rules: .filtering)
    }

    override var description: String { "PrefixWhile" }

    override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
      predicate(input) ? send(input) : finish(with: .finished)
    }
  }
}

extension Publishers.TryPrefixWhile {
  private final class TryInner<Downstream: Subscriber>: OperatorInner<Output, Upstream.Failure, Downstream>
  where Downstream.Input == Output, Downstream.Failure == any Error {
    private let predicate: (Input) throws -> Bool

    init(downstream: Downstream, predicate: @escaping (Input) throws -> Bool) {
      self.predicate = predicate
      super.init(downstream: downstream, rules: .filtering)
    }

    override var description: String { "TryPrefixWhile" }

    override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
      do {
        return try predicate(input) ? send(input) : finish(with: .finished)
      } catch {
        return fail(throwing: error)
      }
    }

    override func mapFailure(_ failure: Failure) -> any Error { failure }
  }
}
#endif
