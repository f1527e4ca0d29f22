// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Result {
  /// A publisher that delivers a result: its success value then `.finished`, or its failure.
  ///
  /// A success behaves like ``Just``: the value is sent once the subscriber asks for at least
  /// one, then `.finished`. A failure is sent right after the subscription, whatever the demand.
  ///
  /// ```swift
  /// struct Invalid: Error {}
  /// let parsed: Result<Int, Invalid> = .success(12)
  /// let cancellable = parsed.publisher.sink(
  ///   receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // Prints: 12
  /// //         finished
  /// ```
  public struct Publisher: SignalsCombine.Publisher {
    /// The success type.
    public typealias Output = Success

    /// The result every subscriber receives.
    public let result: Result<Output, Failure>

    /// Creates a publisher of `result`.
    ///
    /// ```swift
    /// let publisher = Result<Int, Never>.Publisher(.success(1))
    /// ```
    ///
    /// - Parameter result: The result to deliver.
    public init(_ result: Result<Output, Failure>) {
      self.result = result
    }

    /// Creates a publisher that delivers `output`, then finishes.
    ///
    /// ```swift
    /// let publisher = Result<String, Never>.Publisher("ok")
    /// ```
    ///
    /// - Parameter output: The value to deliver.
    public init(_ output: Output) {
      result = .success(output)
    }

    /// Creates a publisher that fails with `failure`.
    ///
    /// ```swift
    /// struct Denied: Error {}
    /// let publisher = Result<Int, Denied>.Publisher(Denied())
    /// ```
    ///
    /// - Parameter failure: The error to fail with.
    public init(_ failure: Failure) {
      result = .failure(failure)
    }

    /// Attaches `subscriber`: the value on demand then `.finished`, or the failure at once.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Success, S.Failure == Failure {
      switch result {
      case .success(let output):
        SingleValueSubscription.subscribe(subscriber, to: output, name: "Once")
      case .failure(let error):
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .failure(error))
      }
    }
  }

  /// A publisher that delivers this result: its success value then `.finished`, or its failure.
  ///
  /// ```swift
  /// let cancellable = Result<Int, Never>.success(3).publisher.sink { print($0) }
  /// // Prints: 3
  /// ```
  public var publisher: Publisher {
    Publisher(self)
  }
}

extension Result.Publisher: Equatable where Success: Equatable, Failure: Equatable {}

extension Result.Publisher: Sendable where Success: Sendable, Failure: Sendable {}
#endif
