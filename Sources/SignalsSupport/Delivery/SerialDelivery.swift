// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The one serial-delivery primitive: who may call a subscriber now, and how many deliveries wait
/// for that caller.
///
/// A subscriber must never be entered by two threads at once. Whoever wants to deliver asks
/// ``enter(on:)``: the first caller takes the *token* and delivers; a caller on another thread
/// while the token is taken does not wait and does not deliver — its delivery is counted in the
/// backlog and made by the holder before it gives the token back (``finishDelivery()``). So no
/// thread blocks on another's subscriber, and a subscriber sees one thread at a time.
///
/// A call from the holder itself (the subscriber, inside `receive(_:)`, causes another delivery
/// to itself) follows the ``Reentrancy`` rule the owner chose:
/// - ``Reentrancy/nested``: delivered at once, inside the outer delivery. This is Combine's
///   depth-first order, which Combine gets from a recursive lock around its subscriber; here it
///   needs no lock, only the holder's thread identity.
/// - ``Reentrancy/queued``: counted in the backlog like another thread's, and made after the
///   outer delivery returns.
///
/// The primitive is a plain value that counts and decides; it holds no events. Its owner keeps
/// it inside the same `LockedState` as its events (oldest first) and its own state, asks it under
/// the lock, and calls the subscriber after unlocking. The rules, once:
/// 1. Only the holder calls the subscriber, and it holds the token from `.deliver` until
///    ``finishDelivery()`` returns `false`. A `.deliverNested` caller calls the subscriber inside
///    the holder's own call, on the holder's thread, and does not call ``finishDelivery()``.
/// 2. Each `.queued` answer is one delivery the holder makes before it gives the token back: the
///    owner takes its oldest waiting event each time ``finishDelivery()`` returns `true`.
/// 3. After ``close()`` nothing more is delivered: ``enter(on:)`` answers `.closed` and the
///    holder, if any, gives the token back when its current delivery returns.
///
/// ```swift
/// var delivery = SerialDelivery(.nested)
/// let me = ThreadIdentity.current
/// print(delivery.enter(on: me))               // deliver: this thread holds the token
/// print(delivery.enter(on: ThreadIdentity(rawValue: 0)))  // queued: made by the holder
/// print(delivery.finishDelivery())            // true: one more delivery to make
/// print(delivery.finishDelivery())            // false: the token is given back
/// ```
@_spi(Signals) public struct SerialDelivery: Sendable {
  /// What happens to a delivery asked for by the thread that holds the token.
  public enum Reentrancy: Sendable {
    /// Delivered at once, inside the delivery that caused it (Combine's depth-first order).
    case nested
    /// Made after the delivery that caused it returns, as if another thread had asked.
    case queued
  }

  /// The answer of ``enter(on:)``.
  public enum Entry: Equatable, Sendable {
    /// The caller now holds the token: deliver, then call ``finishDelivery()`` and deliver again
    /// for as long as it returns `true`.
    case deliver
    /// The caller already holds the token and the rule is ``Reentrancy/nested``: deliver now,
    /// inside the outer delivery, and do not call ``finishDelivery()``.
    case deliverNested
    /// Counted in the backlog: the holder makes this delivery before giving the token back.
    case queued
    /// ``close()`` was called: deliver nothing.
    case closed
  }

  /// The thread that holds the token, `nil` when nobody is delivering.
  @usableFromInline var holder: ThreadIdentity?
  /// Deliveries the holder owes before it gives the token back.
  @usableFromInline var owed = 0
  /// Set by ``close()``.
  @usableFromInline var isClosed = false
  /// The rule for a holder's own re-entrant calls.
  public let reentrancy: Reentrancy

  /// A primitive with nobody delivering and nothing owed.
  @inlinable
  public init(_ reentrancy: Reentrancy) {
    self.reentrancy = reentrancy
  }

  /// Whether a thread holds the token now.
  @inlinable
  public var isDelivering: Bool { holder != nil }

  /// Deliveries the holder still owes.
  @inlinable
  public var backlog: Int { owed }

  /// Whether ``close()`` was called.
  @inlinable
  public var closed: Bool { isClosed }

  /// Asks to make `count` deliveries on `thread`; see ``Entry`` for what the caller does next.
  ///
  /// With more than one, a caller answered `.deliver` or `.deliverNested` makes the first and
  /// the rest are owed by the holder, after the delivery at hand.
  @inlinable
  public mutating func enter(on thread: ThreadIdentity, count: Int = 1) -> Entry {
    if isClosed { return .closed }
    guard let holder else {
      self.holder = thread
      owed += count - 1
      return .deliver
    }
    if holder == thread, reentrancy == .nested {
      owed += count - 1
      return .deliverNested
    }
    owed += count
    return .queued
  }

  /// The holder's delivery returned: `true` when it owes one more (the owner's oldest waiting
  /// event), `false` when the token is given back.
  @inlinable
  public mutating func finishDelivery() -> Bool {
    if owed > 0, !isClosed {
      owed -= 1
      return true
    }
    holder = nil
    return false
  }

  /// Forgets up to `count` owed deliveries whose events the owner dropped (never more than are
  /// owed).
  @inlinable
  public mutating func forget(_ count: Int) {
    owed -= Swift.min(count, owed)
  }

  /// Nothing more is delivered: owed deliveries are forgotten, later calls answer `.closed`, and
  /// a holder gives the token back when its current delivery returns.
  @inlinable
  public mutating func close() {
    isClosed = true
    owed = 0
  }
}
