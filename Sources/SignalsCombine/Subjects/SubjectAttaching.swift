// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

/// The one seam through which `sink` and `stream()` attach to a subject without a subscriber
/// object in between: the subject makes a conduit that holds the sink's closures, or the stream's
/// `yield`, itself.
///
/// `sink` (in this module) and `stream()` (in `SignalsConcurrency`) hand any publisher to this
/// seam and fall back to `subscribe(_:)` when it answers `nil`. Which publishers take closures
/// directly, and which conduit each gets, is decided here, beside the conduits.
///
/// - Only a class can be a subject, so a struct publisher (every operator) is turned away with
///   one check of its metadata's kind, before any cast.
/// - The subjects are recognised by a cast to each class, not by a protocol. A cast to a
///   protocol is a conformance-cache lookup, and the class's generic method then needs its
///   storage cast too: together they took the run time's casts and lookups from 16 % to 29 % of
///   `SubscribeCancelCycle` under `perf`. A cast to `any P<Output, Failure>` also checks the
///   same-type requirements at run time: about 1.3 µs a `sink`.
package enum SubjectAttaching {
  /// Attaches `sink`'s two closures to `publisher` if it is a subject, asking for unlimited
  /// values; what `sink` returns, or `nil` for any other publisher.
  @inline(__always)
  package static func attachSink<Upstream: Publisher>(
    to publisher: Upstream,
    receiveCompletion: @escaping (Subscribers.Completion<Upstream.Failure>) -> Void,
    receiveValue: @escaping (Upstream.Output) -> Void
  ) -> AnyCancellable? {
    guard Upstream.self is AnyObject.Type else { return nil }
    return attachSinkToSubject(publisher, receiveCompletion: receiveCompletion, receiveValue: receiveValue)
  }

  /// Attaches a stream's continuation to `publisher` if it is a subject that can take it: `yield`
  /// with each value, `finish` with the completion. Returns what cancels it when the stream
  /// terminates, or `nil` for any other publisher. A `CurrentValueSubject` answers `nil` too: its
  /// replayed value must come before any value a racing send offers, and only the delivery token
  /// orders the two (``StreamConduit``).
  @inline(__always)
  package static func attachStream<Upstream: Publisher>(
    to publisher: Upstream,
    yield: @escaping @Sendable (Upstream.Output) -> Void,
    finish: @escaping @Sendable (Subscribers.Completion<Upstream.Failure>) -> Void
  ) -> (any Cancellable & Sendable)? {
    guard Upstream.self is AnyObject.Type,
      let subject = publisher as? PassthroughSubject<Upstream.Output, Upstream.Failure>
    else { return nil }
    return subject.storage.attachStream(yield: yield, finish: finish, owner: subject)
  }

  /// ``attachSink(to:receiveCompletion:receiveValue:)`` for a class publisher.
  private static func attachSinkToSubject<Upstream: Publisher>(
    _ publisher: Upstream,
    receiveCompletion: @escaping (Subscribers.Completion<Upstream.Failure>) -> Void,
    receiveValue: @escaping (Upstream.Output) -> Void
  ) -> AnyCancellable? {
    if let subject = publisher as? PassthroughSubject<Upstream.Output, Upstream.Failure> {
      return subject.storage.attachSink(
        receiveCompletion: receiveCompletion, receiveValue: receiveValue, owner: subject)
    }
    if let subject = publisher as? CurrentValueSubject<Upstream.Output, Upstream.Failure> {
      return subject.storage.attachSink(
        receiveCompletion: receiveCompletion, receiveValue: receiveValue, owner: subject)
    }
    return nil
  }
}
#endif
