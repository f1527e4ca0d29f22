// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// A publisher that fails each subscriber at once with a given error.
///
/// Each subscriber receives a subscription (which ignores requests and cancellation) and then
/// `.failure(error)` right away, whatever its demand. No value is ever delivered.
///
/// ```swift
/// struct Offline: Error {}
/// let cancellable = Fail<Int, Offline>(error: Offline())
///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
/// // Prints: failure(Offline())
/// ```
public struct Fail<Output, Failure: Error>: Publisher {
  /// The error every subscriber receives.
  public let error: Failure

  /// Creates a publisher that fails with `error`.
  ///
  /// ```swift
  /// struct Timeout: Error {}
  /// let failing = Fail<String, Timeout>(error: Timeout())
  /// ```
  ///
  /// - Parameter error: The error to fail with.
  public init(error: Failure) {
    self.error = error
  }

  /// Creates a publisher that fails with `failure`, naming the output type where inference
  /// cannot.
  ///
  /// ```swift
  /// struct Denied: Error {}
  /// let failing = Fail(outputType: Int.self, failure: Denied())
  /// ```
  ///
  /// - Parameters:
  ///   - outputType: The type of values the publisher would deliver.
  ///   - failure: The error to fail with.
  public init(outputType: Output.Type, failure: Failure) {
    self.error = failure
  }

  /// Attaches `subscriber`, which receives `Subscriptions.empty` and then `.failure(error)`.
  ///
  /// - Parameter subscriber: The subscriber to attach.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: Subscriptions.empty)
    subscriber.receive(completion: .failure(error))
  }
}

extension Fail: Equatable where Failure: Equatable {
  /// Whether both publishers fail with equal errors.
  ///
  /// ```swift
  /// struct Code: Error, Equatable { let value: Int }
  /// print(Fail<Int, Code>(error: Code(value: 1)) == Fail(error: Code(value: 1)))  // true
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: A failing publisher.
  ///   - rhs: Another failing publisher of the same types.
  /// - Returns: `true` when the errors are equal.
  public static func == (lhs: Fail<Output, Failure>, rhs: Fail<Output, Failure>) -> Bool {
    lhs.error == rhs.error
  }
}

extension Fail: Sendable where Failure: Sendable {}
#endif
