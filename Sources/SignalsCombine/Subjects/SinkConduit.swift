// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

/// The conduit behind `sink` on a subject: the two closures of the sink, called directly, and
/// unlimited demand asked for as soon as it is attached (see `SubjectStorage.attachSink`).
///
/// Like a `Subscribers.Sink`, it releases both closures when it is cancelled or completed, which
/// breaks the usual `owner → cancellable → closure → owner` cycle.
///
/// The closures are stored in the conduit, in a noncopyable ``SinkClosures``, so a sink is two
/// allocations (this conduit and its `AnyCancellable`). See ``SinkClosures`` for why they are
/// called without a retain.
final class SinkConduit<Output, Failure: Error>: SubjectConduit<Output, Failure>, @unchecked Sendable {
  // Safety: `closures` is owned by the delivery token (see `SubjectConduit`): only its holder calls
  // the closures or releases them, so no call is running when they are released.

  /// Owned by the delivery token; empty once released.
  @exclusivity(unchecked) private var closures: SinkClosures<Output, Failure>

  init(
    receiveValue: @escaping (Output) -> Void,
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    storage: SubjectStorage<Output, Failure>,
    owner: AnyObject
  ) {
    closures = SinkClosures(receiveValue: receiveValue, receiveCompletion: receiveCompletion)
    super.init(
      storage: storage, owner: owner, start: storage.replaysCurrentValue ? .subscribing : .askingForEverything)
  }

  override func deliverSubscription() {
    request(.unlimited)
  }

  override func deliver(_ value: Output) -> Subscribers.Demand {
    closures.receive(value)
    return .none
  }

  override func deliver(completion: Subscribers.Completion<Failure>) {
    closures.receive(completion: completion)
  }

  override func releaseDownstream() {
    // Released in place: the conduit is terminated and out of the subject's list by now, so
    // nothing calls the closures while what their release runs (a captured object's `deinit`) runs.
    closures.release()
  }
}

/// A sink's two closures, stored in place in its ``SinkConduit`` (or, for a ``Subscribers/Sink``, in
/// its immutable ``SinkHandlers``).
///
/// Calling a closure read from a class's stored property retains and releases its context around
/// the call (a `var` because the call could replace it, and in practice a `let` too): two atomic
/// operations per delivery, a third of a fan-out's time. This type is noncopyable, so the conduit
/// can only lend it: `closures.receive(value)` is a read access to the conduit's field that lasts
/// for the call, and a borrowed value's closures are called as they are. Overlapping reads are
/// allowed, so a re-entrant delivery to the same sink is too; the one write (``release()``) is made
/// by the delivery token's holder when no call is running.
struct SinkClosures<Input, Failure: Error>: ~Copyable {
  private var receiveValue: ((Input) -> Void)?
  private var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?

  init(
    receiveValue: @escaping (Input) -> Void,
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
  ) {
    self.receiveValue = receiveValue
    self.receiveCompletion = receiveCompletion
  }

  @inline(__always)
  borrowing func receive(_ value: Input) {
    receiveValue?(value)
  }

  borrowing func receive(completion: Subscribers.Completion<Failure>) {
    receiveCompletion?(completion)
  }

  /// The value closure, copied out (`nil` once released).
  var valueHandler: ((Input) -> Void)? { receiveValue }

  /// The completion closure, copied out (`nil` once released).
  var completionHandler: ((Subscribers.Completion<Failure>) -> Void)? { receiveCompletion }

  /// Drops both closures (their captures are released here).
  mutating func release() {
    receiveValue = nil
    receiveCompletion = nil
  }
}
#endif
