// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// A cancellable that cancels when it is deinitialized: holding it keeps a subscription alive.
///
/// `sink`, `assign` and the async bridges return an `AnyCancellable`. Keep it (usually in a
/// `Set<AnyCancellable>` with ``store(in:)-(Set<AnyCancellable>)``) for as long as you want values; drop it or
/// call ``cancel()`` to stop. Cancelling runs the cancel action at most once, whichever thread
/// gets there first.
///
/// ```swift
/// var cancellables = Set<AnyCancellable>()
/// let subject = CurrentValueSubject<Int, Never>(1)
/// subject.sink { print("value:", $0) }.store(in: &cancellables)
/// // Prints: value: 1
/// cancellables.removeAll()  // cancels the sink
/// subject.send(2)           // nothing
/// ```
public final class AnyCancellable: Cancellable, Hashable {
  /// What cancelling does.
  private let target: Target

  /// Creates a cancellable that runs `cancel` when cancelled or deinitialized.
  ///
  /// ```swift
  /// let token = AnyCancellable { print("cleaned up") }
  /// token.cancel()  // Prints: cleaned up
  /// token.cancel()  // nothing: runs once
  /// ```
  ///
  /// - Parameter cancel: The action to run once.
  public init(_ cancel: @escaping () -> Void) {
    target = .once(.make(.closure(cancel)))
  }

  /// Creates a cancellable that cancels `canceller` when cancelled or deinitialized.
  ///
  /// ```swift
  /// let subscription: any Cancellable = Subscriptions.empty
  /// let token = AnyCancellable(subscription)
  /// ```
  ///
  /// - Parameter canceller: The cancellable to forward to.
  public init<C: Cancellable>(_ canceller: C) {
    // Kept as the cancellable itself, not a closure over it: one allocation fewer.
    target = .once(.make(.cancellable(canceller)))
  }

  /// Wraps one of Signals' own subscriptions or subscribers whose `cancel()` is idempotent and
  /// thread-safe (a subject's conduit, a `Subscribers.Sink`): no lock or action box of its own, so
  /// a `sink` costs two allocations fewer. The target stays referenced after cancelling; it
  /// releases what it holds (closures, subscriber, subject) when it is cancelled.
  init(idempotent canceller: some Cancellable & AnyObject) {
    target = .idempotent(canceller)
  }

  deinit {
    cancel()
  }

  /// Runs the cancel action, once.
  ///
  /// ```swift
  /// let token = AnyCancellable { print("stop") }
  /// token.cancel()  // Prints: stop
  /// ```
  public func cancel() {
    let action: LockedState<CancelAction?>
    switch target {
    case .idempotent(let canceller):
      canceller.cancel()
      return
    case .once(let once):
      action = once
    }
    let pending = action.withLock { action -> CancelAction? in
      defer { action = nil }
      return action
    }
    switch pending {
    case .closure(let run): run()
    case .cancellable(let canceller): canceller.cancel()
    case nil: break
    }
  }

  /// Stores this cancellable in `collection`, which then keeps it alive.
  ///
  /// ```swift
  /// var tokens: [AnyCancellable] = []
  /// Just(1).sink { _ in }.store(in: &tokens)
  /// ```
  ///
  /// - Parameter collection: Where to append this cancellable.
  public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
    collection.append(self)
  }

  /// Stores this cancellable in `set`, which then keeps it alive.
  ///
  /// ```swift
  /// var cancellables = Set<AnyCancellable>()
  /// Just(1).sink { _ in }.store(in: &cancellables)
  /// ```
  ///
  /// - Parameter set: The set to insert this cancellable into.
  public func store(in set: inout Set<AnyCancellable>) {
    set.insert(self)
  }

  /// Two cancellables are equal when they are the same instance.
  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
    lhs === rhs
  }

  /// Hashes the instance's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

// Safety: the only mutable state is the pending action inside `.once`'s lock; it is taken out
// under the lock and run after unlocking, so concurrent cancels run it exactly once. An
// `.idempotent` target is one of Signals' own thread-safe cancellables.
extension AnyCancellable: @unchecked Sendable {}

/// What an ``AnyCancellable`` cancels.
private enum Target {
  /// A user's action, run at most once: taken out of the lock by whoever cancels first.
  case once(LockedState<CancelAction?>)
  /// Signals' own cancellable, safe to cancel any number of times from any thread.
  case idempotent(any Cancellable & AnyObject)
}

/// The cancel action of an ``AnyCancellable``.
///
/// The closure may capture non-`Sendable` state (Combine's initializer takes any closure, and
/// Signals keeps that signature so existing code compiles). It is run exactly once, by the first
/// caller of `cancel()` or by `deinit`.
private enum CancelAction: @unchecked Sendable {
  // Safety: the action is only ever moved out under the owning `AnyCancellable`'s lock and run once.
  case closure(() -> Void)
  case cancellable(any Cancellable)
}
#endif
