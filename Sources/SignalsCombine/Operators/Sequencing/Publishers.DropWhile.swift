// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Skips values while a predicate holds, then republishes everything from the first value that fails it.
  ///
  /// Each skipped value is replaced by asking upstream for one more (`.max(1)`), so downstream's
  /// demand is not lost. Once a value fails the predicate, it and every later value pass without
  /// calling the predicate again. Completion and failure pass through.
  ///
  /// ```swift
  /// let cancellable = [1, 2, 5, 1].publisher.drop(while: { $0 < 3 }).sink { print($0) }
  /// // Prints: 5, 1 (one per line)
  /// ```
  ///
  /// - Parameter predicate: Returns `true` for values to skip.
  /// - Returns: A ``Publishers/DropWhile`` publisher.
  public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
    Publishers.DropWhile(upstream: self, predicate: predicate)
  }

  /// Skips values while a throwing predicate holds, then republishes the rest.
  ///
  /// As ``drop(while:)``; when the predicate throws, upstream is cancelled and downstream
  /// fails with the error.
  ///
  /// ```swift
  /// struct Unreadable: Error {}
  /// let cancellable = [1, 2, 5].publisher
  ///   .tryDrop(while: { value in if value == 2 { throw Unreadable() }; return value < 3 })
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // Prints: failure(Unreadable())
  /// ```
  ///
  /// - Parameter predicate: Returns `true` for values to skip. It may throw.
  /// - Returns: A ``Publishers/TryDropWhile`` publisher.
  public func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self> {
    Publishers.TryDropWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that skips values while a predicate holds.
  ///
  /// Made by ``Publisher/drop(while:)``.
  ///
  /// ```swift
  /// let values = Publishers.DropWhile(upstream: [1, 4, 2].publisher) { $0 < 3 }
  /// let cancellable = values.sink { print($0) }
  /// // Prints: 4, 2 (one per line)
  /// ```
  public struct DropWhile<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are tested.
    public let upstream: Upstream

    /// Returns `true` for values to skip.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates a publisher that skips the values of `upstream` while `predicate` holds.
    ///
    /// ```swift
    /// let values = Publishers.DropWhile(upstream: [1, 4].publisher) { $0 < 3 }
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are tested.
    ///   - predicate: Returns `true` for values to skip.
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

  /// A publisher that skips values while a predicate holds. The predicate may throw.
  ///
  /// Made by ``Publisher/tryDrop(while:)``. A thrown error cancels upstream and fails
  /// downstream, so the failure type is `any Error`.
  ///
  /// ```swift
  /// let values = Publishers.TryDropWhile(upstream: [1, 4, 2].publisher) { $0 < 3 }
  /// let cancellable = values.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: 4, 2 (one per line)
  /// ```
  public struct TryDropWhile<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// Any error: the upstream's or the one the predicate threw.
    public typealias Failure = any Error

    /// The publisher whose values are tested.
    public let upstream: Upstream

    /// Returns `true` for values to skip. It may throw.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher that skips the values of `upstream` while a throwing `predicate` holds.
    ///
    /// ```swift
    /// let values = Publishers.TryDropWhile(upstream: [1, 4].publisher) { $0 < 3 }
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are tested.
    ///   - predicate: Returns `true` for values to skip. It may throw.
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

extension Publishers.DropWhile {
  private final class Inner<Downstream: Subscriber>: OperatorInner<Output, Upstream.Failure, Downstream>
  where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
    private let predicate: (Input) -> Bool
    /// Whether values are still being tested; touched only on the upstream's delivery path.
    @exclusivity(unchecked) private var dropping = true

    init(downstream: Downstream, predicate: @escaping (Input) -> Bool) {
      self.predicate = predicate
      super.init(downstream: downstream, rules: .dropping)
    }

    override var description: String { "DropWhile" }

    override var customMirror: Mirror { Mirror(self, children: [:]) }

    override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
      guard dropping else { return send(input) }
      if predicate(input) { return skip() }
      dropping = false
      return send(input)
    }
  }
}

extension Publishers.TryDropWhile {
  private final class TryInner<Downstream: Subscriber>: OperatorInner<Output, Upstream.Failure, Downstream>
  where Downstream.Input == Output, Downstream.Failure == any Error {
    private let predicate: (Input) throws -> Bool
    /// Whether values are still being tested; touched only on the upstream's delivery path.
    @exclusivity(unchecked) private var dropping = true

    init(downstream: Downstream, predicate: @escaping (Input) throws -> Bool) {
      self.predicate = predicate
      super.init(downstream: downstream, rules: .dropping)
    }

    override var description: String { "TryDropWhile" }

    override var customMirror: Mirror { Mirror(self, children: [:]) }

    override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
      do {
        guard dropping else { return send(input) }
        if try predicate(input) { return skip() }
        dropping = false
        return send(input)
      } catch {
        return fail(throwing: error)
      }
    }

    override func mapFailure(_ failure: Failure) -> any Error { failure }
  }
}
#endif
