// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

extension Publisher {
  /// Publishes the given values before any value of this publisher.
  ///
  /// ```swift
  /// let cancellable = [3, 4].publisher.prepend(1, 2).sink { print($0, terminator: " ") }
  /// // Prints: 1 2 3 4
  /// ```
  ///
  /// - Note: This publisher is subscribed only after the values were delivered; demand left over
  ///   carries to it. See ``Publishers/Concatenate``.
  ///
  /// - Parameter elements: The values to publish first.
  /// - Returns: A ``Publishers/Concatenate`` of the values and this publisher.
  public func prepend(_ elements: Output...) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
    prepend(elements)
  }

  /// Publishes the elements of a sequence before any value of this publisher.
  ///
  /// ```swift
  /// let cancellable = Just(3).prepend(1...2).sink { print($0, terminator: " ") }
  /// // Prints: 1 2 3
  /// ```
  ///
  /// - Note: This publisher is subscribed only after the elements were delivered.
  ///
  /// - Parameter elements: The sequence to publish first.
  /// - Returns: A ``Publishers/Concatenate`` of the sequence and this publisher.
  public func prepend<S: Sequence>(_ elements: S) -> Publishers.Concatenate<Publishers.Sequence<S, Failure>, Self>
  where Output == S.Element {
    Publishers.Concatenate(prefix: Publishers.Sequence(sequence: elements), suffix: self)
  }

  /// Publishes the values of another publisher before any value of this publisher.
  ///
  /// ```swift
  /// let cached = Just("cached")
  /// let cancellable = Just("fresh").prepend(cached).sink { print($0) }
  /// // Prints: cached
  /// //         fresh
  /// ```
  ///
  /// - Note: This publisher is subscribed only once `publisher` finishes; if it fails, this
  ///   publisher is never subscribed.
  ///
  /// - Parameter publisher: The publisher whose values come first.
  /// - Returns: A ``Publishers/Concatenate`` of `publisher` and this publisher.
  public func prepend<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<P, Self>
  where Failure == P.Failure, Output == P.Output {
    Publishers.Concatenate(prefix: publisher, suffix: self)
  }

  /// Publishes the given values after this publisher finishes.
  ///
  /// ```swift
  /// let cancellable = [1, 2].publisher.append(3, 4).sink { print($0, terminator: " ") }
  /// // Prints: 1 2 3 4
  /// ```
  ///
  /// - Note: The values follow only a successful finish; a failure is delivered as it is.
  ///
  /// - Parameter elements: The values to publish last.
  /// - Returns: A ``Publishers/Concatenate`` of this publisher and the values.
  public func append(_ elements: Output...) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
    append(elements)
  }

  /// Publishes the elements of a sequence after this publisher finishes.
  ///
  /// ```swift
  /// let cancellable = Just(1).append(2...3).sink { print($0, terminator: " ") }
  /// // Prints: 1 2 3
  /// ```
  ///
  /// - Note: The elements follow only a successful finish.
  ///
  /// - Parameter elements: The sequence to publish last.
  /// - Returns: A ``Publishers/Concatenate`` of this publisher and the sequence.
  public func append<S: Sequence>(_ elements: S) -> Publishers.Concatenate<Self, Publishers.Sequence<S, Failure>>
  where Output == S.Element {
    Publishers.Concatenate(prefix: self, suffix: Publishers.Sequence(sequence: elements))
  }

  /// Publishes the values of another publisher after this publisher finishes.
  ///
  /// ```swift
  /// let cancellable = Just("first").append(Just("second")).sink { print($0) }
  /// // Prints: first
  /// //         second
  /// ```
  ///
  /// - Note: `publisher` is subscribed only once this publisher finishes, with the demand left
  ///   over; if this publisher fails, `publisher` is never subscribed.
  ///
  /// - Parameter publisher: The publisher whose values come last.
  /// - Returns: A ``Publishers/Concatenate`` of this publisher and `publisher`.
  public func append<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<Self, P>
  where Failure == P.Failure, Output == P.Output {
    Publishers.Concatenate(prefix: self, suffix: publisher)
  }
}

extension Publishers {
  /// A publisher that publishes every value of one publisher, then every value of another.
  ///
  /// Made by `append(_:)` and `prepend(_:)`, for values, sequences and publishers.
  ///
  /// The subscriber gets its subscription when the prefix subscribes. The suffix is subscribed
  /// only after the prefix finishes, and is asked for the demand the subscriber has left; a failure
  /// of the prefix ends everything and the suffix is never subscribed. Requests go to whichever
  /// publisher runs; cancelling cancels it. A value beyond the subscriber's demand is dropped.
  ///
  /// ```swift
  /// let both = Publishers.Concatenate(prefix: [1, 2].publisher, suffix: [3].publisher)
  /// let cancellable = both.sink { print($0, terminator: " ") }
  /// // Prints: 1 2 3
  /// ```
  public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
  where Prefix.Failure == Suffix.Failure, Prefix.Output == Suffix.Output {
    /// The values of both publishers.
    public typealias Output = Suffix.Output

    /// The failure shared by both publishers.
    public typealias Failure = Suffix.Failure

    /// The publisher that runs first.
    public let prefix: Prefix

    /// The publisher that runs once `prefix` finished.
    public let suffix: Suffix

    /// Creates a publisher that runs `prefix`, then `suffix`.
    ///
    /// ```swift
    /// let both = Publishers.Concatenate(prefix: Just(1), suffix: Just(2))
    /// ```
    ///
    /// - Parameters:
    ///   - prefix: The publisher that runs first.
    ///   - suffix: The publisher that runs once `prefix` finished.
    public init(prefix: Prefix, suffix: Suffix) {
      self.prefix = prefix
      self.suffix = suffix
    }

    /// Subscribes to the prefix; the suffix follows once the prefix finished.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let storage = ChainStorage(downstream: subscriber, name: "Concatenate")
      let suffix = suffix
      storage.attach(prefix) { completion in
        switch completion {
        case .finished:
          return .next { storage.attach(suffix) { .complete($0) } }
        case .failure:
          return .complete(completion)
        }
      }
    }
  }
}

extension Publishers.Concatenate: Equatable where Prefix: Equatable, Suffix: Equatable {}

extension Publishers.Concatenate: Sendable where Prefix: Sendable, Suffix: Sendable {}
