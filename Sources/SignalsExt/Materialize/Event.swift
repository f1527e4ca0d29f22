// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals

/// One event of a publisher — a value, a failure or the end — as a value of its own.
///
/// `materialize()` turns a publisher's events into `Event`s (so a failure can travel
/// as an ordinary value), and `dematerialize()` turns them back. The names follow
/// CombineExt's.
///
/// ```swift
/// let cancellable = [1].publisher.materialize().sink { print($0) }
/// // Prints: value(1)
/// //         finished
/// ```
public enum Event<Output, Failure: Error> {
  /// A value.
  case value(Output)
  /// The publisher failed with this error.
  case failure(Failure)
  /// The publisher finished.
  case finished
}

extension Event: Equatable where Output: Equatable, Failure: Equatable {}

extension Event: Sendable where Output: Sendable, Failure: Sendable {}

extension Event: CustomStringConvertible {
  /// `value(…)`, `failure(…)` or `finished`.
  public var description: String {
    switch self {
    case .value(let value): "value(\(value))"
    case .failure(let error): "failure(\(error))"
    case .finished: "finished"
    }
  }
}

extension Event {
  /// The value, if this event is one.
  ///
  /// ```swift
  /// let event = Event<Int, Never>.value(3)
  /// print(event.value ?? 0)  // 3
  /// ```
  public var value: Output? {
    guard case .value(let value) = self else { return nil }
    return value
  }

  /// The error, if this event is a failure.
  ///
  /// ```swift
  /// struct Offline: Error {}
  /// let event = Event<Int, Offline>.failure(Offline())
  /// print(event.failure != nil)  // true
  /// ```
  public var failure: Failure? {
    guard case .failure(let error) = self else { return nil }
    return error
  }
}

/// A type that can be read as an ``Event``; `dematerialize()` works on publishers of
/// such values.
///
/// ```swift
/// func describe<E: EventConvertible>(_ convertible: E) -> String { "\(convertible.event)" }
/// print(describe(Event<Int, Never>.finished))  // finished
/// ```
public protocol EventConvertible {
  /// The type of a value event.
  associatedtype Output
  /// The type of a failure event.
  associatedtype Failure: Error

  /// This instance as an ``Event``.
  var event: Event<Output, Failure> { get }
}

extension Event: EventConvertible {
  /// The event itself.
  public var event: Event<Output, Failure> { self }
}
