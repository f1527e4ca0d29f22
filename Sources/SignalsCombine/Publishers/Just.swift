// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// A publisher that delivers one value to each subscriber, then finishes.
///
/// The value is sent once the subscriber asks for at least one value, immediately followed by
/// `.finished`. A subscriber that cancels before asking receives nothing. `Just` cannot fail; use
/// `setFailureType(to:)` to combine it with failing publishers.
///
/// - Demand: the value waits for a request greater than zero; the completion follows it without
///   further demand.
/// - Threading: the value is delivered on the thread that requested it.
///
/// ```swift
/// let cancellable = Just("ready")
///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
/// // Prints: ready
/// //         finished
/// ```
public struct Just<Output>: Publisher {
  /// `Just` never fails.
  public typealias Failure = Never

  /// The value delivered to every subscriber.
  public let output: Output

  /// Creates a publisher that delivers `output` once to each subscriber.
  ///
  /// ```swift
  /// let answer = Just(42)
  /// print(answer.output)  // 42
  /// ```
  ///
  /// - Parameter output: The value to deliver.
  public init(_ output: Output) {
    self.output = output
  }

  /// Attaches `subscriber`, which receives the value when it asks for one, then `.finished`.
  ///
  /// - Parameter subscriber: The subscriber to attach.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    SingleValueSubscription.subscribe(subscriber, to: output, name: "Just")
  }
}

extension Just: Equatable where Output: Equatable {}

extension Just: Sendable where Output: Sendable {}
#endif
