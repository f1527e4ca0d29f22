// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// A publisher that delivers no value and either finishes at once or never completes.
///
/// Each subscriber receives a subscription (which ignores requests and cancellation) and, when
/// ``completeImmediately`` is `true`, `.finished` right after it, whatever its demand. With
/// `false` it receives nothing more, ever: useful as a publisher that stays silent.
///
/// ```swift
/// let cancellable = Empty<Int, Never>()
///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
/// // Prints: finished
/// ```
public struct Empty<Output, Failure: Error>: Publisher, Equatable {
  /// Whether subscribers receive `.finished` at once (`true`) or never complete (`false`).
  public let completeImmediately: Bool

  /// Creates an empty publisher.
  ///
  /// ```swift
  /// let silent = Empty<String, Never>(completeImmediately: false)
  /// ```
  ///
  /// - Parameter completeImmediately: `true` (the default) to finish each subscriber at once,
  ///   `false` to never complete.
  public init(completeImmediately: Bool = true) {
    self.completeImmediately = completeImmediately
  }

  /// Creates an empty publisher, naming its output and failure types where inference cannot.
  ///
  /// ```swift
  /// let nothing = Empty(completeImmediately: true, outputType: Int.self, failureType: Never.self)
  /// ```
  ///
  /// - Parameters:
  ///   - completeImmediately: `true` (the default) to finish each subscriber at once, `false` to
  ///     never complete.
  ///   - outputType: The type of values the publisher would deliver.
  ///   - failureType: The type of error the publisher could fail with.
  public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
    self.completeImmediately = completeImmediately
  }

  /// Attaches `subscriber`, which receives `Subscriptions.empty` and, if
  /// ``completeImmediately``, `.finished`.
  ///
  /// - Parameter subscriber: The subscriber to attach.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: Subscriptions.empty)
    if completeImmediately {
      subscriber.receive(completion: .finished)
    }
  }

  /// Whether both publishers complete the same way.
  ///
  /// ```swift
  /// print(Empty<Int, Never>() == Empty<Int, Never>(completeImmediately: true))  // true
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: An empty publisher.
  ///   - rhs: Another empty publisher of the same types.
  /// - Returns: `true` when both have the same ``completeImmediately``.
  public static func == (lhs: Empty<Output, Failure>, rhs: Empty<Output, Failure>) -> Bool {
    lhs.completeImmediately == rhs.completeImmediately
  }
}

extension Empty: Sendable {}
#endif
