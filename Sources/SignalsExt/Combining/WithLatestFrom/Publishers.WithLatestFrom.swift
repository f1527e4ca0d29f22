// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals

extension Publisher {
  /// Combines each value of this publisher with the latest value of `other`, using
  /// `resultSelector`; `other`'s values alone produce nothing.
  ///
  /// Unlike `combineLatest(_:)`, only this publisher (the *trigger*) causes output:
  /// a "submit" tap that picks up the current form contents, for example. With CombineExt's name
  /// and signature.
  ///
  /// ```swift
  /// let taps = PassthroughSubject<Void, Never>()
  /// let text = CurrentValueSubject<String, Never>("draft")
  /// let cancellable = taps.withLatestFrom(text) { _, text in "sent \(text)" }.sink { print($0) }
  /// taps.send()          // Prints: sent draft
  /// text.send("final")   // nothing: only taps trigger
  /// taps.send()          // Prints: sent final
  /// ```
  ///
  /// - Note: Subscription order: `other` is subscribed first, with unlimited demand; this publisher
  ///   is subscribed once `other` has sent its first value (as in CombineExt), so nothing this
  ///   publisher sends is lost for want of a latest value.
  /// - Note: Demand: the subscriber's requests go to this publisher; one output per trigger value.
  /// - Note: Threading: values reach the subscriber one at a time, never concurrently;
  ///   `resultSelector` runs on the delivering thread, outside any lock.
  /// - Important: Completion: finishes when this publisher finishes (cancelling `other`), or when
  ///   `other` finishes without ever sending a value; `other` finishing after a value changes
  ///   nothing (its last value stays the latest). A failure of either publisher cancels the other
  ///   and is delivered (CombineExt ignores `other`'s failure; Signals does not lose it).
  ///
  /// - Parameters:
  ///   - other: The publisher whose latest value is used.
  ///   - resultSelector: Makes one output from a trigger value and the latest value of `other`.
  /// - Returns: A `Publishers.WithLatestFrom` publisher.
  public func withLatestFrom<Other: Publisher, Result>(
    _ other: Other, resultSelector: @escaping (Output, Other.Output) -> Result
  ) -> Publishers.WithLatestFrom<Self, Other, Result> where Other.Failure == Failure {
    Publishers.WithLatestFrom(upstream: self, second: other, resultSelector: resultSelector)
  }

  /// Combines each value of this publisher with the latest values of `other` and `other1`, using
  /// `resultSelector`.
  ///
  /// The two others are combined with `combineLatest(_:)` first, so both must have
  /// sent before this publisher is subscribed.
  ///
  /// ```swift
  /// let cancellable = Just("go").withLatestFrom(Just(1), Just(2)) { trigger, latest in
  ///   "\(trigger) \(latest.0 + latest.1)"
  /// }.sink { print($0) }  // Prints: go 3
  /// ```
  ///
  /// - Note: Demand, threading and completion as in ``withLatestFrom(_:resultSelector:)``.
  ///
  /// - Parameters:
  ///   - other: A second publisher.
  ///   - other1: A third publisher.
  ///   - resultSelector: Makes one output from a trigger value and the latest values of the others.
  /// - Returns: A `Publishers.WithLatestFrom` publisher.
  public func withLatestFrom<Other: Publisher, Other1: Publisher, Result>(
    _ other: Other, _ other1: Other1, resultSelector: @escaping (Output, (Other.Output, Other1.Output)) -> Result
  ) -> Publishers.WithLatestFrom<Self, AnyPublisher<(Other.Output, Other1.Output), Self.Failure>, Result>
  where Other.Failure == Failure, Other1.Failure == Failure {
    Publishers.WithLatestFrom(
      upstream: self, second: other.combineLatest(other1).eraseToAnyPublisher(), resultSelector: resultSelector)
  }

  /// Combines each value of this publisher with the latest values of three others, using
  /// `resultSelector`.
  ///
  /// ```swift
  /// let cancellable = Just(0).withLatestFrom(Just(1), Just(2), Just(3)) { $0 + $1.0 + $1.1 + $1.2 }
  ///   .sink { print($0) }  // Prints: 6
  /// ```
  ///
  /// - Note: Demand, threading and completion as in ``withLatestFrom(_:resultSelector:)``.
  ///
  /// - Parameters:
  ///   - other: A second publisher.
  ///   - other1: A third publisher.
  ///   - other2: A fourth publisher.
  ///   - resultSelector: Makes one output from a trigger value and the latest values of the others.
  /// - Returns: A `Publishers.WithLatestFrom` publisher.
  public func withLatestFrom<Other: Publisher, Other1: Publisher, Other2: Publisher, Result>(
    _ other: Other, _ other1: Other1, _ other2: Other2,
    resultSelector: @escaping (Output, (Other.Output, Other1.Output, Other2.Output)) -> Result
  ) -> Publishers.WithLatestFrom<Self, AnyPublisher<(Other.Output, Other1.Output, Other2.Output), Self.Failure>, Result>
  where Other.Failure == Failure, Other1.Failure == Failure, Other2.Failure == Failure {
    Publishers.WithLatestFrom(
      upstream: self, second: other.combineLatest(other1, other2).eraseToAnyPublisher(),
      resultSelector: resultSelector)
  }

  /// Replaces each value of this publisher with the latest value of `other`.
  ///
  /// ```swift
  /// let saves = PassthroughSubject<Void, Never>()
  /// let document = CurrentValueSubject<String, Never>("v1")
  /// let cancellable = saves.withLatestFrom(document).sink { print("saving \($0)") }
  /// saves.send()  // Prints: saving v1
  /// ```
  ///
  /// - Note: Demand, threading and completion as in ``withLatestFrom(_:resultSelector:)``.
  ///
  /// - Parameter other: The publisher whose latest value is sent.
  /// - Returns: A `Publishers.WithLatestFrom` publisher.
  public func withLatestFrom<Other: Publisher>(
    _ other: Other
  ) -> Publishers.WithLatestFrom<Self, Other, Other.Output> where Other.Failure == Failure {
    Publishers.WithLatestFrom(upstream: self, second: other) { $1 }
  }

  /// Replaces each value of this publisher with the latest values of `other` and `other1`.
  ///
  /// ```swift
  /// let cancellable = Just(()).withLatestFrom(Just("a"), Just(1)).sink { print($0) }  // Prints: ("a", 1)
  /// ```
  ///
  /// - Note: Demand, threading and completion as in ``withLatestFrom(_:resultSelector:)``.
  ///
  /// - Parameters:
  ///   - other: A second publisher.
  ///   - other1: A third publisher.
  /// - Returns: A `Publishers.WithLatestFrom` publisher.
  public func withLatestFrom<Other: Publisher, Other1: Publisher>(
    _ other: Other, _ other1: Other1
  )
    -> Publishers.WithLatestFrom<
      Self, AnyPublisher<(Other.Output, Other1.Output), Self.Failure>, (Other.Output, Other1.Output)
    > where Other.Failure == Failure, Other1.Failure == Failure
  {
    withLatestFrom(other, other1) { $1 }
  }

  /// Replaces each value of this publisher with the latest values of three others.
  ///
  /// ```swift
  /// let cancellable = Just(()).withLatestFrom(Just("a"), Just(1), Just(true)).sink { print($0) }
  /// // Prints: ("a", 1, true)
  /// ```
  ///
  /// - Note: Demand, threading and completion as in ``withLatestFrom(_:resultSelector:)``.
  ///
  /// - Parameters:
  ///   - other: A second publisher.
  ///   - other1: A third publisher.
  ///   - other2: A fourth publisher.
  /// - Returns: A `Publishers.WithLatestFrom` publisher.
  public func withLatestFrom<Other: Publisher, Other1: Publisher, Other2: Publisher>(
    _ other: Other, _ other1: Other1, _ other2: Other2
  )
    -> Publishers.WithLatestFrom<
      Self, AnyPublisher<(Other.Output, Other1.Output, Other2.Output), Self.Failure>,
      (Other.Output, Other1.Output, Other2.Output)
    > where Other.Failure == Failure, Other1.Failure == Failure, Other2.Failure == Failure
  {
    withLatestFrom(other, other1, other2) { $1 }
  }
}

extension Publishers {
  /// The publisher ``Publisher/withLatestFrom(_:resultSelector:)`` returns: each value of
  /// `upstream` combined with the latest value of `second`.
  ///
  /// ```swift
  /// let latest = Publishers.WithLatestFrom(upstream: Just(1), second: Just(10)) { $0 + $1 }
  /// let cancellable = latest.sink { print($0) }  // Prints: 11
  /// ```
  public struct WithLatestFrom<Upstream: Publisher, Other: Publisher, Output>: Publisher
  where Upstream.Failure == Other.Failure {
    /// The publishers' shared failure.
    public typealias Failure = Upstream.Failure
    /// Makes one output from a trigger value and the latest value of the other publisher.
    public typealias ResultSelector = (Upstream.Output, Other.Output) -> Output

    /// The trigger: each of its values makes one output.
    public let upstream: Upstream
    /// The publisher whose latest value is used.
    public let second: Other
    /// Makes the outputs.
    public let resultSelector: ResultSelector

    /// Creates the publisher; ``Publisher/withLatestFrom(_:resultSelector:)`` is the usual way.
    ///
    /// - Parameters:
    ///   - upstream: The trigger.
    ///   - second: The publisher whose latest value is used.
    ///   - resultSelector: Makes one output from a trigger value and the latest value of `second`.
    public init(upstream: Upstream, second: Other, resultSelector: @escaping ResultSelector) {
      self.upstream = upstream
      self.second = second
      self.resultSelector = resultSelector
    }

    /// Subscribes `second`, then (once it has a value) `upstream`, and attaches `subscriber`.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      // The storage pairs values under its lock; the selector runs after unlocking, on the caller
      // that delivers the result.
      WithLatestFromStorage(downstream: subscriber, trigger: upstream, selector: resultSelector).start(other: second)
    }
  }
}
