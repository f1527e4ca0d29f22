// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// A publisher whose concrete type is hidden: only its `Output` and `Failure` show.
///
/// Return `AnyPublisher` from an API so that its callers do not depend on the operators you
/// chain inside. Make one with ``Publisher/eraseToAnyPublisher()``.
///
/// ```swift
/// func evenNumbers() -> AnyPublisher<Int, Never> {
///   (1...6).publisher.filter { $0.isMultiple(of: 2) }.eraseToAnyPublisher()
/// }
/// let cancellable = evenNumbers().sink { print($0) }
/// // Prints: 2, 4, 6 (one per line)
/// ```
public struct AnyPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible,
  CustomPlaygroundDisplayConvertible
{
  private let box: PublisherBoxBase<Output, Failure>

  /// Wraps `publisher`; erasing an `AnyPublisher` again returns it unchanged.
  ///
  /// ```swift
  /// let erased = AnyPublisher(Just(1))
  /// ```
  ///
  /// - Parameter publisher: The publisher to wrap.
  public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
    if let erased = publisher as? AnyPublisher<Output, Failure> {
      self = erased
    } else {
      box = PublisherBox(publisher)
    }
  }

  /// `AnyPublisher`, as Combine prints it.
  public var description: String { "AnyPublisher" }

  /// The same text as ``description``: `AnyPublisher`.
  ///
  /// ```swift
  /// print(Just(1).eraseToAnyPublisher().playgroundDescription)  // AnyPublisher
  /// ```
  public var playgroundDescription: Any { description }

  /// Attaches `subscriber` to the wrapped publisher.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    box.receive(subscriber: subscriber)
  }
}

extension Publisher {
  /// Hides this publisher's concrete type behind ``AnyPublisher``.
  ///
  /// ```swift
  /// let numbers: AnyPublisher<Int, Never> = [1, 2].publisher.map { $0 * 10 }.eraseToAnyPublisher()
  /// ```
  ///
  /// - Returns: This publisher, type-erased.
  public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
    AnyPublisher(self)
  }
}

/// The box behind ``AnyPublisher``: a class rather than a constrained existential, which would
/// need macOS 13 at run time.
private class PublisherBoxBase<Output, Failure: Error> {
  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    preconditionFailure("PublisherBoxBase is abstract")
  }
}

private final class PublisherBox<Base: Publisher>: PublisherBoxBase<Base.Output, Base.Failure> {
  let base: Base

  init(_ base: Base) {
    self.base = base
  }

  override func receive<S: Subscriber>(subscriber: S) where S.Input == Base.Output, S.Failure == Base.Failure {
    base.receive(subscriber: subscriber)
  }
}
#endif
